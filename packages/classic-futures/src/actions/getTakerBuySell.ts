import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type TakerVolumeRecord, takerVolumeRecords } from '../schemas/analytics.js'

/**
 * Reads the volume takers bought and sold of a symbol, one record a period (GET /api/v2/mix/market/taker-buy-sell; public).
 *
 * @example
 * import { createClassicFuturesClient, getTakerBuySell } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const rows = await getTakerBuySell(client, { symbol: 'BTCUSDT', period: '15m' })
 * rows[0]?.buyVolume // '0.01'
 */
export async function getTakerBuySell(
  client: ClientBase,
  parameters: getTakerBuySell.Parameters,
  options: CallOptions = {},
): Promise<getTakerBuySell.ReturnType> {
  requireArgument(ClassicFutures.getTakerBuySell, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getTakerBuySell,
    parameters,
    takerVolumeRecords,
    options,
  )
}

export declare namespace getTakerBuySell {
  /** `symbol` (required) and `period` (`5m` by default; the day is `1d`). */
  type Parameters = ClassicFutures.getTakerBuySell.Parameters
  /** The records, one a period. */
  type ReturnType = TakerVolumeRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
