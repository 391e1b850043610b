import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type RecordsPage, recordsPage } from '../schemas/holdings.js'

/**
 * Lists the savings records of one `periodType` (GET /api/v2/earn/savings/records), newest first: subscriptions, redemptions, interest payments and penalties (`orderType`), of one `coin` when given, with `endId` for the next page (`idLessThan`).
 *
 * @example
 * import { createSavingsClient, getRecords } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * const records = await getRecords(client, { periodType: 'flexible', orderType: 'pay_interest' })
 * records.resultList[0]?.amount // '0.08767123'
 */
export async function getRecords(
  client: ClientBase,
  parameters: getRecords.Parameters,
  options: CallOptions = {},
): Promise<getRecords.ReturnType> {
  requireArgument(Savings.getRecords, parameters, 'object')
  return callEndpoint(client, Savings.getRecords, parameters, recordsPage, options)
}

export declare namespace getRecords {
  /** `periodType` (required), `coin`, `orderType`, `startTime`, `endTime`, `limit`, `idLessThan`. */
  type Parameters = Savings.getRecords.Parameters
  /** A page: `resultList` and `endId`. */
  type ReturnType = RecordsPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
