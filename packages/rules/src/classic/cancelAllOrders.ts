import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { marginCoin, productType } from './fields.js'

/**
 * POST /api/v2/mix/order/cancel-all-orders: cancels every open classic order of a product type,
 * optionally of one margin coin (https://www.bitget.com/api-doc/contract/trade/Cancel-All-Orders:
 * `productType`, `marginCoin`; the page names no `symbol`, so one is refused here: the exchange
 * could ignore it and cancel every symbol. Cancelling the orders of one symbol is
 * batch-cancel-orders with `symbol` and no `orderIdList`, which the client's `cancelAllOrders`
 * sends when given a symbol).
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
      marginCoin: v.optional(marginCoin),
    }),
})

export declare namespace cancelAllOrders {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof cancelAllOrders>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof cancelAllOrders>
}
