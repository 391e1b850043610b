import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type PositionRecord, positionRecords } from '../schemas/records.js'

/**
 * Reads the open positions of a product type, optionally of one margin coin
 * (GET /api/v2/mix/position/all-position; docs/records.md): `[]` when flat.
 *
 * @example
 * import { createClassicFuturesClient, getPositions } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const [long] = await getPositions(client, { productType: 'USDT-FUTURES' })
 * long?.holdSide // 'long'
 */
export async function getPositions(
  client: ClientBase,
  parameters: getPositions.Parameters,
  options: CallOptions = {},
): Promise<getPositions.ReturnType> {
  requireArgument(ClassicFutures.getAllPositions, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getAllPositions, parameters, positionRecords, options)
}

export declare namespace getPositions {
  /** `productType` (required) and `marginCoin`. */
  type Parameters = ClassicFutures.getAllPositions.Parameters
  /** The open positions. */
  type ReturnType = PositionRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
