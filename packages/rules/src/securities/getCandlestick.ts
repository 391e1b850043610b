import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { candleFields } from './marketFields.js'

/**
 * GET /api/v3/stockplus/market/candlestick: the latest candles of one symbol (at most 1000); `period` one of {@link candlePeriods}, `adjustType` `0` none or `1` forward-adjusted, `tradeSessions` `0` the regular session or `100` all sessions; numbers are sent as strings.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getCandlestick, { symbol: 'AAPL.US', period: 'day', count: 5 }).output
 * // { symbol: 'AAPL.US', period: 'day', count: '5' }
 */
export const getCandlestick = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getCandlestick',
  method: 'GET',
  path: '/api/v3/stockplus/market/candlestick',
  auth: true,
  schema: () =>
    v.strictObject({
      ...candleFields,
    }),
})

export declare namespace getCandlestick {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getCandlestick>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getCandlestick>
}
