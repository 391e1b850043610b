import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf } from '../internal/fields.js'

/**
 * The currencies of asset/account: `USD`, `CNH`.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.accountCurrencies // ['USD', 'CNH']
 */
export const accountCurrencies = ['USD', 'CNH'] as const

/**
 * GET /api/v3/stockplus/asset/account: cash, buying power and margin of the securities account, optionally in one currency.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getAccount, { currency: 'USD' }).output
 * // { currency: 'USD' }
 */
export const getAccount = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getAccount',
  method: 'GET',
  path: '/api/v3/stockplus/asset/account',
  auth: true,
  schema: () =>
    v.strictObject({
      currency: v.optional(oneOf(accountCurrencies)),
    }),
})

export declare namespace getAccount {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getAccount>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccount>
}
