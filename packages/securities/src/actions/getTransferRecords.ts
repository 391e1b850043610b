import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { transferRecords } from '../schemas/moneyRecords.js'

/**
 * Reads the transfers between the spot account and the securities account (GET
 * /api/v3/stockplus/asset/transfer-records), newest first: one by `transferId`, or those between
 * `startTime` and `endTime` (Unix ms), `limit` at a time; pass the last record's `cursor` for the
 * next page.
 *
 * @example
 * import { createSecuritiesClient, getTransferRecords } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const page = await getTransferRecords(client, { limit: 20 })
 * const next = await getTransferRecords(client, { limit: 20, cursor: page.at(-1)?.cursor ?? undefined })
 */
export async function getTransferRecords(
  client: ClientBase,
  parameters: getTransferRecords.Parameters = {},
  options: CallOptions = {},
): Promise<getTransferRecords.ReturnType> {
  requireArgument(Securities.getTransferRecords, parameters, 'object')
  return callEndpoint(client, Securities.getTransferRecords, parameters, transferRecords, options)
}

export declare namespace getTransferRecords {
  /** `transferId`, `startTime`, `endTime` (Unix ms), `limit` (1 to 100), `cursor`. */
  type Parameters = Securities.getTransferRecords.Parameters
  /** The transfers, `amount` as a decimal string. */
  type ReturnType = import('valibot').InferOutput<typeof transferRecords>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
