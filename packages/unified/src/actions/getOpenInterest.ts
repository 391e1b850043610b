import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type OpenInterest, openInterest } from '../schemas/marketData.js'

/**
 * Reads the open interest of a futures category, or of one symbol (GET /api/v3/market/open-interest; public).
 *
 * @example
 * import { createUnifiedClient, getOpenInterest } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const { list } = await getOpenInterest(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * list[0]?.openInterest // '2243.019'
 */
export async function getOpenInterest(
  client: ClientBase,
  parameters: getOpenInterest.Parameters,
  options: getOpenInterest.Options = {},
): Promise<getOpenInterest.ReturnType> {
  requireArgument(Unified.getOpenInterest, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getOpenInterest, parameters, openInterest, options)
}

export declare namespace getOpenInterest {
  /** `category` (a futures one, required), `symbol`. */
  type Parameters = Unified.getOpenInterest.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The open interest per symbol and its time. */
  type ReturnType = OpenInterest
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
