import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { marginCoin, productType, symbol } from './fields.js'

/**
 * POST /api/v2/mix/order/cancel-order: cancels one classic order by `orderId` or `clientOid`
 * (`orderId` wins when both are given).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.cancelOrder, { symbol: 'BTCUSDT', productType: 'usdt-futures', clientOid: 'c-1' }).output
 * // { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', clientOid: 'c-1' }
 */
export const cancelOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.cancelOrder',
  method: 'POST',
  path: '/api/v2/mix/order/cancel-order',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      productType,
      marginCoin: v.optional(marginCoin),
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
