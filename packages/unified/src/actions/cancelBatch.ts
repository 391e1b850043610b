import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type BatchItemResult, batchResults } from '../schemas/ack.js'

/**
 * Cancels one batch of 1 to 20 orders of one category; partial success is allowed
 * (POST /api/v3/trade/cancel-batch). Use {@link cancelOrders} for any number of orders.
 *
 * @example
 * import { cancelBatch, createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await cancelBatch(client, [{ category: 'SPOT', symbol: 'BTCUSDT', orderId: '1001' }])
 * // [{ orderId: '1001', clientOid: 'Jc3m_…', code: '00000', msg: 'success' }]
 */
export async function cancelBatch(
  client: ClientBase,
  orders: cancelBatch.Parameters,
  options: cancelBatch.Options = {},
): Promise<cancelBatch.ReturnType> {
  requireArgument(Unified.cancelBatch, orders, 'array', 'orders')
  return callEndpoint(client, Unified.cancelBatch, orders, batchResults, options)
}

export declare namespace cancelBatch {
  /** Up to 20 orders of one category, each by `orderId` or `clientOid`. */
  type Parameters = readonly Unified.cancelBatch.Item[]
  /** Options of the call. */
  type Options = CallOptions
  /** Per-item results, in order. */
  type ReturnType = BatchItemResult[]
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
