import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { marginCoin, productType, symbol } from './fields.js'

/**
 * POST /api/v2/mix/order/cancel-all-orders: cancels every open classic order of a product type,
 * optionally of one symbol or margin coin (named in navigation only; parameters per
 * the exchange documentation).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.cancelAllOrders, { productType: 'USDT-FUTURES', marginCoin: 'USDT' }) // true
 */
export const cancelAllOrders = /* @__PURE__ */ Endpoint.define({
  id: 'classic.cancelAllOrders',
  method: 'POST',
  path: '/api/v2/mix/order/cancel-all-orders',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      symbol: v.optional(symbol),
      marginCoin: v.optional(marginCoin),
    }),
})

export declare namespace cancelAllOrders {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof cancelAllOrders>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof cancelAllOrders>
}
