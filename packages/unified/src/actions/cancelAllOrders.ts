import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type BatchItemResult, cancelAllResults } from '../schemas/ack.js'

/**
 * Cancels every open order of a category, or of one symbol in it
 * (POST /api/v3/trade/cancel-symbol-order).
 *
 * @example
 * import { cancelAllOrders, createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const cancelled = await cancelAllOrders(client, { category: 'SPOT', symbol: 'BTCUSDT' })
 * cancelled.map((order) => order.orderId) // ['1001', '1002']
 */
export async function cancelAllOrders(
  client: ClientBase,
  parameters: cancelAllOrders.Parameters,
  options: cancelAllOrders.Options = {},
): Promise<cancelAllOrders.ReturnType> {
  requireArgument(Unified.cancelSymbolOrder, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.cancelSymbolOrder, parameters, cancelAllResults, options)
}

export declare namespace cancelAllOrders {
  /** `category` and an optional `symbol`. */
  type Parameters = Unified.cancelSymbolOrder.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The cancelled orders. */
  type ReturnType = readonly BatchItemResult[]
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
