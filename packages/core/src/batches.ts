/**
 * Any number of batch items, shared by every client: grouped (one group per batch: a category,
 * or a contract and its margin settings), cut into batches of the endpoint's size, all checked
 * before the first is sent, sent one after another (at the rate limiter's pace), with per-item
 * outcomes in input order and unknown outcomes reconciled item by item.
 */
import {
  type BaseError,
  Endpoint,
  Issue,
  type Issues,
  ValidationError,
} from '@tradeline/rules/shared'
import { itemOutcome, itemsRefused, reconcileItems, type Unindexed } from './batchItems.js'
import type { ChangeVerdict, RefusalMeaning } from './change.js'
import type { ApiError } from './Errors.js'
import { isReconcilable, type ReconcileSettings } from './reconcile.js'

/** What a batch item ended as, from the exchange's answer. */
export type ItemResult =
  | { readonly status: 'ok'; readonly orderId: string | null; readonly clientOid: string | null }
  | {
      readonly status: 'rejected'
      readonly orderId: string | null
      readonly clientOid: string | null
      readonly code: string
      readonly msg: string
    }

/** The acknowledgement of an item settled by reconciliation. */
export type SettledAck = { readonly orderId: string | null; readonly clientOid: string | null }

/**
 * The outcome of one item of a batch helper. `orderId` is the type of an `ok` item's order id:
 * `string` where the helper guarantees it (the placements resolve a missing one by lookup, else
 * the item fails), `string | null` where the exchange may leave it out.
 */
export type BatchOutcome<orderId extends string | null = string | null> =
  | {
      /** The exchange applied the item (or reconciliation found it applied). */
      readonly status: 'ok'
      /** The item's position in the input. */
      readonly index: number
      readonly orderId: orderId
      readonly clientOid: string | null
    }
  | {
      /** The exchange refused the item with its own code and message. */
      readonly status: 'rejected'
      readonly index: number
      readonly orderId: string | null
      readonly clientOid: string | null
      readonly code: string
      readonly msg: string
    }
  | {
      /**
       * The item's batch failed as a whole (`error`: e.g. a rate limit, an abort), or the outcome
       * stayed unknown (`OrderOutcomeUnknownError`, with the item as `retryWith`), or
       * reconciliation proved it not applied (the order changed by an earlier item of the call
       * included), or the order closed without showing whether it applied
       * (`OrderClosedOutcomeUnknownError`: nothing to send again).
       */
      readonly status: 'failed'
      readonly index: number
      readonly clientOid: string | null
      readonly error: unknown
    }

/**
 * Resolves the `orderId` of every `ok` outcome that came without one (a reduce-only replacement
 * is acknowledged so) with `resolve`; an item whose lookup fails becomes `failed` with that error,
 * so that an `ok` outcome always carries its order's id. An abort of `signal` is thrown.
 *
 * @example
 * import { resolveOrderIds } from '@tradeline/core'
 * await resolveOrderIds([{ status: 'ok', index: 0, orderId: null, clientOid: 'a' }], async () => '1001', undefined)
 * // [{ status: 'ok', index: 0, orderId: '1001', clientOid: 'a' }]
 */
export async function resolveOrderIds(
  outcomes: readonly BatchOutcome[],
  resolve: (outcome: BatchOutcome & { status: 'ok' }) => Promise<string>,
  signal: AbortSignal | undefined,
): Promise<BatchOutcome<string>[]> {
  const resolved: BatchOutcome<string>[] = []
  for (const outcome of outcomes) {
    if (outcome.status !== 'ok' || outcome.orderId !== null) {
      resolved.push(outcome as BatchOutcome<string>)
      continue
    }
    try {
      resolved.push({ ...outcome, orderId: await resolve(outcome) })
    } catch (error) {
      if (signal?.aborted) throw error
      resolved.push({ status: 'failed', index: outcome.index, clientOid: outcome.clientOid, error })
    }
  }
  return resolved
}

/** Progress after each batch. */
export type BatchProgress = {
  /** Items whose outcome is known. */
  readonly done: number
  /** Items in all. */
  readonly total: number
  /** Batches sent so far. */
  readonly batches: number
  /** Batches in all. */
  readonly totalBatches: number
}

/** What a batch helper knows of its endpoint and its client. */
export type BatchEngine<item, record> = {
  /** The endpoint whose rules check each batch's request. */
  readonly endpoint: Endpoint.Endpoint<any, any>
  /** Items per batch. */
  readonly size: number
  /** Items of one group may share a batch (a category; a contract and its margin settings). */
  group(item: item): string
  /** The request of one batch of items (the array itself, or an object wrapping it). */
  request(items: readonly item[]): unknown
  /** Where the items sit in the request, for issue paths (`[]` for an array, `['orderList']`). */
  readonly itemsPath: readonly (string | number)[]
  /** The rules' context of one batch. */
  context(items: readonly item[]): Promise<unknown>
  /** Sends one checked request; the result of each item in item order (`undefined`: none answered). */
  send(
    request: unknown,
    items: readonly item[],
    signal: AbortSignal | undefined,
  ): Promise<readonly (ItemResult | undefined)[]>
  /** Which order an item names. */
  query(item: item): { orderId?: string | undefined; clientOid?: string | undefined }
  /** One lookup of that order: its record, `undefined` when it does not exist. */
  lookup(item: item, signal: AbortSignal | undefined): Promise<record | undefined>
  /**
   * How a lookup after an unknown outcome is judged (an `error` verdict fails the item with it);
   * `since`: when the item's first attempt was made (its `retryWith`'s mark, else when its batch
   * was sent), on `clock`.
   */
  judge(item: item, lookup: record | undefined, since: number): ChangeVerdict<SettledAck>
  /**
   * What the engine awaits after each lookup of an item that answered, before it is judged
   * (`Change.examine`: a placement may synchronise the transport's clock); `since` as `judge`'s.
   * Never throws. @default none
   */
  examine?(item: item, lookup: record | undefined, since: number): Promise<void> | undefined
  /** The error of an item that reconciliation proved not applied. */
  notApplied(item: item, lookup: record | undefined, attempts: number, cause: unknown): BaseError
  /**
   * What a refusal of an item means, as a single change's (`Change.refusal`), read by the same
   * engine (`afterFailure` of the safe-change engine): `stands` (the item is `rejected` with its
   * code), `check` (the item is looked up and judged by `judgeRefusal`, else `judge`: found
   * applied it is `ok`; a retry whose first attempt may still arrive is looked at again; when no
   * lookup decides, a retry is unknown, `OrderOutcomeUnknownError`, and a first attempt's refusal
   * stands), or `unknown` (reconciled as an unknown outcome). A batch the exchange refused as a
   * whole is read so for each of its items. @default every refusal stands
   */
  refusal?(item: item, error: ApiError): RefusalMeaning
  /** The judge of a lookup after a refusal that is checked (`Change.judgeRefusal`). @default judge */
  judgeRefusal?(
    item: item,
    lookup: record | undefined,
    error: ApiError,
    since: number,
  ): ChangeVerdict<SettledAck>
  /**
   * The transport's clock: when each batch is sent is the first attempt's time of its items
   * (kept in the mark of their `retryWith`, see `retrySince`, with the clock's offset beside it);
   * `judge` and `examine` are given it moved by any change of offset since. @default Date.now
   */
  readonly clock?: { now(): number; readonly offset?: number | undefined } | undefined
}

/** Options of a run. */
export type RunBatchesOptions = {
  /** Reconciliation of unknown outcomes, or `undefined` to report them as they are. */
  readonly reconcile: ReconcileSettings | undefined
  readonly signal?: AbortSignal | undefined
  /** Called after each batch; what it throws is dropped (the batches go on, every outcome is returned). */
  readonly onProgress?: ((progress: BatchProgress) => void) | undefined
}

/**
 * The issues of items that name the same order as an earlier item (the same `clientOid`, or the
 * same `orderId`): one answer could not be told from the other, and after an unknown outcome both
 * would be reported by one lookup.
 *
 * @example
 * import { duplicates } from '@tradeline/core/internal'
 * duplicates([{ clientOid: 'a' }, { clientOid: 'a' }], (item) => item)[0]?.path // [1, 'clientOid']
 */
export function duplicates<item>(
  items: readonly item[],
  query: (item: item) => { orderId?: string | undefined; clientOid?: string | undefined },
  itemsPath: readonly (string | number)[] = [],
): Issue.Issue[] {
  const issues: Issue.Issue[] = []
  const seen = new Map<string, number>()
  for (const [index, item] of items.entries()) {
    if (typeof item !== 'object' || item === null) continue
    const { orderId, clientOid } = query(item)
    const field =
      orderId !== undefined ? 'orderId' : clientOid !== undefined ? 'clientOid' : undefined
    if (field === undefined) continue
    const value: unknown = field === 'orderId' ? orderId : clientOid
    // Only ids the rules can accept are compared; anything else they refuse by name.
    if (typeof value !== 'string') continue
    const key = `${field}:${value}`
    const first = seen.get(key)
    if (first === undefined) seen.set(key, index)
    else
      issues.push(
        Issue.create({
          type: 'duplicate',
          path: [...itemsPath, index, field],
          expected: `a ${field} not used by another item (item ${first} has it)`,
          received: Issue.describe(value),
        }),
      )
  }
  return issues
}

type Chunk<item> = { readonly indexes: readonly number[]; readonly items: readonly item[] }

/**
 * Groups items (in order of first appearance) and cuts each group into batches of `size`.
 *
 * @example
 * import { chunk } from '@tradeline/core/internal'
 * chunk([1, 2, 3], 2, () => 'all').map((c) => c.indexes) // [[0, 1], [2]]
 */
export function chunk<item>(
  items: readonly item[],
  size: number,
  group: (item: item) => string,
): Chunk<item>[] {
  const groups = new Map<string, number[]>()
  for (const [index, item] of items.entries()) {
    const key = group(item)
    const list = groups.get(key) ?? []
    list.push(index)
    groups.set(key, list)
  }
  const chunks: Chunk<item>[] = []
  for (const list of groups.values())
    for (let start = 0; start < list.length; start += size) {
      const indexes = list.slice(start, start + size)
      chunks.push({ indexes, items: indexes.map((index) => items[index] as item) })
    }
  return chunks
}

/**
 * Runs a batch helper: checks every batch (and the items against each other) before the first is
 * sent, throwing one `ValidationError` with every issue at its item's input index; then sends
 * batch after batch and returns one outcome per item, in input order. An item found applied by a
 * lookup on the order an earlier item is reported applied on (one order named by two ids) is
 * not a second success (see `foundTwice`).
 *
 * @example
 * import { runBatches } from '@tradeline/core'
 * const outcomes = await runBatches(engine, orders, { reconcile: { attempts: 6, baseDelayMs: 250 } })
 */
export async function runBatches<item, record>(
  engine: BatchEngine<item, record>,
  items: readonly item[],
  options: RunBatchesOptions,
): Promise<BatchOutcome[]> {
  const chunks = chunk(items, engine.size, engine.group)
  const requests: unknown[] = []
  const issues: Issue.Issue[] = duplicates(items, engine.query)
  const prefix = engine.itemsPath.length
  for (const part of chunks) {
    const context = await engine.context(part.items)
    const request = engine.request(part.items)
    const result = (
      Endpoint.check as (e: unknown, i: unknown, c: unknown) => ReturnType<typeof Endpoint.check>
    )(engine.endpoint, request, context)
    if (result.success) requests.push(result.output)
    else
      for (const issue of result.issues) {
        const at = issue.path[prefix]
        const index = typeof at === 'number' ? part.indexes[at] : undefined
        if (index === undefined) issues.push(issue)
        else {
          const old = `${Issue.formatPath(issue.path)}:`
          const path = [index, ...issue.path.slice(prefix + 1)]
          const message = issue.message.startsWith(old)
            ? `${Issue.formatPath(path)}:${issue.message.slice(old.length)}`
            : issue.message
          issues.push({ ...issue, path, message })
        }
      }
  }
  if (issues.length > 0)
    throw new ValidationError({ endpoint: engine.endpoint.id, issues: issues as unknown as Issues })

  const { signal } = options
  const clock = engine.clock ?? Date
  const offsetNow = () => engine.clock?.offset ?? 0
  const outcomes: BatchOutcome[] = new Array(items.length)
  // The items the exchange answered as applied, and what each lookup found (see `foundTwice`).
  const answered: boolean[] = []
  const found = new Map<item, { record: record | undefined; lookups: number }>()
  const reading: BatchEngine<item, record> = {
    ...engine,
    lookup: async (item, lookupSignal) => {
      const last = found.get(item) ?? { record: undefined, lookups: 0 }
      found.set(item, last)
      last.lookups++
      last.record = await engine.lookup(item, lookupSignal)
      return last.record
    },
  }
  let done = 0
  for (const [n, part] of chunks.entries()) {
    // When this batch is sent: its items' first attempt, unless they are retries of earlier ones.
    // A clock synchronised during the send (its first sync, or after a 40008) moves it by its
    // change of offset, as a single placement's start: it stays on the exchange's clock.
    const offset = offsetNow()
    let since = clock.now()
    let sinceOffset = offset
    const settle = (settled: readonly Unindexed[]) =>
      part.indexes.forEach((index, i) => {
        outcomes[index] = { ...(settled[i] as Unindexed), index } as BatchOutcome
      })
    let results: readonly (ItemResult | undefined)[] | undefined
    try {
      if (signal?.aborted) throw signal.reason
      results = await engine.send(requests[n], part.items, signal).finally(() => {
        sinceOffset = offsetNow()
        since += sinceOffset - offset
      })
    } catch (error) {
      if (options.reconcile !== undefined && isReconcilable(error, signal))
        settle(
          await reconcileItems(
            reading,
            part.items,
            options.reconcile,
            error,
            signal,
            since,
            sinceOffset,
          ),
        )
      else
        settle(await itemsRefused(reading, part.items, error, since, { ...options, sinceOffset }))
    }
    if (results !== undefined)
      for (const [i, index] of part.indexes.entries()) {
        answered[index] = results[i]?.status === 'ok'
        outcomes[index] = await itemOutcome(
          reading,
          part.items[i] as item,
          index,
          results[i],
          since,
          { ...options, sinceOffset },
        )
      }
    done += part.items.length
    try {
      options.onProgress?.({
        done,
        total: items.length,
        batches: n + 1,
        totalBatches: chunks.length,
      })
    } catch {
      // An observer: its throw must not hide the outcomes of batches already sent, nor stop the rest.
    }
  }
  return foundTwice(engine, items, outcomes, answered, found)
}

/**
 * Two items may name one order by different ids (one by `orderId`, the other by that order's
 * `clientOid`): `duplicates` cannot tell before sending. The exchange changes the order for the
 * first and refuses the second (cancel-batch answers it `43001`), but when the answer was lost one
 * lookup answers for both. So an item found applied by a lookup (not answered so) whose order an
 * earlier item is reported applied on is not a second success: it is proven not applied
 * (`notApplied` with what its lookup found), its cause a `duplicate` issue naming the earlier item.
 */
function foundTwice<item, record>(
  engine: BatchEngine<item, record>,
  items: readonly item[],
  outcomes: BatchOutcome[],
  answered: readonly boolean[],
  found: ReadonlyMap<item, { readonly record: record | undefined; readonly lookups: number }>,
): BatchOutcome[] {
  const first = new Map<string, number>()
  for (const outcome of outcomes) {
    if (outcome.status !== 'ok' || outcome.orderId === null) continue
    const { index, orderId } = outcome
    const earlier = first.get(orderId)
    if (earlier === undefined) first.set(orderId, index)
    else if (!answered[index]) {
      const item = items[index] as item
      const query = engine.query(item)
      const field = query.orderId === undefined ? 'clientOid' : 'orderId'
      const cause = new ValidationError({
        endpoint: engine.endpoint.id,
        issues: [
          Issue.create({
            type: 'duplicate',
            path: [index, field],
            expected: `an order not named by another item (item ${earlier} names order ${orderId})`,
            received: Issue.describe(query[field]),
          }),
        ] as unknown as Issues,
      })
      const lookup = found.get(item)
      outcomes[index] = {
        status: 'failed',
        index,
        clientOid: outcome.clientOid,
        error: engine.notApplied(item, lookup?.record, lookup?.lookups ?? 0, cause),
      }
    }
  }
  return outcomes
}
