import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type AccountAssets, accountAssets } from '../schemas/account.js'

/**
 * Reads the account's assets (GET /api/v3/account/assets): equity in USD and BTC and each coin's
 * balance, available, locked and debt amounts as decimal strings.
 *
 * @example
 * import { createUnifiedClient, getAccountAssets } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const accountAssets = await getAccountAssets(client)
 * accountAssets.assets[0]?.coin // 'USDT'
 */
export async function getAccountAssets(
  client: ClientBase,
  parameters: getAccountAssets.Parameters = {},
  options: getAccountAssets.Options = {},
): Promise<getAccountAssets.ReturnType> {
  requireArgument(Unified.getAccountAssets, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getAccountAssets, parameters, accountAssets, options)
}

export declare namespace getAccountAssets {
  /** None. */
  type Parameters = Unified.getAccountAssets.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The assets. */
  type ReturnType = AccountAssets
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
