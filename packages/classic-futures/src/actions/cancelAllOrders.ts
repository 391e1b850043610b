import type { WriteErrorType } from '@tradeline/core'
import { validateRequest } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { sendUnnamed } from '../internal/unnamed.js'
import { type BatchResult, batchResult } from '../schemas/records.js'

/**
 * Cancels every pending order of a product type (POST /api/v2/mix/order/cancel-all-orders,
 * optionally of one margin coin), or of one symbol (POST /api/v2/mix/order/batch-cancel-orders
 * with `symbol` and no `orderIdList`: cancel-all-orders names no symbol, and an exchange that
 * ignored one would cancel every symbol): `successList` and `failureList`. It goes through
 * core's engine as a change that names no order: an unknown outcome is thrown as it came
 * (`UnknownOutcomeError`, no `retryWith`), as the unified client's cancel-all does; sending it
 * again is harmless (it cancels what is still pending).
 *
 * @example
 * import { cancelAllOrders, createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await cancelAllOrders(client, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * // { successList: [{ orderId: '1001', clientOid: 'my-1', symbol: null }], failureList: [], result: null }
 */
export async function cancelAllOrders(
  client: ClientBase,
  parameters: cancelAllOrders.Parameters,
  options: CallOptions = {},
): Promise<cancelAllOrders.ReturnType> {
  requireArgument(ClassicFutures.cancelAllOrders, parameters, 'object')
  if (parameters.symbol === undefined) {
    const request = validateRequest(ClassicFutures.cancelAllOrders, parameters)
    return sendUnnamed(client, ClassicFutures.cancelAllOrders, request, batchResult, options)
  }
  const request = validateRequest(ClassicFutures.batchCancelOrders, parameters)
  return sendUnnamed(client, ClassicFutures.batchCancelOrders, request, batchResult, options)
}

export declare namespace cancelAllOrders {
  /** `productType` (required), `marginCoin`, and `symbol` to cancel the orders of one symbol. */
  type Parameters = ClassicFutures.cancelAllOrders.Parameters & { symbol?: string | undefined }
  /** The cancelled and the failed orders. */
  type ReturnType = BatchResult
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
