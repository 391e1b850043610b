/**
 * The classic account's settings and margin (Bitget v2 futures "Account" pages): the account
 * reads, set leverage, margin mode and position mode, and the openable-size estimates. The
 * settings live in `exchange/accountSettings.ts`; changing them changes the margin orders and
 * positions hold (`exchange/balances.ts`).
 */
import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import {
  changeSymbolSettings,
  maxLeverageOf,
  type SymbolSettings,
  symbolSettingsOf,
} from '../../exchange/accountSettings.js'
import { available, balanceOf, coinsOf, maxOpenSize } from '../../exchange/balances.js'
import { marginCoinOf } from '../../exchange/classic/fields.js'
import { classicFailures } from '../../exchange/codes.js'
import type { Outcome, Route } from '../../exchange.js'
import { openStatuses } from '../../orders.js'
import { holdModeOf } from '../../records/account.js'
import { classicPositionRecord } from '../../records/classic.js'
import type { SandboxState } from '../../state.js'
import { openingDraft, symbolRoute } from './accountCommon.js'
import { uidOf } from './common.js'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const big = (value: string): Big => new Big(value)

/** A coin's value in USDT at the sandbox prices (`0` without a price). */
function inUsdt(state: SandboxState, coin: string, amount: Big): Big {
  if (coin === 'USDT' || coin === 'USDC' || coin === 'USD') return amount
  const price = state.prices.get(`${coin}USDT`)
  return price === undefined ? big('0') : amount.times(price)
}

/** The open classic positions of a margin coin at the sandbox prices, as all-position answers them. */
function positionsOf(state: SandboxState, uid: string, coin: string) {
  return [...state.positions.values()]
    .filter((p) => p.uid === uid && p.line === 'classic' && !big(p.size).isZero())
    .map((p) => classicPositionRecord(state, p))
    .filter((record) => record.marginCoin === coin)
}

/** The sum of a field of the records of a margin mode (of every one without). */
function sumOf(records: readonly Record<string, unknown>[], field: string, mode?: string): Big {
  return records
    .filter((record) => mode === undefined || record.marginMode === mode)
    .reduce((sum, record) => sum.plus(String(record[field] ?? '0')), big('0'))
}

/**
 * The margin the open positions of a margin coin hold, crossed and isolated, as
 * GET /api/v2/mix/account/accounts answers it (`crossedMargin`, `isolatedMargin`): the
 * positions' `marginSize`.
 */
function classicPositionMargins(state: SandboxState, uid: string, coin: string) {
  const positions = positionsOf(state, uid, coin)
  return {
    isolatedMargin: sumOf(positions, 'marginSize', 'isolated').toFixed(),
    crossedMargin: sumOf(positions, 'marginSize', 'crossed').toFixed(),
  }
}

/**
 * One margin coin's account as GET /api/v2/mix/account/accounts answers it: `available` the
 * balance, `crossedMaxAvailable`/`isolatedMaxAvailable`/`maxTransferOut` what open orders and
 * positions leave of it, `locked` what they hold; `unrealizedPL` (and its crossed and isolated
 * parts) the open positions' at the sandbox prices (mark = last), `accountEquity` the balance
 * with it, in USDT and BTC at the sandbox prices, as the `account` channel pushes `equity`.
 * No bonus.
 */
export function classicAccountRecord(
  state: SandboxState,
  uid: string,
  coin: string,
): Record<string, unknown> {
  const balance = balanceOf(state, uid, coin)
  const free = Big.max(available(state, uid, coin), 0)
  const positions = positionsOf(state, uid, coin)
  const upl = sumOf(positions, 'unrealizedPL')
  const equity = balance.plus(upl)
  const usdt = inUsdt(state, coin, equity)
  const btcPrice = state.prices.get('BTCUSDT')
  return {
    marginCoin: coin,
    locked: balance.minus(free).toFixed(),
    available: balance.toFixed(),
    crossedMaxAvailable: free.toFixed(),
    isolatedMaxAvailable: free.toFixed(),
    maxTransferOut: free.toFixed(),
    accountEquity: equity.toFixed(),
    usdtEquity: usdt.toFixed(),
    btcEquity: btcPrice === undefined ? '0' : usdt.div(btcPrice).toDecimalPlaces(12).toFixed(),
    crossedRiskRate: '0',
    unrealizedPL: upl.toFixed(),
    coupon: '0',
    crossedUnrealizedPL: sumOf(positions, 'unrealizedPL', 'crossed').toFixed(),
    isolatedUnrealizedPL: sumOf(positions, 'unrealizedPL', 'isolated').toFixed(),
    assetMode: 'single',
  }
}

/** A symbol's settings as the account read and set-leverage answer them. */
function leverageFields(settings: SymbolSettings) {
  return {
    crossedMarginLeverage: settings.crossed,
    isolatedLongLever: settings.long,
    isolatedShortLever: settings.short,
    marginMode: settings.marginMode,
  }
}

/**
 * GET /api/v2/mix/account/account: the margin coin's account with the symbol's leverage and
 * margin mode and the product type's `posMode`.
 */
export const accountRoute = symbolRoute(
  ClassicFutures.getAccount,
  ({ state, uid, symbol, productType, params }) => ({
    data: {
      ...classicAccountRecord(state, uid, text(params.marginCoin)),
      ...leverageFields(symbolSettingsOf(state, uid, 'classic', symbol)),
      posMode: holdModeOf(state.classicModeOf(uid, productType)),
    },
  }),
)

/** The margin coins of a product type: USDT, USDC, or the base coins of the coin-margined contracts. */
function marginCoinsOf(state: SandboxState, productType: string): string[] {
  const coins = new Set<string>()
  for (const instrument of state.instruments.values())
    if (instrument.category.toUpperCase() === productType) {
      const coin = marginCoinOf(state, instrument.category, instrument.symbol)
      if (coin !== undefined) coins.add(coin)
    }
  return [...coins]
}

/**
 * GET /api/v2/mix/account/accounts: one account per margin coin of the product type. The
 * multi-assets fields are there in single-assets mode too, zero and an empty list; the margin
 * total is spelled `unionTotalMagin` as the documented response example sends it
 * (https://www.bitget.com/api-doc/contract/account/Get-Account-List).
 */
export const accountsRoute: Route = {
  id: ClassicFutures.getAccounts.id,
  method: 'GET',
  path: ClassicFutures.getAccounts.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const uid = uidOf(key)
    const productType = text(params.productType)
    return {
      data: marginCoinsOf(state, productType).map((coin) => ({
        ...classicAccountRecord(state, uid, coin),
        unionTotalMagin: '0',
        unionAvailable: '0',
        unionMm: '0',
        assetList: [],
        ...classicPositionMargins(state, uid, coin),
      })),
    }
  },
}

/** Whether the account has an open classic position or order of the symbol (or of the product type). */
function holdsAny(
  state: SandboxState,
  uid: string,
  where: { symbol?: string | undefined; productType: string },
): boolean {
  const matches = (item: { symbol: string; category: string }) =>
    item.category.toUpperCase() === where.productType &&
    (where.symbol === undefined || item.symbol === where.symbol)
  const positions = [...state.positions.values()].some(
    (p) => p.uid === uid && p.line === 'classic' && !big(p.size).isZero() && matches(p),
  )
  return (
    positions ||
    state.orders.list({ uid, line: 'classic', statuses: openStatuses }).some((o) => matches(o))
  )
}

/**
 * POST /api/v2/mix/account/set-leverage: crossed margin takes `leverage`; isolated one-way sets
 * both sides; isolated hedge sets `holdSide`'s (`40017` without it) or `longLeverage` and
 * `shortLeverage`, which win over `leverage` in any mode as the exchange documents. More than the
 * instrument's `maxLeverage` is refused with `40797`.
 */
export const setLeverageRoute = symbolRoute(
  ClassicFutures.setLeverage,
  ({ state, uid, symbol, productType, params }): Outcome => {
    const max = maxLeverageOf(state.instruments.get(productType, symbol))
    const asked = [params.leverage, params.longLeverage, params.shortLeverage].filter(
      (value): value is string => typeof value === 'string',
    )
    if (asked.some((value) => big(value).gt(max))) return { error: classicFailures.leverage(max) }
    const settings = symbolSettingsOf(state, uid, 'classic', symbol)
    // The rules make sure one of the three is sent.
    const leverage = text(params.leverage)
    const long = params.longLeverage as string | undefined
    const short = params.shortLeverage as string | undefined
    let change: Partial<SymbolSettings>
    if (long !== undefined || short !== undefined)
      change = { ...(long && { long }), ...(short && { short }) }
    else if (settings.marginMode === 'crossed') change = { crossed: leverage }
    else if (state.classicModeOf(uid, productType) === 'one_way')
      change = { long: leverage, short: leverage }
    else if (params.holdSide === 'long' || params.holdSide === 'short')
      change = { [params.holdSide]: leverage }
    else
      return {
        error: {
          code: '40017',
          msg: 'parameter verification failed: holdSide: required in isolated margin and hedge mode',
        },
      }
    const next = changeSymbolSettings(state, uid, 'classic', symbol, change)
    return {
      data: {
        symbol,
        marginCoin: params.marginCoin,
        longLeverage: next.long,
        shortLeverage: next.short,
        crossMarginLeverage: next.crossed,
        marginMode: next.marginMode,
      },
    }
  },
)

/**
 * POST /api/v2/mix/account/set-margin-mode: the symbol's margin mode; refused with `45117` while
 * the symbol has an open position or order.
 */
export const setMarginModeRoute = symbolRoute(
  ClassicFutures.setMarginMode,
  ({ state, uid, symbol, productType, params }): Outcome => {
    if (holdsAny(state, uid, { symbol, productType })) return { error: classicFailures.marginMode }
    const marginMode = params.marginMode === 'isolated' ? 'isolated' : 'crossed'
    const next = changeSymbolSettings(state, uid, 'classic', symbol, { marginMode })
    return {
      data: {
        symbol,
        marginCoin: params.marginCoin,
        longLeverage: next.long,
        shortLeverage: next.short,
        marginMode: next.marginMode,
      },
    }
  },
)

/**
 * POST /api/v2/mix/account/set-position-mode: the product type's position mode; refused with
 * `40920` while it has an open position or order.
 */
export const setPositionModeRoute: Route = {
  id: ClassicFutures.setPositionMode.id,
  method: 'POST',
  path: ClassicFutures.setPositionMode.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const uid = uidOf(key)
    const productType = text(params.productType)
    if (holdsAny(state, uid, { productType })) return { error: classicFailures.positionMode }
    const mode = params.posMode === 'hedge_mode' ? 'hedge' : 'one_way'
    const account = state.accounts.get(uid) ?? { uid, positionMode: 'one_way' as const }
    state.accounts.set(uid, {
      ...account,
      classicPositionModes: { ...account.classicPositionModes, [productType]: mode },
    })
    return { data: { posMode: holdModeOf(mode) } }
  },
}

/**
 * GET /api/v2/mix/account/max-open: the largest size one side can open now at `openPrice` (a
 * market order: the last price), counting what positions and open orders hold: exactly what
 * place-order accepts before it answers `40762`.
 */
export const maxOpenRoute = symbolRoute(ClassicFutures.getMaxOpen, (call) => {
  const { price, order } = openingDraft(call)
  return { data: { maxOpen: maxOpenSize(call.state, call.uid, order, price) } }
})

/**
 * GET /api/v2/mix/account/open-count: the size `openAmount` of margin opens at `openPrice` and
 * `leverage` (default 20), in lots, leaving positions and orders aside.
 */
export const openCountRoute = symbolRoute(
  ClassicFutures.getOpenCount,
  ({ state, symbol, productType, params }) => {
    const instrument = state.instruments.get(productType, symbol)
    const leverage = typeof params.leverage === 'string' ? params.leverage : '20'
    const notional = big(text(params.openAmount)).times(leverage)
    const inverse =
      instrument !== undefined &&
      coinsOf(instrument).base === marginCoinOf(state, productType, symbol)
    const raw = inverse
      ? notional.times(text(params.openPrice))
      : notional.div(text(params.openPrice))
    const lot = big(instrument?.sizeMultiplier ?? '0.00000001')
    return { data: { size: raw.div(lot).floor().times(lot).toFixed() } }
  },
)

/** The account routes of the classic line, in the order of the rules' endpoint ids. */
export const classicAccountRoutes: readonly Route[] = [
  accountRoute,
  accountsRoute,
  setLeverageRoute,
  setMarginModeRoute,
  setPositionModeRoute,
  maxOpenRoute,
  openCountRoute,
]
