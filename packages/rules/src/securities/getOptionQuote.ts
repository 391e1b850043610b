import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import * as Limits from '../Limits.js'
import { symbolList } from './fields.js'

/**
 * GET /api/v3/stockplus/market/option-quote: quotes of up to 500 option contracts (needs the US option market-data entitlement), given as an array or a comma-separated string.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getOptionQuote, { symbol: 'AAPL260116C00150000.US' }).output
 * // { symbol: 'AAPL260116C00150000.US' }
 */
export const getOptionQuote = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getOptionQuote',
  method: 'GET',
  path: '/api/v3/stockplus/market/option-quote',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: symbolList({ max: Limits.securitiesSymbolsPerRequest }),
    }),
})

export declare namespace getOptionQuote {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOptionQuote>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOptionQuote>
}
