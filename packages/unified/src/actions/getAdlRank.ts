import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type AdlRankRecord, adlRanks } from '../schemas/position.js'

/**
 * Reads where each open futures position of the account stands in the auto-deleveraging queue
 * (GET /api/v3/position/adlRank, 1 per second per UID): one entry per position, `symbol`,
 * `marginCoin`, `holdSide` and `adlRank`, a decimal string: the closer to 1, the sooner an
 * auto-deleveraging event reduces the position. `[]` when the account holds none.
 *
 * @example
 * import { createUnifiedClient, getAdlRank } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const ranks = await getAdlRank(client)
 * ranks[0]?.adlRank // '0.4872'
 */
export async function getAdlRank(
  client: ClientBase,
  parameters: getAdlRank.Parameters = {},
  options: getAdlRank.Options = {},
): Promise<getAdlRank.ReturnType> {
  requireArgument(Unified.getAdlRank, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getAdlRank, parameters, adlRanks, options)
}

export declare namespace getAdlRank {
  /** None. */
  type Parameters = Unified.getAdlRank.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** One entry per open position. */
  type ReturnType = AdlRankRecord[]
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
