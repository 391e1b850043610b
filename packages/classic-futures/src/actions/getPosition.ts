import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type PositionRecord, positionRecords } from '../schemas/records.js'

/**
 * Reads the account's positions of one symbol (GET /api/v2/mix/position/single-position):
 * the records of `getPositions`, `[]` when flat.
 *
 * @example
 * import { createClassicFuturesClient, getPosition } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const [long] = await getPosition(client, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', marginCoin: 'USDT' })
 * long?.totalFee // '-13' (funding paid while open)
 */
export async function getPosition(
  client: ClientBase,
  parameters: getPosition.Parameters,
  options: CallOptions = {},
): Promise<getPosition.ReturnType> {
  requireArgument(ClassicFutures.getSinglePosition, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getSinglePosition,
    parameters,
    positionRecords,
    options,
  )
}

export declare namespace getPosition {
  /** `productType`, `symbol` and `marginCoin` (all required). */
  type Parameters = ClassicFutures.getSinglePosition.Parameters
  /** The symbol's open positions (one per hold side in hedge mode). */
  type ReturnType = PositionRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
