import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type OpenInterestLimit, openInterestLimit } from '../schemas/accountInfo.js'

/**
 * Reads the open-interest limits of a futures symbol (GET
 * /api/v3/account/open-interest-limit): `singleUserLimit`, `masterSubLimit` and
 * `marketMakerLimit`, quantities as decimal strings (`null` when the exchange sends `""`).
 * `category` is a futures one.
 *
 * @example
 * import { createUnifiedClient, getOpenInterestLimit } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { singleUserLimit } = await getOpenInterestLimit(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 */
export async function getOpenInterestLimit(
  client: ClientBase,
  parameters: getOpenInterestLimit.Parameters,
  options: getOpenInterestLimit.Options = {},
): Promise<getOpenInterestLimit.ReturnType> {
  requireArgument(Unified.getOpenInterestLimit, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getOpenInterestLimit, parameters, openInterestLimit, options)
}

export declare namespace getOpenInterestLimit {
  /** `category` (a futures one) and `symbol`, both required. */
  type Parameters = Unified.getOpenInterestLimit.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `{ symbol, singleUserLimit, masterSubLimit, marketMakerLimit }`. */
  type ReturnType = OpenInterestLimit
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
