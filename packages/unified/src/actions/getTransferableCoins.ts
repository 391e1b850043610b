import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type TransferableCoins, transferableCoins } from '../schemas/funds.js'

/**
 * Reads which coins may move from one account to another (GET
 * /api/v3/account/transferable-coins): `fromType` and `toType` are `uta` or a classic account
 * (`Unified.transferAccountTypes`); answers the coin names.
 *
 * @example
 * import { createUnifiedClient, getTransferableCoins } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const coins = await getTransferableCoins(client, { fromType: 'uta', toType: 'spot' })
 * coins.includes('USDT')
 */
export async function getTransferableCoins(
  client: ClientBase,
  parameters: getTransferableCoins.Parameters,
  options: getTransferableCoins.Options = {},
): Promise<getTransferableCoins.ReturnType> {
  requireArgument(Unified.getTransferableCoins, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getTransferableCoins, parameters, transferableCoins, options)
}

export declare namespace getTransferableCoins {
  /** `fromType` and `toType`, both required. */
  type Parameters = Unified.getTransferableCoins.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The coin names, a list. */
  type ReturnType = TransferableCoins
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
