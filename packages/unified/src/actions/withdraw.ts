import type { Named, WriteErrorType } from '@tradeline/core'
import { BaseError, callEndpoint, clientOidFor, settle, UnknownOutcomeError } from '@tradeline/core'
import { answeredIds } from '@tradeline/core/internal'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { sameDecimal, settingsOf } from '../internal/settle.js'
import {
  type WithdrawalRecord,
  type WithdrawResult,
  withdrawalRecords,
  withdrawResult,
} from '../schemas/wallet.js'

/**
 * How far before the send and after the failure the withdrawal records are searched: the
 * exchange refuses a request stamped more than 30 seconds off its clock, so a withdrawal it took
 * was created well within this of the client's clock.
 */
const lookupMarginMs = 5 * 60_000

/**
 * Withdraws `size` of `coin` (POST /api/v3/account/withdrawal): on a chain (`transferType`
 * `on_chain`, with `chain` and the chain `address`) or to another exchange account
 * (`internal_transfer`, `address` a UID, or an email or mobile number as `innerToType` says).
 * Answers the exchange's `orderId` and the `clientOid`.
 *
 * Money leaves the account, so it is never sent twice. It always carries a `clientOid`
 * (generated when absent) and is sent once: an unknown outcome (a timeout, a lost connection,
 * `40010`/`45001`, an answer that cannot be read) is settled by the withdrawal records, read by
 * that `clientOid`, looked up as the client's reconciliation settings say (`reconcile`; one lookup
 * when it is off). A record counts only when it shows what was sent (coin, size, address, and
 * the chain of an on-chain withdrawal) and is not a withdrawal this client answered before (a
 * `clientOid` used again names the earlier one too): a record `pending` or `success` is the
 * withdrawal (its answer is returned),
 * one `fail` is a `WithdrawalFailedError` (it did not leave). When no lookup shows it (or none
 * can read the records), a `WithdrawalOutcomeUnknownError` names the `clientOid`: read the
 * withdrawal records by it (`account.getWithdrawalRecords`) before deciding to send anything
 * again; the exchange does not document that it refuses a `clientOid` already used.
 *
 * @example
 * import { createUnifiedClient, withdraw } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { orderId, clientOid } = await withdraw(client, { coin: 'USDT', transferType: 'internal_transfer', address: '234234242', size: '100' })
 */
export async function withdraw(
  client: ClientBase,
  parameters: withdraw.Parameters,
  options: withdraw.Options = {},
): Promise<withdraw.ReturnType> {
  requireArgument(Unified.withdraw, parameters, 'object', 'parameters')
  const request = { ...parameters, clientOid: clientOidFor(client, parameters.clientOid) }
  const { clock } = client.transport
  const since = clock.now()
  try {
    const sent = await callEndpoint(client, Unified.withdraw, request, withdrawResult, options)
    answered.remember(client, sent.orderId)
    return { ...sent, clientOid: sent.clientOid ?? request.clientOid }
  } catch (error) {
    if (!UnknownOutcomeError.isInstance(error)) throw error
    const { clientOid } = request
    // The client's reconciliation settings (default: 6 lookups from 250 ms); off, one lookup.
    const settings = settingsOf(client, undefined, Unified.withdraw) ?? {
      attempts: 1,
      baseDelayMs: 0,
    }
    const found = await settle<withdraw.ReturnType, WithdrawalRecord>({
      error,
      settings,
      signal: options.signal,
      lookup: async (signal) => {
        const records = await callEndpoint(
          client,
          Unified.getWithdrawalRecords,
          {
            coin: request.coin,
            clientOid,
            startTime: String(since - lookupMarginMs),
            endTime: String(clock.now() + lookupMarginMs),
          },
          withdrawalRecords,
          { signal },
        )
        return records.find(
          (item) => item.clientOid === clientOid && showsSent(client, item, request),
        )
      },
      // Not shown yet: it may still appear (the exchange may record it late).
      judge: (record) =>
        record === undefined
          ? { kind: 'pending' }
          : record.status === 'fail'
            ? { kind: 'not-applied', final: true }
            : record.orderId
              ? { kind: 'done', value: { orderId: record.orderId, clientOid } }
              : { kind: 'pending' },
      notApplied: (record) =>
        new WithdrawalFailedError({ clientOid, orderId: record?.orderId ?? '', cause: error }),
      unresolved: () => new WithdrawalOutcomeUnknownError({ error, clientOid }),
    })
    answered.remember(client, found.orderId)
    return found
  }
}

/**
 * The withdrawals each client has answered (sent and acknowledged, or found by a lookup): a
 * record of one is that earlier call's, never a later withdrawal's, also when the caller used the
 * same `clientOid` again (the exchange does not document that it refuses one).
 */
const answered = answeredIds()

/**
 * Whether a withdrawal record found by `clientOid` can be this call's: not one this client
 * answered before, and showing what was sent where the record shows it (the coin in any case,
 * the size as a decimal, the address, and the chain of an on-chain withdrawal).
 */
function showsSent(
  client: object,
  record: WithdrawalRecord,
  sent: { coin: string; size: string; address: string; chain?: string | undefined },
): boolean {
  if (record.orderId !== null && answered.has(client, record.orderId)) return false
  const same = (shown: string | null, asked: string | undefined) =>
    shown === null || asked === undefined || shown.toLowerCase() === asked.toLowerCase()
  return (
    same(record.coin, sent.coin) &&
    (record.size === null || sameDecimal(record.size, sent.size)) &&
    same(record.toAddress, sent.address) &&
    same(record.chain, sent.chain)
  )
}

export declare namespace withdraw {
  /** `coin`, `transferType`, `address`, `size` (required), `chain`, `clientOid`, ... */
  type Parameters = Unified.withdraw.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `orderId` and the `clientOid` sent. */
  type ReturnType = WithdrawResult & { clientOid: string }
  /** What the call may throw: never resent; see the two withdrawal errors. */
  type ErrorType =
    | WriteErrorType
    | Named<WithdrawalOutcomeUnknownError, 'WithdrawalOutcomeUnknownError'>
    | Named<WithdrawalFailedError, 'WithdrawalFailedError'>
}

/**
 * A withdrawal whose answer was lost and which the withdrawal records did not show (or could not
 * be read): it may have left, or may still leave. Nothing is sent again; read the withdrawal
 * records by `clientOid` (`account.getWithdrawalRecords`) before deciding to withdraw again.
 * An `UnknownOutcomeError`, with the `clientOid`.
 *
 * @example
 * import { WithdrawalOutcomeUnknownError } from '@tradeline/unified'
 * const caught: unknown = undefined
 * if (WithdrawalOutcomeUnknownError.isInstance(caught)) caught.clientOid // read the records by it
 */
export class WithdrawalOutcomeUnknownError extends UnknownOutcomeError {
  static override readonly kind: string = 'WithdrawalOutcomeUnknownError'
  override name = 'WithdrawalOutcomeUnknownError'
  /** The `clientOid` the withdrawal was sent with. */
  readonly clientOid: string

  constructor(parameters: { error: UnknownOutcomeError; clientOid: string }) {
    const { error } = parameters
    super({
      endpoint: error.endpoint,
      method: error.method,
      path: error.path,
      reason: error.reason,
      code: error.code,
      msg: error.msg,
      status: error.status,
      cause: error,
      advice: [
        `The withdrawal records did not show clientOid ${parameters.clientOid}; the withdrawal may have left or may still leave.`,
        'Read the withdrawal records by that clientOid before sending a withdrawal again.',
      ],
    })
    this.clientOid = parameters.clientOid
  }
}

/**
 * A withdrawal whose answer was lost is shown `fail` by the withdrawal records: it did not
 * leave; a new withdrawal takes a new `clientOid`.
 *
 * @example
 * import { WithdrawalFailedError } from '@tradeline/unified'
 * new WithdrawalFailedError({ clientOid: 'w-1', orderId: '1004' }).shortMessage
 * // 'The withdrawal w-1 failed: the withdrawal records show it fail.'
 */
export class WithdrawalFailedError extends BaseError {
  static override readonly kind: string = 'WithdrawalFailedError'
  override name = 'WithdrawalFailedError'
  /** The `clientOid` of the withdrawal. */
  readonly clientOid: string
  /** The exchange's id of the failed withdrawal. */
  readonly orderId: string

  constructor(parameters: { clientOid: string; orderId: string; cause?: unknown }) {
    super(`The withdrawal ${parameters.clientOid} failed: the withdrawal records show it fail.`, {
      metaMessages: [
        `The answer to the withdrawal was lost; its record ${parameters.orderId} says fail: nothing left.`,
        'Send a new withdrawal, with a new clientOid, if it is still wanted.',
      ],
      cause: parameters.cause,
    })
    this.clientOid = parameters.clientOid
    this.orderId = parameters.orderId
  }
}
