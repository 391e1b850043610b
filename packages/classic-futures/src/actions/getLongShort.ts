import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type LongShortRecord, longShortRecords } from '../schemas/analytics.js'

/**
 * Reads the long/short ratio of a symbol, one record a period (GET /api/v2/mix/market/long-short; public): the long and short shares and long over short.
 *
 * @example
 * import { createClassicFuturesClient, getLongShort } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const rows = await getLongShort(client, { symbol: 'BTCUSDT', period: '1h' })
 * rows[0]?.longShortRatio // '1.2'
 */
export async function getLongShort(
  client: ClientBase,
  parameters: getLongShort.Parameters,
  options: CallOptions = {},
): Promise<getLongShort.ReturnType> {
  requireArgument(ClassicFutures.getLongShort, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getLongShort, parameters, longShortRecords, options)
}

export declare namespace getLongShort {
  /** `symbol` (required) and `period` (`5m` by default; the day is `1Dutc`). */
  type Parameters = ClassicFutures.getLongShort.Parameters
  /** The records, one a period. */
  type ReturnType = LongShortRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
