import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { symbol } from './fields.js'

/**
 * GET /api/v3/stockplus/market/depth: the order book (asks and bids by level) of one symbol.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getDepth, { symbol: 'AAPL.US' }).output
 * // { symbol: 'AAPL.US' }
 */
export const getDepth = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getDepth',
  method: 'GET',
  path: '/api/v3/stockplus/market/depth',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
    }),
})

export declare namespace getDepth {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getDepth>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getDepth>
}
