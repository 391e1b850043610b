import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { trades } from '../schemas/records.js'

/**
 * Reads the latest trades of a symbol (GET /api/v3/stockplus/market/trade); a space `tradeType` is decoded as a regular sale.
 *
 * @example
 * import { createSecuritiesClient, getTrades } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const trades = await getTrades(client, { symbol: 'AAPL.US', count: 10 })
 * trades[0]?.tradeType // { code: ' ', name: 'Regular sale' }
 */
export async function getTrades(
  client: ClientBase,
  parameters: getTrades.Parameters,
  options: CallOptions = {},
): Promise<getTrades.ReturnType> {
  requireArgument(Securities.getTrades, parameters, 'object')
  return callEndpoint(client, Securities.getTrades, parameters, trades, options)
}

export declare namespace getTrades {
  /** `symbol` and `count` (at most 1000). */
  type Parameters = Securities.getTrades.Parameters
  /** The trades: decimals as strings, `timestamp` in Unix ms, `tradeType`, `direction`, `tradeSession` as `{ code, name }`. */
  type ReturnType = import('valibot').InferOutput<typeof trades>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
