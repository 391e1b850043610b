import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type OrderDetail, orderDetail } from '../schemas/records.js'

/**
 * Reads one order (GET /api/v2/mix/order/detail) by `orderId` (wins) or `clientOid`; its
 * status is in `state`.
 *
 * @example
 * import { createClassicFuturesClient, getOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await getOrder(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', clientOid: 'my-1' })
 * // { orderId: '1001', clientOid: 'my-1', state: 'live', size: '0.01', ... }
 */
export async function getOrder(
  client: ClientBase,
  parameters: getOrder.Parameters,
  options: CallOptions = {},
): Promise<getOrder.ReturnType> {
  requireArgument(ClassicFutures.getOrderDetail, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getOrderDetail, parameters, orderDetail, options)
}

export declare namespace getOrder {
  /** Which order: its contract, and `orderId` or `clientOid`. */
  type Parameters = ClassicFutures.getOrderDetail.Parameters
  /** The order. */
  type ReturnType = OrderDetail
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
