import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import * as Limits from '../Limits.js'
import { symbolList } from './fields.js'

/**
 * GET /api/v3/stockplus/market/static: static data of up to 500 symbols, given as an array or a comma-separated string and sent comma-separated.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getStatic, { symbol: ['AAPL.US', 'TSLA.US'] }).output
 * // { symbol: 'AAPL.US,TSLA.US' }
 */
export const getStatic = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getStatic',
  method: 'GET',
  path: '/api/v3/stockplus/market/static',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: symbolList({ max: Limits.securitiesSymbolsPerRequest }),
    }),
})

export declare namespace getStatic {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getStatic>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getStatic>
}
