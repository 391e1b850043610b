import * as v from 'valibot'
import { categories } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { upperCaseOneOf } from '../internal/fields.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'

/**
 * POST /api/v3/trade/cancel-order: cancels one unfilled or partially filled order (spot,
 * margin, futures, rToken). `orderId` wins over `clientOid`, also when they do not match.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.check(Unified.cancelOrder, { clientOid: 'my-1', category: 'spot' }).output
 * // { clientOid: 'my-1', category: 'SPOT' }
 */
export const cancelOrder = /* @__PURE__ */ Endpoint.define({
  id: 'unified.cancelOrder',
  method: 'POST',
  path: '/api/v3/trade/cancel-order',
  auth: true,
  schema: () =>
    v.strictObject({
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
      category: v.optional(upperCaseOneOf(categories)),
    }),
  rules: [(draft) => oneOfRequired(draft, ['orderId', 'clientOid'])],
})

export declare namespace cancelOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof cancelOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof cancelOrder>
}
