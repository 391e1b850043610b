/**
 * The classic mark and index price reads beside the candles of trades: history candles of the
 * mark and of the index price, and the next funding time (Bitget "Market" pages of
 * /api/v2/mix/market). No key; each query is checked before it is sent.
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { queryIntegerIn } from './fields.js'
import { candleQuery, candleRules, symbolQuery } from './marketData.js'

/** A history candle read of a price (mark or index): the candle query, 200 candles at most. */
function priceHistory(id: string, path: string) {
  return Endpoint.define({
    id,
    method: 'GET',
    path,
    auth: false,
    schema: () => v.strictObject({ ...candleQuery, limit: v.optional(queryIntegerIn(1, 200)) }),
    rules: candleRules,
  })
}

/**
 * GET /api/v2/mix/market/history-mark-candles: finished candles of the mark price, 200 at most
 * (Bitget "Get Historical Mark Price Candlestick").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getHistoryMarkCandles, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', granularity: '5m' }) // true
 */
export const getHistoryMarkCandles = /* @__PURE__ */ priceHistory(
  'classic.getHistoryMarkCandles',
  '/api/v2/mix/market/history-mark-candles',
)

export declare namespace getHistoryMarkCandles {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryMarkCandles>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryMarkCandles>
}

/**
 * GET /api/v2/mix/market/history-index-candles: finished candles of the index price, 200 at
 * most (Bitget "Get Historical Index Price Candlestick").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getHistoryIndexCandles, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', granularity: '5m', limit: 201 }) // false
 */
export const getHistoryIndexCandles = /* @__PURE__ */ priceHistory(
  'classic.getHistoryIndexCandles',
  '/api/v2/mix/market/history-index-candles',
)

export declare namespace getHistoryIndexCandles {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryIndexCandles>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryIndexCandles>
}

/**
 * GET /api/v2/mix/market/funding-time: the next funding settlement of a symbol and its period
 * in hours (Bitget "Get Next Funding Time").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getFundingTime, { symbol: 'BTCUSDT', productType: 'usdt-futures' }) // true
 */
export const getFundingTime = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getFundingTime',
  method: 'GET',
  path: '/api/v2/mix/market/funding-time',
  auth: false,
  schema: () => v.strictObject(symbolQuery),
})

export declare namespace getFundingTime {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getFundingTime>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getFundingTime>
}
