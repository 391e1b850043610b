/**
 * The classic futures market analytics a trader reads beside the market data: the long/short
 * ratio, the long/short shares of accounts and of positions, the taker buy and sell volume
 * (Bitget "Big data" pages, GET /api/v2/mix/market/...), and the VIP fee schedule. No key.
 * The pages list `symbol` and `period` only, no `productType`: the query is strict, so a
 * `productType` is refused by name rather than sent and ignored.
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf } from '../internal/fields.js'
import { symbol } from './fields.js'

/**
 * `period` of the account, position and taker reads, as their pages list it ("default:5m").
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.analyticsPeriods.includes('1d') // true
 */
export const analyticsPeriods = ['5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d'] as const

/**
 * `period` of GET /api/v2/mix/market/long-short: the same list, except that its page spells
 * the day `1Dutc` where the other three pages write `1d`.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.longShortPeriods.at(-1) // '1Dutc'
 */
export const longShortPeriods = [
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '12h',
  '1Dutc',
] as const

/** One analytics read: `symbol` required, `period` one of `periods`, optional. */
function seriesRead<const periods extends readonly [string, ...string[]]>(
  id: string,
  path: string,
  periods: periods,
) {
  return Endpoint.define({
    id,
    method: 'GET',
    path,
    auth: false,
    schema: () => v.strictObject({ symbol, period: v.optional(oneOf(periods)) }),
  })
}

/**
 * GET /api/v2/mix/market/long-short: the long/short ratio of a symbol, one record a period
 * (Bitget "Get Futures Long and Short Ratio Data": "Rate limit: 1 req/1s (IP)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getLongShort, { symbol: 'BTCUSDT', period: '1Dutc' }) // true
 */
export const getLongShort = /* @__PURE__ */ seriesRead(
  'classic.getLongShort',
  '/api/v2/mix/market/long-short',
  longShortPeriods,
)

export declare namespace getLongShort {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getLongShort>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getLongShort>
}

/**
 * GET /api/v2/mix/market/account-long-short: the shares of accounts holding a long and a short
 * of a symbol (Bitget "Get Futures Active Long Short Account Data": "Rate limit: 1 req/s (IP)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getAccountLongShort, { symbol: 'BTCUSDT', period: '1Dutc' }) // false: 1d
 */
export const getAccountLongShort = /* @__PURE__ */ seriesRead(
  'classic.getAccountLongShort',
  '/api/v2/mix/market/account-long-short',
  analyticsPeriods,
)

export declare namespace getAccountLongShort {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getAccountLongShort>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccountLongShort>
}

/**
 * GET /api/v2/mix/market/position-long-short: the shares of the long and short positions of a
 * symbol (Bitget "Get Futures Active Long Short Position Data": "Rate limit: 1 req/s (IP)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getPositionLongShort, { symbol: 'BTCUSDT', period: '4h' }) // true
 */
export const getPositionLongShort = /* @__PURE__ */ seriesRead(
  'classic.getPositionLongShort',
  '/api/v2/mix/market/position-long-short',
  analyticsPeriods,
)

export declare namespace getPositionLongShort {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getPositionLongShort>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getPositionLongShort>
}

/**
 * GET /api/v2/mix/market/taker-buy-sell: the volume takers bought and sold of a symbol, one
 * record a period (Bitget "Get Futures Active Buy Sell Volume Data": "Rate limit: 1 req/s (IP)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getTakerBuySell, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' }) // false: no productType
 */
export const getTakerBuySell = /* @__PURE__ */ seriesRead(
  'classic.getTakerBuySell',
  '/api/v2/mix/market/taker-buy-sell',
  analyticsPeriods,
)

export declare namespace getTakerBuySell {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTakerBuySell>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTakerBuySell>
}

/**
 * GET /api/v2/mix/market/vip-fee-rate: the futures fee rates and limits of each VIP level
 * (Bitget "VIP Fee Rate": "Rate limit:10 req/sec/IP"). The page lists no request parameter.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getVipFeeRate, {}) // true
 */
export const getVipFeeRate = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getVipFeeRate',
  method: 'GET',
  path: '/api/v2/mix/market/vip-fee-rate',
  auth: false,
  schema: () => v.strictObject({}),
})

export declare namespace getVipFeeRate {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getVipFeeRate>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getVipFeeRate>
}
