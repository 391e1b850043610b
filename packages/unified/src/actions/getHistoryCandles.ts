import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type CandleRow, candleRows } from '../schemas/marketData.js'

/**
 * Reads finished candles further back (GET /api/v3/market/history-candles; public), oldest first, 100 at most.
 *
 * @example
 * import { createUnifiedClient, getHistoryCandles } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const candles = await getHistoryCandles(client, { category: 'SPOT', symbol: 'ETHUSDT', interval: '1D' })
 * candles.length // up to 100
 */
export async function getHistoryCandles(
  client: ClientBase,
  parameters: getHistoryCandles.Parameters,
  options: getHistoryCandles.Options = {},
): Promise<getHistoryCandles.ReturnType> {
  requireArgument(Unified.getHistoryCandles, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getHistoryCandles, parameters, candleRows, options)
}

export declare namespace getHistoryCandles {
  /** `category`, `symbol`, `interval` (required); `type`, `startTime`, `endTime`, `limit` (at most 100). */
  type Parameters = Unified.getHistoryCandles.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The finished candles, oldest first. */
  type ReturnType = CandleRow[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
