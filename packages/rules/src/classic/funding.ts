/**
 * The classic line's public funding reads: the current funding rate of a product type's
 * contracts (or one symbol) and a symbol's settled rates (Bitget "Get Current Funding Rate",
 * "Get Historical Funding Rates": "Frequency limit: 20 times/1s (IP)").
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { productType, queryIntegerIn, symbol } from './fields.js'

/**
 * GET /api/v2/mix/market/current-fund-rate: the funding rate, its interval in hours, the next
 * funding time and the rate's bounds, per symbol.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getCurrentFundRate, { productType: 'usdt-futures', symbol: 'BTCUSDT' }) // true
 */
export const getCurrentFundRate = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getCurrentFundRate',
  method: 'GET',
  path: '/api/v2/mix/market/current-fund-rate',
  auth: false,
  schema: () => v.strictObject({ symbol: v.optional(symbol), productType }),
})

export declare namespace getCurrentFundRate {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getCurrentFundRate>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getCurrentFundRate>
}

/**
 * GET /api/v2/mix/market/history-fund-rate: a symbol's settled funding rates, newest first,
 * `pageSize` 1 to 100 (default 20) per `pageNo` (from 1).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getHistoryFundRate, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', pageSize: 101 }) // false
 */
export const getHistoryFundRate = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getHistoryFundRate',
  method: 'GET',
  path: '/api/v2/mix/market/history-fund-rate',
  auth: false,
  schema: () =>
    v.strictObject({
      symbol,
      productType,
      pageSize: v.optional(queryIntegerIn(1, 100)),
      pageNo: v.optional(queryIntegerIn(1, 1_000_000)),
    }),
})

export declare namespace getHistoryFundRate {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryFundRate>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryFundRate>
}
