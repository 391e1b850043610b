import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { transferAck } from '../schemas/records.js'

/**
 * Moves funds between the spot account and the securities account (POST /api/v3/stockplus/asset/transfer). Not reconciled: an unknown outcome is thrown as core's `UnknownOutcomeError` and nothing is sent again.
 *
 * @example
 * import { createSecuritiesClient, transfer } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await transfer(client, { coin: 'USDC', amount: '100', direction: 'in' }) // { transferId: '1001' }
 */
export async function transfer(
  client: ClientBase,
  parameters: transfer.Parameters,
  options: CallOptions = {},
): Promise<transfer.ReturnType> {
  requireArgument(Securities.transfer, parameters, 'object')
  return callEndpoint(client, Securities.transfer, parameters, transferAck, options)
}

export declare namespace transfer {
  /** `coin` (`USDC`, `USD`), `amount`, `direction` (`in` to the securities account, `out` from it). */
  type Parameters = Securities.transfer.Parameters
  /** The `transferId`. */
  type ReturnType = import('valibot').InferOutput<typeof transferAck>
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
