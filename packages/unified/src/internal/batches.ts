/**
 * Any number of batch items: grouped by category (one category per batch), cut into batches of
 * 20, all checked before the first is sent, sent one after another at the rate limiter's pace,
 * with per-item outcomes in input order and unknown outcomes reconciled item by item.
 */
import { BaseError, type UnknownOutcomeError, ValidationError } from '@tradeline/core'
import { Endpoint, Issue, type Issues, Limits } from '@tradeline/rules'
import { lookUpOrder, OrderOutcomeUnknownError } from '../reconcile.js'
import { type BatchItemResult, batchResults, type ResolvedAck } from '../schemas/ack.js'
import { type ChangeOptions, type ClientBase, send, signalOf } from './call.js'
import { categoryOf } from './context.js'
import {
  isReconcilable,
  type Lookup,
  type ReconcileSettings,
  settingsOf,
  type Verdict,
} from './settle.js'
import { sleep } from './sleep.js'

/** The outcome of one item of a batch helper. */
export type BatchOutcome =
  | {
      /** The exchange applied the item (or reconciliation found it applied). */
      readonly status: 'ok'
      /** The item's position in the input. */
      readonly index: number
      readonly orderId: string | null
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
       * The item's batch failed as a whole (`error`: e.g. a rate limit, an abort), or
       * reconciliation showed it not applied (`OrderNotPlacedError`, `OrderNotChangedError`).
       */
      readonly status: 'failed'
      readonly index: number
      readonly clientOid: string | null
      readonly error: unknown
    }

/** An outcome before its index is known. */
type Unindexed = BatchOutcome extends infer outcome
  ? outcome extends BatchOutcome
    ? Omit<outcome, 'index'>
    : never
  : never

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

/** Options of a batch helper. */
export type BatchOptions = ChangeOptions & {
  /** Called after each batch. @default undefined */
  onProgress?: ((progress: BatchProgress) => void) | undefined
}

/** What a batch helper knows of its endpoint. */
export type BatchEngine<item> = {
  readonly endpoint: Endpoint.Endpoint<any, any>
  /** The rules' context of one batch. */
  context(items: readonly item[]): Promise<unknown>
  /** Which order an item names. */
  query(item: item): { orderId?: string | undefined; clientOid?: string | undefined }
  /** How a lookup after an unknown outcome is judged. */
  judge(item: item, lookup: Lookup): Verdict<ResolvedAck>
  /** The error of an item that reconciliation proved not applied. */
  notApplied(item: item, lookup: Lookup, attempts: number, cause: unknown): BaseError
}

/**
 * The issues of items that name the same order as an earlier item (the same `clientOid`, or the
 * same `orderId`): one answer could not be told from the other, and after an unknown outcome both
 * would be reported by one lookup.
 */
export function duplicates(
  items: readonly unknown[],
  query: (item: never) => { orderId?: string | undefined; clientOid?: string | undefined },
): Issue.Issue[] {
  const issues: Issue.Issue[] = []
  const seen = new Map<string, number>()
  for (const [index, item] of items.entries()) {
    if (typeof item !== 'object' || item === null) continue
    const { orderId, clientOid } = query(item as never)
    const field =
      orderId !== undefined ? 'orderId' : clientOid !== undefined ? 'clientOid' : undefined
    if (field === undefined) continue
    const value = field === 'orderId' ? orderId : clientOid
    const key = `${field}:${value}`
    const first = seen.get(key)
    if (first === undefined) seen.set(key, index)
    else
      issues.push(
        Issue.create({
          type: 'duplicate',
          path: [index, field],
          expected: `a ${field} not used by another item (item ${first} has it)`,
          received: JSON.stringify(value),
        }),
      )
  }
  return issues
}

type Chunk<item> = { readonly indexes: readonly number[]; readonly items: readonly item[] }

/** Groups items by category (in order of first appearance) and cuts each group into batches. */
export function chunk<item>(items: readonly item[], size = Limits.unifiedBatchSize): Chunk<item>[] {
  const groups = new Map<string, number[]>()
  for (const [index, item] of items.entries()) {
    const raw = (item as { category?: unknown } | undefined)?.category
    const key = categoryOf(raw) ?? `\u0000${String(raw)}`
    const group = groups.get(key) ?? []
    group.push(index)
    groups.set(key, group)
  }
  const chunks: Chunk<item>[] = []
  for (const group of groups.values())
    for (let start = 0; start < group.length; start += size) {
      const indexes = group.slice(start, start + size)
      chunks.push({ indexes, items: indexes.map((index) => items[index] as item) })
    }
  return chunks
}

/** Runs a batch helper: check everything, then send batch after batch. */
export async function runBatches<item>(
  client: ClientBase,
  engine: BatchEngine<item>,
  items: readonly item[],
  options: BatchOptions,
): Promise<BatchOutcome[]> {
  const chunks = chunk(items)
  const requests: unknown[] = []
  const issues: Issue.Issue[] = duplicates(items, engine.query as never)
  for (const part of chunks) {
    const context = await engine.context(part.items)
    const result = (
      Endpoint.check as (e: unknown, i: unknown, c: unknown) => ReturnType<typeof Endpoint.check>
    )(engine.endpoint, part.items, context)
    if (result.success) requests.push(result.output)
    else
      for (const issue of result.issues) {
        const [first, ...rest] = issue.path
        const index = typeof first === 'number' ? part.indexes[first] : undefined
        if (index === undefined) issues.push(issue)
        else {
          const old = `${Issue.formatPath(issue.path)}:`
          const path = [index, ...rest]
          const message = issue.message.startsWith(old)
            ? `${Issue.formatPath(path)}:${issue.message.slice(old.length)}`
            : issue.message
          issues.push({ ...issue, path, message })
        }
      }
  }
  if (issues.length > 0)
    throw new ValidationError({ endpoint: engine.endpoint.id, issues: issues as unknown as Issues })

  const signal = signalOf(client, options.signal)
  const outcomes: BatchOutcome[] = new Array(items.length)
  let done = 0
  for (const [n, part] of chunks.entries()) {
    try {
      if (signal?.aborted) throw signal.reason
      const results = await send(client, engine.endpoint, requests[n], batchResults, { signal })
      const queries = part.items.map((it) => engine.query(it as item))
      const match = matcher(results, queries)
      part.indexes.forEach((index, i) => {
        outcomes[index] = outcomeOf(index, match(i), queries[i] as (typeof queries)[number])
      })
    } catch (error) {
      const settings = settingsOf(client, options.reconcile)
      if (settings !== undefined && isReconcilable(error, signal)) {
        const settled = await reconcileItems(client, engine, part.items, settings, error, signal)
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
    options.onProgress?.({ done, total: items.length, batches: n + 1, totalBatches: chunks.length })
  }
  return outcomes
}

/**
 * Finds the result of item `i`: by its clientOid when every item of the batch has a distinct one
 * and the answer echoes them, else by position (the exchange answers in request order).
 */
function matcher(
  results: readonly BatchItemResult[],
  queries: readonly { clientOid?: string | undefined }[],
): (i: number) => BatchItemResult | undefined {
  const oids = queries.map((q) => q.clientOid)
  const distinct = oids.every((oid) => oid !== undefined) && new Set(oids).size === oids.length
  const byOid = new Map(results.flatMap((r) => (r.clientOid ? [[r.clientOid, r] as const] : [])))
  if (!distinct || byOid.size !== results.length) return (i) => results[i]
  return (i) => byOid.get(oids[i] as string) ?? results[i]
}

function outcomeOf(
  index: number,
  result: BatchItemResult | undefined,
  query: { orderId?: string | undefined; clientOid?: string | undefined },
): BatchOutcome {
  const clientOid = result?.clientOid ?? query.clientOid ?? null
  const orderId = result?.orderId ?? query.orderId ?? null
  const code = result?.code
  if (result === undefined)
    return {
      status: 'failed',
      index,
      clientOid,
      error: new BaseError('The exchange answered no result for this item.'),
    }
  if (code === null || code === undefined || code === '' || code === '00000' || code === '0')
    return { status: 'ok', index, orderId, clientOid }
  return { status: 'rejected', index, orderId, clientOid, code, msg: result.msg ?? '' }
}

/** Looks every item up, round after round with backoff, until each is settled. */
async function reconcileItems<item>(
  client: ClientBase,
  engine: BatchEngine<item>,
  items: readonly item[],
  settings: ReconcileSettings,
  error: unknown,
  signal: AbortSignal | undefined,
): Promise<Unindexed[]> {
  const settled: (Unindexed | undefined)[] = new Array(items.length)
  const last: (Verdict<ResolvedAck> | undefined)[] = new Array(items.length)
  const lookups: Lookup[] = new Array(items.length)
  for (let round = 0; round < settings.attempts; round++) {
    const open = items.flatMap((_, i) => (settled[i] === undefined ? [i] : []))
    if (open.length === 0) break
    if (round > 0 && !(await sleep(settings.baseDelayMs * 2 ** (round - 1), signal))) break
    for (const i of open) {
      const item = items[i] as item
      try {
        lookups[i] = await lookUpOrder(client, engine.query(item), signal)
      } catch {
        last[i] = undefined
        continue
      }
      const verdict = engine.judge(item, lookups[i])
      last[i] = verdict
      if (verdict.kind === 'done') settled[i] = { status: 'ok', ...verdict.value }
      else if (verdict.kind === 'not-applied' && verdict.final)
        settled[i] = failed(engine, item, lookups[i], round + 1, error)
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
        error: error as UnknownOutcomeError,
        attempts: settings.attempts,
        clientOid,
        retryWith: item as Readonly<Record<string, unknown>>,
      }),
    }
  })
}

function failed<item>(
  engine: BatchEngine<item>,
  item: item,
  lookup: Lookup,
  attempts: number,
  cause: unknown,
): Unindexed {
  return {
    status: 'failed',
    clientOid: engine.query(item).clientOid ?? null,
    error: engine.notApplied(item, lookup, attempts, cause),
  }
}
