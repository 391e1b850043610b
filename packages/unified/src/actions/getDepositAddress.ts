import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type DepositAddress, depositAddress } from '../schemas/wallet.js'

/**
 * Reads where `coin` is deposited (GET /api/v3/account/deposit-address): the `address`, and the
 * `tag` some coins need with it, on `chain` (the exchange picks one when none is given); `size`
 * only for a BTC Lightning invoice.
 *
 * @example
 * import { createUnifiedClient, getDepositAddress } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { address, chain } = await getDepositAddress(client, { coin: 'USDT', chain: 'trc20' })
 */
export async function getDepositAddress(
  client: ClientBase,
  parameters: getDepositAddress.Parameters,
  options: getDepositAddress.Options = {},
): Promise<getDepositAddress.ReturnType> {
  requireArgument(Unified.getDepositAddress, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getDepositAddress, parameters, depositAddress, options)
}

export declare namespace getDepositAddress {
  /** `coin` (required), `chain`, `size` (BTC Lightning only). */
  type Parameters = Unified.getDepositAddress.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `address`, `chain`, `coin`, `tag`, `url`. */
  type ReturnType = DepositAddress
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
