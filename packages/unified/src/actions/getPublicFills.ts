import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type PublicFill, publicFills } from '../schemas/marketData.js'

/**
 * Reads the recent public fills of a symbol (GET /api/v3/market/fills; public), newest first.
 *
 * @example
 * import { createUnifiedClient, getPublicFills } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const [last] = await getPublicFills(client, { category: 'SPOT', symbol: 'ETHUSDT', limit: 1 })
 * last?.price // '3200.00'
 */
export async function getPublicFills(
  client: ClientBase,
  parameters: getPublicFills.Parameters,
  options: getPublicFills.Options = {},
): Promise<getPublicFills.ReturnType> {
  requireArgument(Unified.getPublicFills, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getPublicFills, parameters, publicFills, options)
}

export declare namespace getPublicFills {
  /** `category`, `symbol` (required); `limit` (at most 100). */
  type Parameters = Unified.getPublicFills.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The fills, newest first. */
  type ReturnType = PublicFill[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
