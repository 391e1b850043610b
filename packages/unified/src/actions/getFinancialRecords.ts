import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type FinancialRecordPage, financialRecordPage } from '../schemas/ledger.js'

/**
 * Reads a page of the account's financial records (GET /api/v3/account/financial-records),
 * newest first: every change of a balance with its `type`, `amount`, `fee` and the `balance`
 * after it; pass `cursor` back for the next page.
 *
 * @example
 * import { createUnifiedClient, getFinancialRecords } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { list } = await getFinancialRecords(client, { category: 'USDT-FUTURES', type: 'CONTRACT_MAIN_SETTLE_FEE_USER_OUT' })
 * list[0]?.amount // '-3' (funding paid)
 */
export async function getFinancialRecords(
  client: ClientBase,
  parameters: getFinancialRecords.Parameters,
  options: getFinancialRecords.Options = {},
): Promise<getFinancialRecords.ReturnType> {
  requireArgument(Unified.getFinancialRecords, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getFinancialRecords, parameters, financialRecordPage, options)
}

export declare namespace getFinancialRecords {
  /** `category` (required), coin, type, times (30 days at most), limit, cursor. */
  type Parameters = Unified.getFinancialRecords.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** A page of records: `{ list, cursor }`. */
  type ReturnType = FinancialRecordPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
