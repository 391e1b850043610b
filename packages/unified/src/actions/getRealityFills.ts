import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type RealityFill, realityFills } from '../schemas/account.js'

/**
 * Reads the platform fill history of rToken pairs of the last three months
 * (GET /api/v3/account/reality-fills; `limit` at most 100).
 *
 * @example
 * import { createUnifiedClient, getRealityFills } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const fills = await getRealityFills(client, { symbol: 'rAAPLUSDT', limit: '10' })
 * fills[0]?.side // 'buy'
 */
export async function getRealityFills(
  client: ClientBase,
  parameters: getRealityFills.Parameters = {},
  options: getRealityFills.Options = {},
): Promise<getRealityFills.ReturnType> {
  requireArgument(Unified.getRealityFills, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getRealityFills, parameters, realityFills, options)
}

export declare namespace getRealityFills {
  /** The query: an rToken `symbol` and a `limit`. */
  type Parameters = Unified.getRealityFills.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The fills: `execId`, `price`, `size`, `side`, `ts`. */
  type ReturnType = readonly RealityFill[]
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
