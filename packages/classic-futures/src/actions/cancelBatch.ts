import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type BatchResult, batchResult } from '../schemas/records.js'

/**
 * Cancels one batch of 1 to 50 orders of one symbol (POST /api/v2/mix/order/batch-cancel-orders).
 * An unknown outcome is thrown as is: use {@link cancelOrders} for reconciliation and any number.
 *
 * @example
 * import { cancelBatch, createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await cancelBatch(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderIdList: [{ orderId: '1001' }] })
 * // { successList: [{ orderId: '1001', clientOid: '…', symbol: null }], failureList: [], result: null }
 */
export async function cancelBatch(
  client: ClientBase,
  parameters: cancelBatch.Parameters,
  options: CallOptions = {},
): Promise<cancelBatch.ReturnType> {
  requireArgument(ClassicFutures.batchCancelOrders, parameters, 'object')
  return callEndpoint(client, ClassicFutures.batchCancelOrders, parameters, batchResult, options)
}

export declare namespace cancelBatch {
  /** The batch-cancel-orders request. */
  type Parameters = ClassicFutures.batchCancelOrders.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `successList`, `failureList`, `result`. */
  type ReturnType = BatchResult
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
