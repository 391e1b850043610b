import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { candleFields, flag, unixMillis } from './marketFields.js'

/**
 * GET /api/v3/stockplus/market/history-candlestick: candles of one symbol from a point in time: `time` (Unix milliseconds, given as a number or a digit string, sent as a string; the latest candle when absent) and `forward` (`true` walks later from `time`, `false` earlier; sent as `'true'`/`'false'`), with the fields of {@link getCandlestick}.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getHistoryCandlestick, { symbol: 'AAPL.US', period: '1m', forward: false, time: 1782914400000 }).output
 * // { symbol: 'AAPL.US', period: '1m', forward: 'false', time: '1782914400000' }
 */
export const getHistoryCandlestick = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getHistoryCandlestick',
  method: 'GET',
  path: '/api/v3/stockplus/market/history-candlestick',
  auth: true,
  schema: () =>
    v.strictObject({
      ...candleFields,
      forward: v.optional(flag),
      time: v.optional(unixMillis),
    }),
})

export declare namespace getHistoryCandlestick {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryCandlestick>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryCandlestick>
}
