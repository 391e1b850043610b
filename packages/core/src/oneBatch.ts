/**
 * One request of a batch endpoint on the batch engine: the single-batch functions of the clients
 * (`placeBatch`, `cancelBatch`, `modifyBatch`) read their items as the batch helpers read theirs
 * (`runBatches`), so that the lost answer of a batch the exchange applied (a 45001 or an HTTP 500
 * after applying, a time-out) is reconciled item by item, and an item whose outcome stays unknown
 * makes the whole call the one to send again. Each client gives the outcomes back in its
 * endpoint's answer shape.
 */
import {
  type BatchEngine,
  type BatchOutcome,
  type RunBatchesOptions,
  runBatches,
} from './batches.js'
import { combineSignals } from './calls.js'
import {
  isRetry,
  OrderOutcomeUnknownError,
  type ReconcileOptions,
  reconcileSettings,
  retryOf,
  retryOffset,
  retrySince,
} from './reconcile.js'

/** The call of one batch. */
export type OneBatchCall<item> = {
  /** The parameters as the caller passed them (a `retryWith` is marked). */
  readonly parameters: unknown
  /** The call to send again after an unknown outcome: the batch with its ids. */
  readonly retryWith: object
  /** The batch's items as the engine reads them, checked by the caller. */
  readonly items: readonly item[]
}

/**
 * Sends the items of one batch in one request through the engine (`group` and `size` are its
 * own: every item in the one request) and returns one outcome per item, in order. When the call
 * is the retry of an unknown outcome each item is read as a retry (with the call's first
 * attempt), so that a refusal meeting its first attempt is checked. It throws, as one call:
 * - an item whose outcome stays unknown: an `OrderOutcomeUnknownError` whose `retryWith` is the
 *   whole call (`call.retryWith`, the same ids) marked as a retry with the first attempt's time:
 *   sent again, each item is applied at most once, and its answer tells every item's outcome;
 * - the send's own failure when every item was left with it (refused as a whole, rate limited,
 *   aborted, an unknown outcome without reconciliation), and the abort of a signal aborted
 *   before anything was sent (before the call, or while its context loaded): the call's error,
 *   as a single call's.
 *
 * An abort after the send ends the lookups: an item they leave unknown (a retry's refusal
 * checked against its first attempt included) makes the call the `OrderOutcomeUnknownError`,
 * never an item reported not applied. An item that closed with its outcome unknown
 * (`OrderClosedOutcomeUnknownError` of a modification: nothing is to be sent again) stays an
 * item's outcome, and so does an item whose order an earlier item is found applied on (see
 * `runBatches`).
 *
 * @example
 * import { runOneBatch } from '@tradeline/core/internal'
 * const outcomes = await runOneBatch(engine, { parameters: orders, retryWith: orders, items: orders }, { reconcile: undefined })
 */
export async function runOneBatch<item, record>(
  engine: Omit<BatchEngine<item, record>, 'group' | 'size'>,
  call: OneBatchCall<item>,
  options: RunBatchesOptions,
): Promise<BatchOutcome[]> {
  // Aborted already: nothing is sent, the abort is the call's, as a single call's.
  options.signal?.throwIfAborted()
  const since = retrySince(call.parameters)
  const offset = retryOffset(call.parameters)
  const retry = isRetry(call.parameters)
  const items = call.items.map((item) =>
    retry && typeof item === 'object' && item !== null
      ? (retryOf(item, since, offset) as item)
      : item,
  )
  let sends = 0
  let sent: { readonly failed: unknown } | undefined
  const outcomes = await runBatches<item, record>(
    {
      ...engine,
      group: () => '',
      size: Math.max(1, items.length),
      send: (request, chunk, signal) => {
        sends++
        return engine.send(request, chunk, signal).catch((failed: unknown) => {
          sent = { failed }
          throw failed
        })
      },
    },
    items,
    options,
  )
  // Aborted after the call began but before the send (while its context loaded): nothing was
  // sent, so nothing of it applied; the abort is the call's, as a single call's.
  if (sends === 0 && options.signal?.aborted) throw options.signal.reason
  const unknown = outcomes.find(
    (outcome) => outcome.status === 'failed' && OrderOutcomeUnknownError.isInstance(outcome.error),
  )
  if (unknown?.status === 'failed') {
    const error = unknown.error as OrderOutcomeUnknownError
    throw new OrderOutcomeUnknownError({
      error,
      attempts: error.attempts,
      // A list (the items of a single batch) is a record of its items too.
      retryWith: call.retryWith as Readonly<Record<string, unknown>>,
      since: retrySince(error.retryWith),
      offset: retryOffset(error.retryWith),
    })
  }
  if (
    sent !== undefined &&
    outcomes.every((outcome) => outcome.status === 'failed' && outcome.error === sent?.failed)
  )
    throw sent.failed
  return outcomes
}

/**
 * The options of a run of a client's batch engine: the call's reconciliation settings over the
 * client's (checked, naming the endpoint), the client's and the call's signals as one, and
 * `onProgress`.
 */
export function runOptionsOf(
  config:
    | { reconcile?: ReconcileOptions | false | undefined; signal?: AbortSignal | undefined }
    | undefined,
  endpoint: { readonly id: string },
  options: {
    reconcile?: ReconcileOptions | boolean | undefined
    signal?: AbortSignal | undefined
    onProgress?: RunBatchesOptions['onProgress']
  },
): RunBatchesOptions {
  return {
    reconcile: reconcileSettings(options.reconcile, config?.reconcile, endpoint.id),
    signal: combineSignals(config?.signal, options.signal),
    onProgress: options.onProgress,
  }
}
