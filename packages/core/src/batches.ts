/**
 * Any number of batch items, shared by every client: grouped (one group per batch: a category,
 * or a contract and its margin settings), cut into batches of the endpoint's size, all checked
 * before the first is sent, sent one after another (at the rate limiter's pace), with per-item
 * outcomes in input order and unknown outcomes reconciled item by item.
 */
import { type BaseError, Endpoint, Issue, type Issues, ValidationError } from '@tradeline/rules'
import type { ChangeVerdict } from './change.js'
import { UnknownOutcomeError } from './Errors.js'
import {
  isReconcilable,
  isRetry,
  OrderOutcomeUnknownError,
  type ReconcileSettings,
  sleep,
} from './reconcile.js'

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
       * stayed unknown (`OrderOutcomeUnknownError`), or reconciliation proved it not applied.
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
  /** How a lookup after an unknown outcome is judged (an `error` verdict fails the item with it). */
  judge(item: item, lookup: record | undefined): ChangeVerdict<SettledAck>
  /** The error of an item that reconciliation proved not applied. */
  notApplied(item: item, lookup: record | undefined, attempts: number, cause: unknown): BaseError
  /**
   * Items the exchange refused that may have been applied by an earlier attempt: the safe retry
   * of an unknown outcome (an item of a `retryWith`, see `isRetry`) meets the order its first
   * attempt placed, cancelled or changed late. Such an item (of one of `codes`, or of any code
   * when absent) is looked up (a failed lookup is tried again with the reconciliation's backoff)
   * and judged as after an unknown outcome: `ok` when the lookup shows it applied (and, given
   * `same`, the order found is the one the item describes); else the refusal stands. When no
   * lookup answers, the item's outcome is unknown (`OrderOutcomeUnknownError`). An item that is
   * not a retry was refused, whatever the order shows.
   * @default undefined (a refusal stands)
   */
  readonly refused?:
    | {
        readonly codes?: readonly string[] | undefined
        same?(item: item, found: record): boolean
      }
    | undefined
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
 * batch after batch and returns one outcome per item, in input order.
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
  const outcomes: BatchOutcome[] = new Array(items.length)
  let done = 0
  for (const [n, part] of chunks.entries()) {
    try {
      if (signal?.aborted) throw signal.reason
      const results = await engine.send(requests[n], part.items, signal)
      for (const [i, index] of part.indexes.entries())
        outcomes[index] = await appliedBefore(
          engine,
          part.items[i] as item,
          index,
          results[i],
          options,
        )
    } catch (error) {
      if (options.reconcile !== undefined && isReconcilable(error, signal)) {
        const settled = await reconcileItems(engine, part.items, options.reconcile, error, signal)
        part.indexes.forEach((index, i) => {
          outcomes[index] = { ...(settled[i] as Unindexed), index } as BatchOutcome
        })
      } else
        part.indexes.forEach((index, i) => {
          const clientOid = engine.query(part.items[i] as item).clientOid ?? null
          outcomes[index] = { status: 'failed', index, clientOid, error }
        })
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
  return outcomes
}

/** An outcome before its index is known. */
type Unindexed = BatchOutcome extends infer outcome
  ? outcome extends BatchOutcome
    ? Omit<outcome, 'index'>
    : never
  : never

function outcomeOf(index: number, result: ItemResult): BatchOutcome {
  return { ...result, index }
}

/**
 * An item the batch's answer gave no result for (a list one short, a result that names another
 * item): the batch was accepted, so whether this item applied is not known. It is looked up like
 * the items of a batch whose outcome is unknown; without reconciliation it is an
 * `OrderOutcomeUnknownError` whose `retryWith` is the item.
 */
async function missingResult<item, record>(
  engine: BatchEngine<item, record>,
  item: item,
  index: number,
  options: RunBatchesOptions,
): Promise<BatchOutcome> {
  const error = new UnknownOutcomeError({
    reason: 'malformed',
    endpoint: engine.endpoint.id,
    method: engine.endpoint.method,
    path: engine.endpoint.path,
  })
  const settings = options.reconcile ?? { attempts: 0, baseDelayMs: 0 }
  const [settled] = await reconcileItems(engine, [item], settings, error, options.signal)
  return { ...(settled as Unindexed), index } as BatchOutcome
}

/**
 * The outcome of an item's result, where a refusal of a retried item is looked up: an item the
 * lookup shows applied (by its earlier attempt) is `ok`; when no lookup answers, unknown.
 */
async function appliedBefore<item, record>(
  engine: BatchEngine<item, record>,
  item: item,
  index: number,
  result: ItemResult | undefined,
  options: RunBatchesOptions,
): Promise<BatchOutcome> {
  if (result === undefined) return missingResult(engine, item, index, options)
  const outcome = outcomeOf(index, result)
  const { refused } = engine
  if (outcome.status !== 'rejected' || refused === undefined || !isRetry(item)) return outcome
  if (refused.codes !== undefined && !refused.codes.includes(outcome.code)) return outcome
  const { signal } = options
  const settings = options.reconcile ?? { attempts: 1, baseDelayMs: 0 }
  for (let attempt = 0; attempt < settings.attempts; attempt++) {
    if (attempt > 0 && !(await sleep(settings.baseDelayMs * 2 ** (attempt - 1), signal))) break
    let found: record | undefined
    try {
      found = await engine.lookup(item, signal)
    } catch {
      continue
    }
    if (found === undefined || (refused.same !== undefined && !refused.same(item, found)))
      return outcome
    const verdict = engine.judge(item, found)
    if (verdict.kind === 'done') return { status: 'ok', index, ...verdict.value }
    if (verdict.kind === 'error')
      return { status: 'failed', index, clientOid: outcome.clientOid, error: verdict.error }
    return outcome
  }
  // No lookup answered: whether the earlier attempt applied is not known.
  const clientOid = engine.query(item).clientOid
  return {
    status: 'failed',
    index,
    clientOid: clientOid ?? null,
    error: new OrderOutcomeUnknownError({
      error: new UnknownOutcomeError({
        reason: 'code',
        endpoint: engine.endpoint.id,
        method: engine.endpoint.method,
        path: engine.endpoint.path,
        code: outcome.code,
        msg: outcome.msg,
      }),
      attempts: settings.attempts,
      clientOid,
      retryWith: item as Readonly<Record<string, unknown>>,
    }),
  }
}

/** Looks every item up, round after round with backoff, until each is settled. */
async function reconcileItems<item, record>(
  engine: BatchEngine<item, record>,
  items: readonly item[],
  settings: ReconcileSettings,
  error: unknown,
  signal: AbortSignal | undefined,
): Promise<Unindexed[]> {
  const settled: (Unindexed | undefined)[] = new Array(items.length)
  for (let round = 0; round < settings.attempts; round++) {
    const open = items.flatMap((_, i) => (settled[i] === undefined ? [i] : []))
    if (open.length === 0) break
    if (round > 0 && !(await sleep(settings.baseDelayMs * 2 ** (round - 1), signal))) break
    for (const i of open) {
      const item = items[i] as item
      let found: record | undefined
      try {
        found = await engine.lookup(item, signal)
      } catch {
        continue
      }
      const verdict = engine.judge(item, found)
      if (verdict.kind === 'done') settled[i] = { status: 'ok', ...verdict.value }
      else if (verdict.kind === 'error')
        settled[i] = {
          status: 'failed',
          clientOid: engine.query(item).clientOid ?? null,
          error: verdict.error,
        }
      else if (verdict.kind === 'not-applied' && verdict.final)
        settled[i] = {
          status: 'failed',
          clientOid: engine.query(item).clientOid ?? null,
          error: engine.notApplied(item, found, round + 1, error),
        }
    }
  }
  return items.map((item, i) => {
    const done = settled[i]
    if (done) return done
    // Not seen applied yet is not proof: the outcome stays unknown; the item itself is the retry.
    const { clientOid } = engine.query(item)
    return {
      status: 'failed',
      clientOid: clientOid ?? null,
      error: new OrderOutcomeUnknownError({
        error: error as never,
        attempts: settings.attempts,
        clientOid,
        retryWith: item as Readonly<Record<string, unknown>>,
      }),
    }
  })
}
