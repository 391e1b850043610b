import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type CandleRow, candleRows } from '../schemas/marketData.js'

/**
 * Reads the candles of a symbol (GET /api/v3/market/candles; public), oldest first: `[start, open, high, low, close, volume, turnover]` of trades, the mark, index or premium (`type`).
 *
 * @example
 * import { createUnifiedClient, getCandles } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const candles = await getCandles(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', interval: '1m', limit: 2 })
 * candles[0]?.[4] // '65000.0' (the close)
 */
export async function getCandles(
  client: ClientBase,
  parameters: getCandles.Parameters,
  options: getCandles.Options = {},
): Promise<getCandles.ReturnType> {
  requireArgument(Unified.getCandles, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getCandles, parameters, candleRows, options)
}

export declare namespace getCandles {
  /** `category` (no MARGIN), `symbol`, `interval` (required); `type`, `startTime`, `endTime`, `limit` (at most 1000). */
  type Parameters = Unified.getCandles.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The candles, oldest first. */
  type ReturnType = CandleRow[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
