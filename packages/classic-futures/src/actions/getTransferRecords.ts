import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type TransferRecord, transferRecords } from '../schemas/ledger.js'

/**
 * Reads the account's transfers of a coin (GET /api/v2/spot/account/transferRecords), newest
 * first, by sending account, `clientOid` and time; `limit` per `pageNum`.
 *
 * @example
 * import { createClassicFuturesClient, getTransferRecords } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const [last] = await getTransferRecords(client, { coin: 'USDT', clientOid: 'move-1' })
 * last?.status // 'Successful'
 */
export async function getTransferRecords(
  client: ClientBase,
  parameters: getTransferRecords.Parameters,
  options: CallOptions = {},
): Promise<getTransferRecords.ReturnType> {
  requireArgument(ClassicFutures.getTransferRecords, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getTransferRecords,
    parameters,
    transferRecords,
    options,
  )
}

export declare namespace getTransferRecords {
  /** `coin` (required), fromType, times (90 days at most), clientOid, pageNum, limit. */
  type Parameters = ClassicFutures.getTransferRecords.Parameters
  /** The transfers, newest first. */
  type ReturnType = TransferRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
