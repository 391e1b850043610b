import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Market } from '@tradeline/rules/shared'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type TickerRecord, tickerRecords } from '../schemas/position.js'

/**
 * Reads the tickers of a category (no MARGIN), or of one symbol (GET /api/v3/market/tickers; public): last price, best bid and ask, 24 h figures.
 *
 * @example
 * import { createUnifiedClient, getTickers } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const [eth] = await getTickers(client, { category: 'SPOT', symbol: 'ETHUSDT' })
 * eth?.lastPrice // '3200.00'
 */
export async function getTickers(
  client: ClientBase,
  parameters: getTickers.Parameters,
  options: getTickers.Options = {},
): Promise<getTickers.ReturnType> {
  requireArgument(Market.getTickers, parameters, 'object', 'parameters')
  return callEndpoint(client, Market.getTickers, parameters, tickerRecords, options)
}

export declare namespace getTickers {
  /** `category` (required) and `symbol`. */
  type Parameters = Market.getTickers.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The tickers. */
  type ReturnType = TickerRecord[]
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
