import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import {
  type CallOptions,
  type ClientBase,
  modeOfPosMode,
  productTypeOf,
} from '../internal/client.js'
import { type PositionModeResult, positionModeResult } from '../schemas/account.js'

/**
 * Sets the position mode of every symbol of a product type, `one_way_mode` or `hedge_mode`
 * (POST /api/v2/mix/account/set-position-mode). On success the client checks the product type's
 * orders with the new mode at once; on any failure it forgets the mode it had and reads it again
 * on the next order. The exchange refuses the change while the product type has an open
 * position or order (40920).
 *
 * @example
 * import { createClassicFuturesClient, setPositionMode } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await setPositionMode(client, { productType: 'USDT-FUTURES', posMode: 'hedge_mode' }) // { posMode: 'hedge_mode' }
 */
export async function setPositionMode(
  client: ClientBase,
  parameters: setPositionMode.Parameters,
  options: CallOptions = {},
): Promise<setPositionMode.ReturnType> {
  requireArgument(ClassicFutures.setPositionMode, parameters, 'object')
  const productType = productTypeOf(parameters.productType)
  try {
    const result = await callEndpoint(
      client,
      ClassicFutures.setPositionMode,
      parameters,
      positionModeResult,
      options,
    )
    const mode = modeOfPosMode(result.posMode ?? parameters.posMode)
    if (productType !== undefined && mode !== undefined) client.accountModes?.set(productType, mode)
    return result
  } catch (error) {
    // An unknown outcome may have changed the mode: read it again before the next order.
    if (productType !== undefined) client.accountModes?.clear(productType)
    throw error
  }
}

export declare namespace setPositionMode {
  /** `productType` and `posMode`. */
  type Parameters = ClassicFutures.setPositionMode.Parameters
  /** The product type's position mode. */
  type ReturnType = PositionModeResult
  /** What the call may throw (`ApiError` 40920 with a position or order open). */
  type ErrorType = WriteErrorType
}
