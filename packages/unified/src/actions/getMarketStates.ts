import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import type { CallOptions, ClientBase } from '../internal/call.js'
import { type MarketStates, marketStatesResponse } from '../schemas/market.js'

/**
 * Reads the trading-session schedule of the US stock market (GET /api/v3/reality/market/states;
 * public, 1 call per second per IP).
 *
 * @example
 * import { createUnifiedClient, getMarketStates } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const [us] = await getMarketStates(client)
 * us?.stateList.map((s) => s.state) // ['pre_market', 'regular', 'after_hours', 'overnight']
 */
export async function getMarketStates(
  client: ClientBase,
  options: getMarketStates.Options = {},
): Promise<getMarketStates.ReturnType> {
  return callEndpoint(client, Unified.getMarketStates, {}, marketStatesResponse, options)
}

export declare namespace getMarketStates {
  type Options = CallOptions
  type ReturnType = readonly MarketStates[]
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
