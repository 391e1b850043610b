import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type MaxWithdrawal, maxWithdrawal } from '../schemas/accountInfo.js'

/**
 * Reads how much of a coin may be withdrawn now (GET /api/v3/account/max-withdrawal):
 * `utaMaxWithdrawal`, `spotMaxWithdrawal`, `otcMaxWithdrawal` and `totalMaxWithdrawal`, as
 * decimal strings in the coin. The exchange computes it in real time "for reference only" and
 * checks again when the withdrawal is made.
 *
 * @example
 * import { createUnifiedClient, getMaxWithdrawal } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { totalMaxWithdrawal } = await getMaxWithdrawal(client, { coin: 'USDT' })
 */
export async function getMaxWithdrawal(
  client: ClientBase,
  parameters: getMaxWithdrawal.Parameters,
  options: getMaxWithdrawal.Options = {},
): Promise<getMaxWithdrawal.ReturnType> {
  requireArgument(Unified.getMaxWithdrawal, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getMaxWithdrawal, parameters, maxWithdrawal, options)
}

export declare namespace getMaxWithdrawal {
  /** `coin`, required. */
  type Parameters = Unified.getMaxWithdrawal.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `{ coin, otcMaxWithdrawal, spotMaxWithdrawal, utaMaxWithdrawal, totalMaxWithdrawal }`. */
  type ReturnType = MaxWithdrawal
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
