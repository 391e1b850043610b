import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type PositionLongShortRecord, positionLongShortRecords } from '../schemas/analytics.js'

/**
 * Reads the shares of the long and short positions of a symbol, one record a period (GET /api/v2/mix/market/position-long-short; public).
 *
 * @example
 * import { createClassicFuturesClient, getPositionLongShort } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const rows = await getPositionLongShort(client, { symbol: 'BTCUSDT' })
 * rows[0]?.longShortPositionRatio // '1.2'
 */
export async function getPositionLongShort(
  client: ClientBase,
  parameters: getPositionLongShort.Parameters,
  options: CallOptions = {},
): Promise<getPositionLongShort.ReturnType> {
  requireArgument(ClassicFutures.getPositionLongShort, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getPositionLongShort,
    parameters,
    positionLongShortRecords,
    options,
  )
}

export declare namespace getPositionLongShort {
  /** `symbol` (required) and `period` (`5m` by default; the day is `1d`). */
  type Parameters = ClassicFutures.getPositionLongShort.Parameters
  /** The records, one a period. */
  type ReturnType = PositionLongShortRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
