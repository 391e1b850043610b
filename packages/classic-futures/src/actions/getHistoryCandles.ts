import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type CandleRow, candleRows } from '../schemas/market.js'

/**
 * Reads finished candles further back (GET /api/v2/mix/market/history-candles; public), oldest first, 200 at most.
 *
 * @example
 * import { createClassicFuturesClient, getHistoryCandles } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const candles = await getHistoryCandles(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', granularity: '1H' })
 * candles.length // up to 100
 */
export async function getHistoryCandles(
  client: ClientBase,
  parameters: getHistoryCandles.Parameters,
  options: CallOptions = {},
): Promise<getHistoryCandles.ReturnType> {
  requireArgument(ClassicFutures.getHistoryCandles, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getHistoryCandles, parameters, candleRows, options)
}

export declare namespace getHistoryCandles {
  /** `symbol`, `productType`, `granularity` (required); `startTime`, `endTime`, `limit` (at most 200). */
  type Parameters = ClassicFutures.getHistoryCandles.Parameters
  /** The finished candles, oldest first. */
  type ReturnType = CandleRow[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
