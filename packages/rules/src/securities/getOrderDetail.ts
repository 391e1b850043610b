import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'

/**
 * GET /api/v3/stockplus/trade/order-detail: one stock or option order by `orderId`, with its
 * history of changes and its charges.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getOrderDetail, { orderId: '1001' }).output // { orderId: '1001' }
 */
export const getOrderDetail = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getOrderDetail',
  method: 'GET',
  path: '/api/v3/stockplus/trade/order-detail',
  auth: true,
  schema: () => v.strictObject({ orderId }),
})

export declare namespace getOrderDetail {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOrderDetail>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOrderDetail>
}
