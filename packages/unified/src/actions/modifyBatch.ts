import type { WriteErrorType } from '@tradeline/core'
import { sendRequest, validateRequest } from '@tradeline/core'
import { combineSignals } from '@tradeline/core/internal'
import { Unified } from '@tradeline/rules'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { defined, instrumentsOf } from '../internal/context.js'
import { type BatchItemResult, batchModifyResults } from '../schemas/ack.js'

/**
 * Modifies one batch of 1 to 20 orders of one product line, each at most once
 * (POST /api/v3/trade/batch-modify-order). Checked before it is sent; an unknown outcome is
 * thrown as is: use {@link modifyOrders} for reconciliation, any number of orders and progress.
 *
 * @example
 * import { createUnifiedClient, modifyBatch } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await modifyBatch(client, [{ orderId: '1001', category: 'SPOT', symbol: 'BTCUSDT', price: '60100' }])
 * // [{ orderId: '1001', clientOid: 'Jc3m_…', code: null, msg: null }]
 */
export async function modifyBatch(
  client: ClientBase,
  orders: modifyBatch.Parameters,
  options: modifyBatch.Options = {},
): Promise<modifyBatch.ReturnType> {
  requireArgument(Unified.batchModifyOrder, orders, 'array', 'orders')
  const instruments = await instrumentsOf(client, orders)
  const request = validateRequest(Unified.batchModifyOrder, orders, defined({ instruments }))
  return sendRequest(client.transport, Unified.batchModifyOrder, request, batchModifyResults, {
    signal: combineSignals(client.config?.signal, options.signal),
  })
}

export declare namespace modifyBatch {
  /** Up to 20 modifications of one product line. */
  type Parameters = readonly Unified.batchModifyOrder.Item[]
  /** Options of the call. */
  type Options = CallOptions
  /** `orderId` and `clientOid` per modification, in order. */
  type ReturnType = BatchItemResult[]
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
