import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { symbol } from './fields.js'
import { optionExpiryDate } from './marketFields.js'

/**
 * GET /api/v3/stockplus/market/option-chain-info: the strikes of one expiry of an underlying stock, each with its call and put contract symbols and whether it is a standard contract. `expiryDate` is given as `YYYY-MM-DD`, `YYYYMMDD` or `YYMMDD` (text or number) and sent as `YYYYMMDD`, the form option-expiry-date answers.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getOptionChain, { symbol: 'AAPL.US', expiryDate: '2026-07-17' }).output
 * // { symbol: 'AAPL.US', expiryDate: '20260717' }
 */
export const getOptionChain = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getOptionChain',
  method: 'GET',
  path: '/api/v3/stockplus/market/option-chain-info',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      expiryDate: optionExpiryDate,
    }),
})

export declare namespace getOptionChain {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOptionChain>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOptionChain>
}
