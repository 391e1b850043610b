import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { productType, symbol } from './fields.js'

/**
 * GET /api/v2/mix/order/detail: one classic order by `orderId` or `clientOid`, e.g. to
 * reconcile an unknown outcome (named in navigation only; path and parameters per
 * the exchange documentation).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getOrderDetail, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', clientOid: 'c-1' }) // true
 */
export const getOrderDetail = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getOrderDetail',
  method: 'GET',
  path: '/api/v2/mix/order/detail',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      productType,
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
    }),
  rules: [(draft) => oneOfRequired(draft, ['orderId', 'clientOid'])],
})

export declare namespace getOrderDetail {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOrderDetail>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOrderDetail>
}
