/**
 * The savings account reads over the book (../../exchange/savings.ts): GET account (value and
 * earnings in USDT and BTC), GET assets (holdings) and GET records (subscriptions, redemptions,
 * interest), the lists newest first, paged by `idLessThan`.
 */
import { Savings } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { day, type Holding, heldOf, savingsOf } from '../../exchange/savings.js'
import type { Route } from '../../exchange.js'
import type { SandboxState } from '../../state.js'
import { uidOf } from '../classic/common.js'
import { idBelow, inWindow, page } from '../classic/history.js'
import { endpointRoute } from '../endpointRoute.js'

/** The lists' default window: "three months ago" when no `startTime` is given (90 days). */
const defaultWindowMs = 90 * day

/**
 * A savings list route: the caller's `rows`, newest first by id, inside the query's window (the
 * last 90 days by default), below `idLessThan`, a page of `limit` (20 by default) as
 * `{ resultList, endId }`.
 */
function listRoute<T>(
  endpoint: typeof Savings.getAssets | typeof Savings.getRecords,
  list: {
    rows(state: SandboxState, uid: string, params: Record<string, unknown>): readonly T[]
    idOf(item: T): string
    timeOf(item: T): number
    record(item: T, now: number): Record<string, unknown>
  },
): Route {
  return endpointRoute(endpoint, {
    handle({ state, key, params, now }) {
      const window =
        params.startTime === undefined ? { ...params, startTime: now - defaultWindowMs } : params
      const cursor = params.idLessThan === undefined ? undefined : String(params.idLessThan)
      const found = list
        .rows(state, uidOf(key), params)
        .filter((item) => inWindow(window, list.timeOf(item)))
        .filter((item) => cursor === undefined || idBelow(list.idOf(item), cursor))
        .sort((a, b) => (idBelow(list.idOf(a), list.idOf(b)) ? 1 : -1))
      const { items, endId } = page(found, list.idOf, params, 20)
      return { data: { resultList: items.map((item) => list.record(item, now)), endId } }
    },
  })
}

/** A holding as the assets list answers it: amounts exact, as decimal strings. */
function asset(holding: Holding, now: number): Record<string, unknown> {
  const { product } = holding
  const places = Number(product.profitPrecision)
  const fixedTerm = product.periodType === 'fixed'
  return {
    productId: product.productId,
    orderId: fixedTerm ? holding.id : '',
    productCoin: product.coin,
    interestCoin: product.coin,
    periodType: product.periodType,
    period: product.period,
    holdAmount: heldOf(holding).toFixed(),
    lastProfit: holding.lastProfit.toFixed(places),
    totalProfit: holding.totalProfit.toFixed(places),
    holdDays: fixedTerm ? String(Math.floor((now - holding.createdAt) / day)) : '',
    status: 'in_holding',
    allowRedemption: fixedTerm ? 'No' : '',
    advanceRedeem: fixedTerm ? 'No' : 'Yes',
    productLevel: 'normal',
    apy: product.apyList.map((step) => ({
      rateLevel: step.rateLevel,
      minApy: step.minStepVal,
      maxApy: step.maxStepVal,
      currentApy: step.currentApy,
    })),
  }
}

/** GET /api/v2/earn/savings/assets: the caller's holdings of `periodType` (not the settled ones). */
export const assetsRoute = listRoute(Savings.getAssets, {
  rows: (state, uid, params) =>
    savingsOf(state).holdings.filter(
      (h) => h.uid === uid && !h.settled && h.product.periodType === params.periodType,
    ),
  idOf: (h) => h.id,
  timeOf: (h) => h.createdAt,
  record: asset,
})

/** GET /api/v2/earn/savings/records: the caller's records of `periodType`, by `coin` and `orderType`. */
export const recordsRoute = listRoute(Savings.getRecords, {
  rows: (state, uid, params) =>
    savingsOf(state).records.filter(
      (r) =>
        r.uid === uid &&
        r.periodType === params.periodType &&
        (params.coin === undefined || r.coin === params.coin) &&
        (params.orderType === undefined || r.orderType === params.orderType),
    ),
  idOf: (r) => r.orderId,
  timeOf: (r) => r.ts,
  record: (r) => ({
    orderId: r.orderId,
    coinName: r.coin,
    settleCoinName: r.coin,
    productType: r.periodType,
    period: r.period,
    productLevel: 'normal',
    amount: r.amount,
    ts: String(r.ts),
    orderType: r.orderType,
  }),
})

/** The USDT value of `amount` of `coin` at the sandbox's `<coin>USDT` price (0 without one). */
function inUsdt(state: SandboxState, coin: string, amount: Big): Big {
  if (coin === 'USDT') return amount
  return amount.times(state.prices.get(`${coin}USDT`) ?? '0')
}

/**
 * GET /api/v2/earn/savings/account: the caller's holdings (with fixed interest not yet paid) and
 * interest (the last 24 hours, and all) in USDT at the sandbox prices, and in BTC at the
 * `BTCUSDT` price; eight decimals, rounded down (a conversion divides).
 */
export const accountRoute = endpointRoute(Savings.getAccount, {
  handle({ state, key, now }) {
    const uid = uidOf(key)
    const savings = savingsOf(state)
    const zero = new Big(0)
    const value = savings.holdings
      .filter((h) => h.uid === uid && !h.settled)
      .reduce((sum, h) => sum.plus(inUsdt(state, h.product.coin, heldOf(h).plus(h.accrued))), zero)
    const mine = savings.earnings.filter((e) => e.uid === uid)
    const earned = (since: number) =>
      mine
        .filter((e) => e.ts > since)
        .reduce((sum, e) => sum.plus(inUsdt(state, e.coin, e.amount)), zero)
    const btc = new Big(state.prices.get('BTCUSDT') ?? '0')
    const text = (usdt: Big) => usdt.toDecimalPlaces(8, Big.ROUND_DOWN).toFixed(8)
    const inBtc = (usdt: Big) => (btc.isZero() ? zero : usdt.div(btc))
    const day24 = earned(now - day)
    const total = earned(Number.NEGATIVE_INFINITY)
    return {
      data: {
        btcAmount: text(inBtc(value)),
        usdtAmount: text(value),
        btc24hEarning: text(inBtc(day24)),
        usdt24hEarning: text(day24),
        btcTotalEarning: text(inBtc(total)),
        usdtTotalEarning: text(total),
      },
    }
  },
})

/** The savings list routes. */
export const savingsListRoutes: readonly Route[] = [accountRoute, assetsRoute, recordsRoute]
