/**
 * The classic futures market analytics (GET /api/v2/mix/market/long-short, account-long-short,
 * position-long-short, taker-buy-sell) and the VIP fee schedule (vip-fee-rate), from the
 * sandbox's own state (records/analytics.ts): the ratios from the open positions of the symbol,
 * the taker volume from its fills. The pages take no product type: a symbol no futures product
 * type lists answers `40034`.
 */
import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { unknownSymbol } from '../exchange/codes.js'
import { ledgerOf } from '../exchange/ledger.js'
import type { Outcome, Route } from '../exchange.js'
import { futuresInstrument } from '../instruments.js'
import { type Crowd, crowdOf, periodStart, shares, takerVolumes } from '../records/analytics.js'
import type { SandboxState } from '../state.js'
import { text } from './market.js'

/** Runs `answer` with the futures symbol of the query, or answers `40034`. */
function withFuturesSymbol(
  state: SandboxState,
  params: Record<string, unknown>,
  answer: (symbol: string) => unknown,
): Outcome {
  const symbol = String(params.symbol)
  if (futuresInstrument(state.instruments, symbol) === undefined)
    return { error: unknownSymbol(symbol) }
  return { data: answer(symbol) }
}

/**
 * A ratio read: one record, the period holding the sandbox clock, with the long share, the short
 * share and long over short of what `measure` takes from the crowd; `[]` when nobody holds the
 * symbol.
 */
function ratioRoute(
  endpoint: { id: string; path: string },
  keys: readonly [long: string, short: string, longShort: string],
  measure: (crowd: Crowd) => [long: Big | number, short: Big | number],
): Route {
  return {
    id: endpoint.id,
    method: 'GET',
    path: endpoint.path,
    auth: false,
    handle({ state, params, now }) {
      return withFuturesSymbol(state, params, (symbol) => {
        const found = shares(...measure(crowdOf(state, symbol)))
        if (found === undefined) return []
        const [long, short, longShort] = keys
        const ts = String(periodStart(text(params.period), now))
        return [{ [long]: found.long, [short]: found.short, [longShort]: found.longShort, ts }]
      })
    },
  }
}

/**
 * GET /api/v2/mix/market/long-short: the shares of the accounts holding a long and a short (the
 * sandbox's one crowd: the same accounts as account-long-short; README, Classic decisions).
 */
export const longShortRoute = ratioRoute(
  ClassicFutures.getLongShort,
  ['longRatio', 'shortRatio', 'longShortRatio'],
  (crowd) => [crowd.longAccounts, crowd.shortAccounts],
)

/** GET /api/v2/mix/market/account-long-short: the shares of the accounts holding each side. */
export const accountLongShortRoute = ratioRoute(
  ClassicFutures.getAccountLongShort,
  ['longAccountRatio', 'shortAccountRatio', 'longShortAccountRatio'],
  (crowd) => [crowd.longAccounts, crowd.shortAccounts],
)

/** GET /api/v2/mix/market/position-long-short: the shares of the open size on each side. */
export const positionLongShortRoute = ratioRoute(
  ClassicFutures.getPositionLongShort,
  ['longPositionRatio', 'shortPositionRatio', 'longShortPositionRatio'],
  (crowd) => [crowd.longSize, crowd.shortSize],
)

/** GET /api/v2/mix/market/taker-buy-sell: the taker fills' volumes, one record per period traded. */
export const takerBuySellRoute: Route = {
  id: ClassicFutures.getTakerBuySell.id,
  method: ClassicFutures.getTakerBuySell.method,
  path: ClassicFutures.getTakerBuySell.path,
  auth: false,
  handle({ state, params }) {
    return withFuturesSymbol(state, params, (symbol) =>
      takerVolumes(state.fills, symbol, text(params.period)),
    )
  },
}

/**
 * GET /api/v2/mix/market/vip-fee-rate: one level, `1`, at the fee rates the sandbox charges
 * futures fills by default (the `fees` option and `POST /sandbox/fees`; `"0"` unless set), from
 * no volume and no assets; the withdrawal limits `""`, as the sandbox has no withdrawals.
 */
export const vipFeeRateRoute: Route = {
  id: ClassicFutures.getVipFeeRate.id,
  method: ClassicFutures.getVipFeeRate.method,
  path: ClassicFutures.getVipFeeRate.path,
  auth: false,
  handle({ state }) {
    const { maker, taker } = ledgerOf(state).fees
    return {
      data: [
        {
          level: '1',
          dealAmount: '0',
          assetAmount: '0',
          takerFeeRate: new Big(taker).toFixed(),
          makerFeeRate: new Big(maker).toFixed(),
          btcWithdrawAmount: '',
          usdtWithdrawAmount: '',
        },
      ],
    }
  },
}

/**
 * The classic market analytics routes of the sandbox.
 *
 * @example
 * import { classicAnalyticsRoutes } from '@tradeline/sandbox'
 * classicAnalyticsRoutes.map((route) => route.path).includes('/api/v2/mix/market/taker-buy-sell') // true
 */
export const classicAnalyticsRoutes: readonly Route[] = [
  longShortRoute,
  accountLongShortRoute,
  positionLongShortRoute,
  takerBuySellRoute,
  vipFeeRateRoute,
]
