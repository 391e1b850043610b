import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type AccountInfo, accountInfo } from '../schemas/accountInfo.js'

/**
 * Reads who the account and the API key are (GET /api/v3/account/info): `userId`, the parent
 * account of a sub-account (`parentId`), the key's IP whitelist (`ips`), `permType`
 * (`read-only`/`read-and-write`) and `permissions` (`uta_mgt`, `uta_trade`, `withdraw`, ...).
 * The exchange asks no permission for it.
 *
 * @example
 * import { createUnifiedClient, getAccountInfo } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { permType, permissions } = await getAccountInfo(client)
 */
export async function getAccountInfo(
  client: ClientBase,
  parameters: getAccountInfo.Parameters = {},
  options: getAccountInfo.Options = {},
): Promise<getAccountInfo.ReturnType> {
  requireArgument(Unified.getAccountInfo, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getAccountInfo, parameters, accountInfo, options)
}

export declare namespace getAccountInfo {
  /** None: `{}`. */
  type Parameters = Unified.getAccountInfo.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `{ userId, inviterId, parentId, channelCode, channel, ips, permType, permissions, regisTime }`. */
  type ReturnType = AccountInfo
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
