/**
 * One request of a unified batch endpoint (`placeBatch`, `modifyBatch`, `cancelBatch`) on core's
 * batch engine (`runOneBatch`), its outcome given back as the exchange answers (one result per
 * item, in order): every item is read as the batch helpers read theirs, so that an unknown
 * outcome is reconciled item by item and the answer is the exchange's truth.
 */
import { ApiError, BaseError, type BatchOutcome, type ChangeOptions } from '@tradeline/core'
import { runOneBatch, runOptionsOf } from '@tradeline/core/internal'
import type { BatchItemResult, SettledBatchItemResult } from '../schemas/ack.js'
import type { ClientBase } from '../types.js'
import { type BatchEngine, batchEngine, matcher, succeeded } from './batches.js'

/**
 * The parameters of a single batch as an error's `retryWith` types them: the list itself (pass it
 * back as it is), which core's `OrderOutcomeUnknownError` reads as a record of its items.
 */
export type BatchCall<items extends readonly unknown[]> = items & Readonly<Record<string, unknown>>

/**
 * Sends the items of one batch (checked by the caller) through the engine and answers as the
 * exchange would have, from what it answered and what reconciliation found. What it throws is
 * `runOneBatch`'s (of `@tradeline/core/internal`): the send's own failure when every item was
 * left with it (refused as a whole, rate limited, aborted, an unknown outcome without
 * reconciliation), an `OrderOutcomeUnknownError` whose `retryWith` is the whole call (the same
 * ids) when an item's outcome stays unknown. Otherwise one result per item, in order: the
 * answer's own when it has one that agrees with the outcome; an item found applied as `applied`
 * (the endpoint's success: `00000` for place and cancel, no code for batch-modify) with the ids
 * found; a refusal with its code; an item proven not applied, or whose order closed with its
 * outcome unknown, with its `error` (see `SettledBatchItemResult`).
 */
export async function oneBatch<item>(
  client: ClientBase,
  engine: Omit<BatchEngine<item>, 'answered'>,
  call: {
    /** The parameters as the caller passed them (a `retryWith` is marked). */
    readonly parameters: unknown
    /** The call to send again after an unknown outcome: the batch with its ids. */
    readonly retryWith: object
    /** The batch's items. */
    readonly items: readonly item[]
  },
  options: ChangeOptions,
  applied: Pick<BatchItemResult, 'code' | 'msg'>,
): Promise<SettledBatchItemResult[]> {
  let answer: readonly BatchItemResult[] | undefined
  const outcomes = await runOneBatch(
    batchEngine(client, {
      ...engine,
      answered: (results) => {
        answer = results
      },
    }),
    call,
    runOptionsOf(client.config, engine.endpoint, options),
  )
  const queries = call.items.map((item) => engine.query(item))
  const entryOf = answer === undefined ? () => undefined : matcher(answer, queries)
  return outcomes.map((outcome) => {
    const entry = entryOf(outcome.index)
    if (outcome.status === 'ok')
      return entry !== undefined && succeeded(entry)
        ? entry
        : { orderId: outcome.orderId, clientOid: outcome.clientOid, ...applied }
    if (outcome.status === 'rejected')
      return (
        entry ?? {
          orderId: outcome.orderId,
          clientOid: outcome.clientOid,
          code: outcome.code,
          msg: outcome.msg,
        }
      )
    return failedEntry(outcome, entry, queries[outcome.index]?.orderId)
  })
}

/** The result of an item that failed alone (e.g. proven not applied), with its `error`. */
function failedEntry(
  outcome: BatchOutcome & { status: 'failed' },
  entry: BatchItemResult | undefined,
  orderId: string | undefined,
): SettledBatchItemResult {
  const { error } = outcome
  // The exchange's own refusal of the item, when it gave one.
  if (entry !== undefined && !succeeded(entry)) return { ...entry, error }
  return {
    orderId: orderId ?? null,
    clientOid: outcome.clientOid,
    code: ApiError.isInstance(error) ? error.code : null,
    msg: BaseError.isInstance(error) ? error.shortMessage : String(error),
    error,
  }
}
