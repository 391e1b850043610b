import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { symbol } from './fields.js'

/**
 * GET /api/v3/stockplus/market/option-volume: today's traded volume of the calls (`c`) and the puts (`p`) listed on one underlying stock.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getOptionVolume, { symbol: 'AAPL.US' }).output
 * // { symbol: 'AAPL.US' }
 */
export const getOptionVolume = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getOptionVolume',
  method: 'GET',
  path: '/api/v3/stockplus/market/option-volume',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
    }),
})

export declare namespace getOptionVolume {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOptionVolume>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOptionVolume>
}
