import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type OrderRecord, orderRecord } from '../schemas/order.js'

/**
 * Reads one order by `orderId` or `clientOid`, `orderId` winning (GET /api/v3/trade/order-info);
 * an order that does not exist is the exchange error `43001`.
 *
 * @example
 * import { createUnifiedClient, getOrderInfo } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const order = await getOrderInfo(client, { clientOid: 'my-1' })
 * order.orderStatus // 'live'
 */
export async function getOrderInfo(
  client: ClientBase,
  parameters: getOrderInfo.Parameters,
  options: getOrderInfo.Options = {},
): Promise<getOrderInfo.ReturnType> {
  requireArgument(Unified.getOrderInfo, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getOrderInfo, parameters, orderRecord, options)
}

export declare namespace getOrderInfo {
  /** `orderId` or `clientOid`. */
  type Parameters = Unified.getOrderInfo.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The order's record. */
  type ReturnType = OrderRecord
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
