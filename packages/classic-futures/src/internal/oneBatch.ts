/**
 * One request of a classic batch endpoint (`placeBatch`, `cancelBatch`) on core's batch engine
 * (`runOneBatch`), its outcome given back in the exchange's answer shape (`successList`,
 * `failureList`): every item is read as the batch helpers read theirs, so that an unknown outcome
 * is reconciled item by item and the answer is the exchange's truth.
 */
import { ApiError, BaseError, type BatchOutcome } from '@tradeline/core'
import { runOneBatch, runOptionsOf } from '@tradeline/core/internal'
import type { BatchResult, SettledBatchResult } from '../schemas/records.js'
import type { BatchOptions, ClientBase } from '../types.js'
import { batchEngine, type ClassicBatchEngine } from './batches.js'

type Entry = BatchResult['successList'][number]
type Failure = BatchResult['failureList'][number]

/**
 * Sends the items of one batch (checked by the caller) through the engine and answers as the
 * exchange would have, from what it answered and what reconciliation found. What it throws is
 * `runOneBatch`'s (of `@tradeline/core/internal`): the send's own failure when every item was
 * left with it, an `OrderOutcomeUnknownError` whose `retryWith` is the whole call (the same ids)
 * when an item's outcome stays unknown. Otherwise `successList` (applied: answered so, or found
 * so) and `failureList` (refused by the exchange with its `errorCode`; proven not applied, with
 * `errorCode` `null`, the error's `shortMessage` as `errorMsg` and the error as `error`).
 */
export async function oneBatch<item, record>(
  client: ClientBase,
  engine: Omit<ClassicBatchEngine<item, record>, 'group' | 'answered'>,
  call: {
    /** The parameters as the caller passed them (a `retryWith` is marked). */
    readonly parameters: unknown
    /** The call to send again after an unknown outcome: the batch with its ids. */
    readonly retryWith: Readonly<Record<string, unknown>>
    /** The fields the batch's items share (its contract). */
    readonly shared: object
    /** The batch's items, without the shared fields. */
    readonly list: readonly object[]
  },
  options: BatchOptions,
): Promise<SettledBatchResult> {
  // Each item with the shared fields, as the engine's items are.
  const items = call.list.map((own) => ({ ...call.shared, ...own }) as item)
  let answer: BatchResult | undefined
  const outcomes = await runOneBatch<item, record>(
    batchEngine(client, {
      ...engine,
      group: () => '',
      answered: (result) => {
        answer = result
      },
    }),
    { parameters: call.parameters, retryWith: call.retryWith, items },
    runOptionsOf(client.config, engine.endpoint, options),
  )
  const result: SettledBatchResult = {
    successList: [],
    failureList: [],
    result: null,
  }
  for (const outcome of outcomes) {
    if (outcome.status === 'ok')
      result.successList.push(
        answered(answer?.successList, outcome) ?? {
          orderId: outcome.orderId,
          clientOid: outcome.clientOid,
          symbol: null,
        },
      )
    else if (outcome.status === 'rejected')
      result.failureList.push(
        (answered(answer?.failureList, outcome) as Failure | undefined) ?? {
          orderId: outcome.orderId,
          clientOid: outcome.clientOid,
          symbol: null,
          errorCode: outcome.code || null,
          errorMsg: outcome.msg || null,
        },
      )
    else result.failureList.push(failedEntry(engine, items[outcome.index] as item, outcome))
  }
  // "true when all orders succeeded": the exchange's own when it answered, else what was found
  // of every order (an answer lost, its orders settled by lookups).
  result.result = answer?.result ?? result.failureList.length === 0
  return result
}

/**
 * The answer's own entry of an item, when it has one (by `orderId`, else by `clientOid`). An
 * empty `orderId` (a refused placement's) names no order: two refused items would otherwise both
 * be given the first refusal's entry.
 */
function answered<entry extends Entry>(
  list: readonly entry[] | undefined,
  outcome: { readonly orderId: string | null; readonly clientOid: string | null },
): entry | undefined {
  const orderId = outcome.orderId || null
  return list?.find((entry) =>
    orderId !== null && entry.orderId
      ? entry.orderId === orderId
      : outcome.clientOid !== null && entry.clientOid === outcome.clientOid,
  )
}

/** The `failureList` entry of an item that failed alone (e.g. proven not applied). */
function failedEntry<item>(
  engine: Pick<ClassicBatchEngine<item, unknown>, 'query'>,
  item: item,
  outcome: BatchOutcome & { status: 'failed' },
): Failure & { error: unknown } {
  const { error } = outcome
  return {
    orderId: engine.query(item).orderId ?? null,
    clientOid: outcome.clientOid,
    symbol: null,
    errorCode: ApiError.isInstance(error) ? error.code : null,
    errorMsg: BaseError.isInstance(error) ? error.shortMessage : String(error),
    error,
  }
}
