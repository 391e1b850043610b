import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type AccountSettings, accountSettings } from '../schemas/account.js'

/**
 * Reads the account settings (GET /api/v3/account/settings): the account mode, `holdMode` (the position mode the client checks `posSide` and `reduceOnly` with), STP mode and per-symbol margin settings.
 *
 * @example
 * import { createUnifiedClient, getAccountSettings } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const accountSettings = await getAccountSettings(client)
 * accountSettings.holdMode // 'one_way_mode'
 */
export async function getAccountSettings(
  client: ClientBase,
  parameters: getAccountSettings.Parameters = {},
  options: getAccountSettings.Options = {},
): Promise<getAccountSettings.ReturnType> {
  requireArgument(Unified.getAccountSettings, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getAccountSettings, parameters, accountSettings, options)
}

export declare namespace getAccountSettings {
  /** None. */
  type Parameters = Unified.getAccountSettings.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The settings. */
  type ReturnType = AccountSettings
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
