import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { stockCandles } from '../schemas/market.js'

/**
 * Reads the latest candles of a symbol (GET /api/v3/stockplus/market/candlestick), oldest first: `period` (`1m` to `year`), `count` up to 1000, `adjustType` (`0` none, `1` forward-adjusted), `tradeSessions` (`0` the regular session, `100` all).
 *
 * @example
 * import { createSecuritiesClient, getCandlestick } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getCandlestick(client, { symbol: 'AAPL.US', period: 'day', count: 5 }) // [{ open: '229.1', close: '231.4', ..., timestamp: 1782878400000, tradeSession: { code: 'Overnight', name: 'Overnight' } }, ...]
 */
export async function getCandlestick(
  client: ClientBase,
  parameters: getCandlestick.Parameters,
  options: CallOptions = {},
): Promise<getCandlestick.ReturnType> {
  requireArgument(Securities.getCandlestick, parameters, 'object')
  return callEndpoint(client, Securities.getCandlestick, parameters, stockCandles, options)
}

export declare namespace getCandlestick {
  /** `symbol`, `period`, and optional `count`, `adjustType`, `tradeSessions`. */
  type Parameters = Securities.getCandlestick.Parameters
  /** The candles: prices and volumes as decimal strings, `timestamp` (the candle's start) in Unix ms. */
  type ReturnType = import('valibot').InferOutput<typeof stockCandles>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
