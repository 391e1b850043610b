import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type CandleRow, candleRows } from '../schemas/market.js'

/**
 * Reads the candles of a symbol (GET /api/v2/mix/market/candles; public), oldest first: `[start, open, high, low, close, volume, turnover]`, of trades, the mark or the index price (`kLineType`).
 *
 * @example
 * import { createClassicFuturesClient, getCandles } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const candles = await getCandles(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', granularity: '1m', limit: 2 })
 * candles[0]?.[4] // '65000.0' (the close)
 */
export async function getCandles(
  client: ClientBase,
  parameters: getCandles.Parameters,
  options: CallOptions = {},
): Promise<getCandles.ReturnType> {
  requireArgument(ClassicFutures.getCandles, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getCandles, parameters, candleRows, options)
}

export declare namespace getCandles {
  /** `symbol`, `productType`, `granularity` (required); `kLineType`, `startTime`, `endTime`, `limit` (at most 1000). */
  type Parameters = ClassicFutures.getCandles.Parameters
  /** The candles, oldest first. */
  type ReturnType = CandleRow[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
