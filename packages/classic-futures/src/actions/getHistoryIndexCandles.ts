import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type CandleRow, candleRows } from '../schemas/market.js'

/**
 * Reads finished candles of the index price (GET /api/v2/mix/market/history-index-candles; public), oldest first, 200 at most.
 *
 * @example
 * import { createClassicFuturesClient, getHistoryIndexCandles } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const candles = await getHistoryIndexCandles(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', granularity: '5m' })
 * candles[0]?.[4] // '29803' (the close)
 */
export async function getHistoryIndexCandles(
  client: ClientBase,
  parameters: getHistoryIndexCandles.Parameters,
  options: CallOptions = {},
): Promise<getHistoryIndexCandles.ReturnType> {
  requireArgument(ClassicFutures.getHistoryIndexCandles, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getHistoryIndexCandles,
    parameters,
    candleRows,
    options,
  )
}

export declare namespace getHistoryIndexCandles {
  /** `symbol`, `productType`, `granularity` (required); `startTime`, `endTime`, `limit` (at most 200). */
  type Parameters = ClassicFutures.getHistoryIndexCandles.Parameters
  /** The finished candles, oldest first. */
  type ReturnType = CandleRow[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
