import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import * as Limits from '../Limits.js'
import { looseIntegerText, symbol } from './fields.js'

/**
 * GET /api/v3/stockplus/market/trade: the latest trades of one symbol; `count` from 1 to 1000, sent as a string.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getTrades, { symbol: 'AAPL.US', count: 50 }).output
 * // { symbol: 'AAPL.US', count: '50' }
 */
export const getTrades = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getTrades',
  method: 'GET',
  path: '/api/v3/stockplus/market/trade',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      count: looseIntegerText({ min: 1, max: Limits.securitiesTradeCount }),
    }),
})

export declare namespace getTrades {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTrades>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTrades>
}
