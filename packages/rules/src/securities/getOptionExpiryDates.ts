import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { symbol } from './fields.js'

/**
 * GET /api/v3/stockplus/market/option-expiry-date: the expiry dates of the option contracts listed on one underlying stock, answered as `YYYYMMDD` texts, nearest first.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getOptionExpiryDates, { symbol: 'AAPL.US' }).output
 * // { symbol: 'AAPL.US' }
 */
export const getOptionExpiryDates = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getOptionExpiryDates',
  method: 'GET',
  path: '/api/v3/stockplus/market/option-expiry-date',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
    }),
})

export declare namespace getOptionExpiryDates {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOptionExpiryDates>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOptionExpiryDates>
}
