import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { stockCandles } from '../schemas/market.js'

/**
 * Reads candles of a symbol from a point in time (GET /api/v3/stockplus/market/history-candlestick), oldest first: `time` in Unix ms (the latest when absent) and `forward` (`true` later from `time`, `false` earlier), with the fields of {@link getCandlestick}.
 *
 * @example
 * import { createSecuritiesClient, getHistoryCandlestick } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getHistoryCandlestick(client, { symbol: 'AAPL.US', period: '1m', count: 10, forward: false, time: 1782914400000 }) // 10 candles ending with the one holding `time`
 */
export async function getHistoryCandlestick(
  client: ClientBase,
  parameters: getHistoryCandlestick.Parameters,
  options: CallOptions = {},
): Promise<getHistoryCandlestick.ReturnType> {
  requireArgument(Securities.getHistoryCandlestick, parameters, 'object')
  return callEndpoint(client, Securities.getHistoryCandlestick, parameters, stockCandles, options)
}

export declare namespace getHistoryCandlestick {
  /** `symbol`, `period`, and optional `count`, `adjustType`, `tradeSessions`, `forward`, `time`. */
  type Parameters = Securities.getHistoryCandlestick.Parameters
  /** The candles, as {@link getCandlestick} returns them. */
  type ReturnType = import('valibot').InferOutput<typeof stockCandles>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
