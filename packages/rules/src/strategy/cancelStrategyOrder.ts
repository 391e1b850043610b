import * as v from 'valibot'
import { categories } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { symbol, upperCaseOneOf } from '../internal/fields.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'

/**
 * POST /api/v3/trade/cancel-strategy-order (a page of its own; fields as on
 * the public exchange): cancels one strategy order found by `orderId` or `clientOid`.
 *
 * @example
 * import { Endpoint, Strategy } from '@tradeline/rules'
 * Endpoint.check(Strategy.cancelStrategyOrder, { orderId: '1', category: 'spot' }).output
 * // { orderId: '1', category: 'SPOT' }
 */
export const cancelStrategyOrder = /* @__PURE__ */ Endpoint.define({
  id: 'strategy.cancelStrategyOrder',
  method: 'POST',
  path: '/api/v3/trade/cancel-strategy-order',
  auth: true,
  schema: () =>
    v.strictObject({
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
      category: v.optional(upperCaseOneOf(categories)),
      symbol: v.optional(symbol),
    }),
  rules: [(draft) => oneOfRequired(draft, ['orderId', 'clientOid'])],
})

export declare namespace cancelStrategyOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof cancelStrategyOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof cancelStrategyOrder>
}
