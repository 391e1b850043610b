import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type WithdrawalRecords, withdrawalRecords } from '../schemas/wallet.js'

/**
 * Reads the withdrawals made between `startTime` and `endTime` (GET
 * /api/v3/account/withdrawal-records, both required), of one `coin`, `orderId` or `clientOid`
 * when given (`orderId` wins when both are), paged as the deposit records.
 *
 * @example
 * import { createUnifiedClient, getWithdrawalRecords } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const [sent] = await getWithdrawalRecords(client, { clientOid: 'rent-may', startTime: '1700561435000', endTime: '1703153435933' })
 * sent?.status // 'success'
 */
export async function getWithdrawalRecords(
  client: ClientBase,
  parameters: getWithdrawalRecords.Parameters,
  options: getWithdrawalRecords.Options = {},
): Promise<getWithdrawalRecords.ReturnType> {
  requireArgument(Unified.getWithdrawalRecords, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getWithdrawalRecords, parameters, withdrawalRecords, options)
}

export declare namespace getWithdrawalRecords {
  /** `startTime`, `endTime` (required), `coin`, `orderId`, `clientOid`, `limit`, `cursor`. */
  type Parameters = Unified.getWithdrawalRecords.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The withdrawals, newest first. */
  type ReturnType = WithdrawalRecords
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
