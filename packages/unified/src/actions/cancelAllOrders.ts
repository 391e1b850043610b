import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import * as v from 'valibot'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type BatchItemResult, batchItemResult } from '../schemas/ack.js'

/** `data` of cancel-symbol-order: a list of results, bare or under `list`. */
const cancelAllResponse = v.pipe(
  v.union([
    v.array(batchItemResult),
    v.looseObject({ list: v.array(batchItemResult) }),
    v.looseObject({ successList: v.array(batchItemResult) }),
    v.null(),
  ]),
  v.transform((data): BatchItemResult[] => {
    if (data === null) return []
    if (Array.isArray(data)) return data
    return 'list' in data
      ? (data.list as BatchItemResult[])
      : (data.successList as BatchItemResult[])
  }),
)

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
  return callEndpoint(client, Unified.cancelSymbolOrder, parameters, cancelAllResponse, options)
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
