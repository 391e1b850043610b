import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type MaxTransferable, maxTransferable } from '../schemas/funds.js'

/**
 * Reads how much of a coin may leave the unified account now (GET
 * /api/v3/account/max-transferable): `maxTransfer`, and `borrowMaxTransfer` with borrowed coins,
 * as decimal strings in the coin.
 *
 * @example
 * import { createUnifiedClient, getMaxTransferable } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { maxTransfer } = await getMaxTransferable(client, { coin: 'USDT' })
 */
export async function getMaxTransferable(
  client: ClientBase,
  parameters: getMaxTransferable.Parameters,
  options: getMaxTransferable.Options = {},
): Promise<getMaxTransferable.ReturnType> {
  requireArgument(Unified.getMaxTransferable, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getMaxTransferable, parameters, maxTransferable, options)
}

export declare namespace getMaxTransferable {
  /** `coin`, required. */
  type Parameters = Unified.getMaxTransferable.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `{ coin, maxTransfer, borrowMaxTransfer }`. */
  type ReturnType = MaxTransferable
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
