import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import * as Limits from '../Limits.js'
import { symbolList } from './fields.js'

/**
 * GET /api/v3/stockplus/market/quote: real-time quotes of up to 500 stocks, given as an array or a comma-separated string and sent comma-separated; a quote carries its pre-market, after-hours and overnight sub-quotes (`null` where the exchange has none).
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getQuote, { symbol: ['AAPL.US', 'TSLA.US'] }).output
 * // { symbol: 'AAPL.US,TSLA.US' }
 */
export const getQuote = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getQuote',
  method: 'GET',
  path: '/api/v3/stockplus/market/quote',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: symbolList({ max: Limits.securitiesSymbolsPerRequest }),
    }),
})

export declare namespace getQuote {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getQuote>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getQuote>
}
