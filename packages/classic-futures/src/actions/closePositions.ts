import type { WriteErrorType } from '@tradeline/core'
import { defined, requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import {
  type CallOptions,
  type ClientBase,
  positionModeOf,
  validateOrder,
} from '../internal/client.js'
import { sendUnnamed } from '../internal/unnamed.js'
import { type BatchResult, batchResult } from '../schemas/records.js'

/**
 * Closes positions at market (POST /api/v2/mix/order/close-positions, flash close): every
 * position of a product type, of a symbol, or one side (`holdSide`). Answers `successList` and
 * `failureList` with the closing orders and their symbols. `holdSide` is refused (a
 * `ValidationError`, nothing sent) when the product type's position mode is known to be one-way:
 * the exchange ignores it there and would close the position whatever its side. A mode read more
 * than a second before is read again first (switched elsewhere, it may be hedge by now), with
 * the symbol and margin coin of the call that read it. It goes through
 * core's engine as a change that names no order: it is sent once, and an unknown outcome is thrown
 * as it came (`UnknownOutcomeError`, no `retryWith`), as the unified client's flash close does:
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
  // The mode matters only when a side is named: otherwise nothing is read for it.
  const positionMode =
    parameters.holdSide === undefined
      ? undefined
      : await positionModeOf(client, parameters.productType, parameters)
  const request = await validateOrder(
    client,
    ClassicFutures.closePositions,
    parameters,
    defined({ positionMode }),
  )
  return sendUnnamed(client, ClassicFutures.closePositions, request, batchResult, options)
}

export declare namespace closePositions {
  /** `productType` (required), `symbol`, `holdSide`. */
  type Parameters = ClassicFutures.closePositions.Parameters
  /** The closing orders and the failures. */
  type ReturnType = BatchResult
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
