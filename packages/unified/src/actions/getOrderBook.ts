import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type OrderBook, orderBook } from '../schemas/marketData.js'

/**
 * Reads the order book of a symbol (GET /api/v3/market/orderbook; public): `a` (asks) and `b` (bids) as `[price, size]` decimal strings, best first.
 *
 * @example
 * import { createUnifiedClient, getOrderBook } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const { b } = await getOrderBook(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', limit: 5 })
 * b[0] // ['64999.9', '0.312']
 */
export async function getOrderBook(
  client: ClientBase,
  parameters: getOrderBook.Parameters,
  options: getOrderBook.Options = {},
): Promise<getOrderBook.ReturnType> {
  requireArgument(Unified.getOrderBook, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getOrderBook, parameters, orderBook, options)
}

export declare namespace getOrderBook {
  /** `category` (no MARGIN), `symbol` (required); `limit` (levels a side, 5 by default, at most 200). */
  type Parameters = Unified.getOrderBook.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The book: `a` and `b` as decimal strings, best first. */
  type ReturnType = OrderBook
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
