import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type BatchResult, batchResult } from '../schemas/records.js'

/**
 * Closes positions at market (POST /api/v2/mix/order/close-positions, flash close): every
 * position of a product type, of a symbol, or one side (`holdSide`). Answers `successList` and
 * `failureList` with the closing orders and their symbols. An unknown outcome is thrown as is:
 * read the positions before closing again.
 *
 * @example
 * import { closePositions, createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await closePositions(client, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * // { successList: [{ orderId: '1004', clientOid: '…', symbol: 'BTCUSDT' }], failureList: [], result: null }
 */
export async function closePositions(
  client: ClientBase,
  parameters: closePositions.Parameters,
  options: CallOptions = {},
): Promise<closePositions.ReturnType> {
  requireArgument(ClassicFutures.closePositions, parameters, 'object')
  return callEndpoint(client, ClassicFutures.closePositions, parameters, batchResult, options)
}

export declare namespace closePositions {
  /** `productType` (required), `symbol`, `holdSide`. */
  type Parameters = ClassicFutures.closePositions.Parameters
  /** The closing orders and the failures. */
  type ReturnType = BatchResult
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
