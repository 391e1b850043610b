import type { Named, WriteErrorType } from '@tradeline/core'
import {
  BaseError,
  callEndpoint,
  clientOidFor,
  OrderOutcomeUnknownError,
  UnknownOutcomeError,
} from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type TransferAck, transferAck, transferRecords } from '../schemas/ledger.js'

/**
 * Moves funds between the account's own accounts (POST /api/v2/spot/wallet/transfer): spot,
 * the futures accounts (`usdt_futures`, ...), margin, funding. It always carries a `clientOid`
 * (generated when absent) and is sent once: an unknown outcome (timeout, lost connection,
 * 40010/45001) is settled by the transfer records by `clientOid`: a record `Successful` or
 * `Processing` (the exchange accepted it) is the transfer, one `Failed` is a
 * `TransferFailedError` (nothing moved); when they do not show it, an `OrderOutcomeUnknownError`
 * whose `retryWith` (the same `clientOid`) is safe to send, since the exchange answers a used
 * `clientOid` with its transfer instead of moving funds again.
 *
 * @example
 * import { createClassicFuturesClient, transfer } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await transfer(client, { fromType: 'spot', toType: 'usdt_futures', amount: '100', coin: 'USDT' })
 * // { transferId: '1004', clientOid: 'tl-…' }
 */
export async function transfer(
  client: ClientBase,
  parameters: transfer.Parameters,
  options: CallOptions = {},
): Promise<transfer.ReturnType> {
  requireArgument(ClassicFutures.transfer, parameters, 'object')
  const request = { ...parameters, clientOid: clientOidFor(client, parameters.clientOid) }
  try {
    return await callEndpoint(client, ClassicFutures.transfer, request, transferAck, options)
  } catch (error) {
    if (!UnknownOutcomeError.isInstance(error)) throw error
    const found = await callEndpoint(
      client,
      ClassicFutures.getTransferRecords,
      { coin: request.coin, clientOid: request.clientOid },
      transferRecords,
      options,
    ).catch(() => [])
    const record = found.find((item) => item.clientOid === request.clientOid)
    if (record?.status === 'Failed')
      throw new TransferFailedError({
        clientOid: request.clientOid,
        transferId: record.transferId,
        cause: error,
      })
    if (record) return { transferId: record.transferId, clientOid: request.clientOid }
    throw new OrderOutcomeUnknownError({
      error,
      attempts: 1,
      clientOid: request.clientOid,
      retryWith: request,
    })
  }
}

export declare namespace transfer {
  /** `fromType`, `toType`, `amount`, `coin` (required), `symbol` (isolated margin), `clientOid`. */
  type Parameters = ClassicFutures.transfer.Parameters
  /** `transferId` and `clientOid`. */
  type ReturnType = TransferAck
  /** What the call may throw: `OrderOutcomeUnknownError` when the outcome stays unknown. */
  type ErrorType =
    | WriteErrorType
    | Named<OrderOutcomeUnknownError<transfer.Parameters>, 'OrderOutcomeUnknownError'>
    | Named<TransferFailedError, 'TransferFailedError'>
}

/**
 * A transfer whose answer was lost is shown `Failed` by the transfer records: nothing moved, and
 * the same `clientOid` names that failed transfer; decide afresh (a new transfer takes a new
 * `clientOid`).
 *
 * @example
 * import { TransferFailedError } from '@tradeline/classic-futures'
 * new TransferFailedError({ clientOid: 'tr-1', transferId: '1004' }).shortMessage
 * // 'The transfer tr-1 failed: the transfer records show it Failed.'
 */
export class TransferFailedError extends BaseError {
  static override readonly kind: string = 'TransferFailedError'
  override name = 'TransferFailedError'
  /** The `clientOid` of the transfer. */
  readonly clientOid: string
  /** The exchange's id of the failed transfer. */
  readonly transferId: string

  constructor(parameters: { clientOid: string; transferId: string; cause?: unknown }) {
    super(`The transfer ${parameters.clientOid} failed: the transfer records show it Failed.`, {
      metaMessages: [
        `The answer to the transfer was lost; its record ${parameters.transferId} says Failed: nothing moved.`,
        'Send a new transfer, with a new clientOid, if it is still wanted.',
      ],
      cause: parameters.cause,
    })
    this.clientOid = parameters.clientOid
    this.transferId = parameters.transferId
  }
}
