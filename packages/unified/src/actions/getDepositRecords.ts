import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type DepositRecords, depositRecords } from '../schemas/wallet.js'

/**
 * Reads the deposits made between `startTime` and `endTime` (GET
 * /api/v3/account/deposit-records, both required), of one `coin` or `orderId` when given: 20 a
 * page (`limit` up to 100), the next page by `cursor`, the smallest `orderId` of this one.
 *
 * @example
 * import { createUnifiedClient, getDepositRecords } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const deposits = await getDepositRecords(client, { startTime: '1700561435000', endTime: '1703153435933' })
 * deposits[0]?.status // 'success'
 */
export async function getDepositRecords(
  client: ClientBase,
  parameters: getDepositRecords.Parameters,
  options: getDepositRecords.Options = {},
): Promise<getDepositRecords.ReturnType> {
  requireArgument(Unified.getDepositRecords, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getDepositRecords, parameters, depositRecords, options)
}

export declare namespace getDepositRecords {
  /** `startTime`, `endTime` (required), `coin`, `orderId`, `limit`, `cursor`. */
  type Parameters = Unified.getDepositRecords.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The deposits, newest first. */
  type ReturnType = DepositRecords
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
