import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { symbolList } from './fields.js'

/**
 * GET /api/v3/stockplus/asset/stock-position: the positions of the securities account, optionally of some symbols (an array or a comma-separated string).
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getStockPositions, { symbol: ['AAPL.US', '700.HK'] }).output
 * // { symbol: 'AAPL.US,700.HK' }
 */
export const getStockPositions = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getStockPositions',
  method: 'GET',
  path: '/api/v3/stockplus/asset/stock-position',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: v.optional(symbolList()),
    }),
})

export declare namespace getStockPositions {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getStockPositions>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getStockPositions>
}
