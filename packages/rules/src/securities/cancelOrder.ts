import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { symbol } from './fields.js'

/**
 * POST /api/v3/stockplus/trade/cancel-order: cancels a resting stock or option order of
 * `symbol`, named by `orderId` or `clientOid` (one of them is required). The answer is
 * `{ orderId, clientOid, symbol }`.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.cancelOrder, { symbol: 'AAPL.US', orderId: '1001' }).output
 * // { symbol: 'AAPL.US', orderId: '1001' }
 */
export const cancelOrder = /* @__PURE__ */ Endpoint.define({
  id: 'securities.cancelOrder',
  method: 'POST',
  path: '/api/v3/stockplus/trade/cancel-order',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
    }),
  rules: [(draft) => oneOfRequired(draft, ['orderId', 'clientOid'])],
})

export declare namespace cancelOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof cancelOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof cancelOrder>
}
