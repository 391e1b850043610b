/**
 * The outcome of each item of a batch (`runBatches`), read as the safe-change engine reads a
 * single change: an item refused, or every item of a batch refused as a whole, goes through the
 * engine's `afterFailure` with the item's own reading (`BatchEngine.refusal`, `judgeRefusal`,
 * `judge`, its lookup); the items of a batch whose outcome is unknown are looked up round after
 * round. An item whose outcome stays unknown carries its `retryWith` marked with the time of its
 * first attempt.
 */
import type { BatchEngine, BatchOutcome, ItemResult, SettledAck } from './batches.js'
import {
  afterFailure,
  type ChangeReading,
  clockTolerance,
  OrderClosedOutcomeUnknownError,
} from './change.js'
import { ApiError, UnknownOutcomeError } from './Errors.js'
import {
  isRetry,
  OrderOutcomeUnknownError,
  type ReconcileSettings,
  retryOffset,
  retrySince,
  sleep,
} from './reconcile.js'

/** An outcome before its index is known. */
export type Unindexed = BatchOutcome extends infer outcome
  ? outcome extends BatchOutcome
    ? Omit<outcome, 'index'>
    : never
  : never

type ItemOptions = {
  readonly reconcile: ReconcileSettings | undefined
  readonly signal?: AbortSignal | undefined
  /** The transport clock's offset with which the batch's `since` was read. */
  readonly sinceOffset?: number | undefined
}

/**
 * An item's first attempt: a retry's mark (with the clock's offset beside it), else when its
 * batch was sent (with the offset it was read with); `current()` is that time on the clock as it
 * is now (moved by any change of offset since), as the item's judge compares it.
 */
function firstAttempt<item>(
  engine: { readonly clock?: { readonly offset?: number | undefined } | undefined },
  item: item,
  sent: number,
  sentOffset: number | undefined,
): { since: number; offset: number | undefined; current(): number } {
  const marked = retrySince(item)
  const since = marked ?? sent
  const offset = marked === undefined ? sentOffset : retryOffset(item)
  return {
    since,
    offset,
    current: () => (offset === undefined ? since : since + (engine.clock?.offset ?? 0) - offset),
  }
}

/**
 * The outcome of an item from its result in the batch's answer: `ok` as it is; a refusal read
 * by the engine (see `BatchEngine.refusal`); no result (a list one short, a result that names
 * another item): the batch was accepted, so whether this item applied is not known, and it is
 * looked up like the items of a batch whose outcome is unknown (without reconciliation an
 * `OrderOutcomeUnknownError` whose `retryWith` is the item).
 */
export async function itemOutcome<item, record>(
  engine: BatchEngine<item, record>,
  item: item,
  index: number,
  result: ItemResult | undefined,
  since: number,
  options: ItemOptions,
): Promise<BatchOutcome> {
  if (result === undefined) {
    const error = new UnknownOutcomeError({
      reason: 'malformed',
      endpoint: engine.endpoint.id,
      method: engine.endpoint.method,
      path: engine.endpoint.path,
    })
    const settings = options.reconcile ?? { attempts: 0, baseDelayMs: 0 }
    const [settled] = await reconcileItems(
      engine,
      [item],
      settings,
      error,
      options.signal,
      since,
      options.sinceOffset,
    )
    return { ...(settled as Unindexed), index } as BatchOutcome
  }
  if (result.status !== 'rejected') return { ...result, index }
  const refusal = new ApiError({
    code: result.code,
    msg: result.msg,
    status: 200,
    endpoint: engine.endpoint.id,
    method: engine.endpoint.method,
    path: engine.endpoint.path,
    retrySafe: false,
  })
  const read = await readRefusal(engine, item, refusal, since, options)
  return { ...(read ?? result), index } as BatchOutcome
}

/**
 * The outcomes of the items of a batch that failed as a whole with `error`: a refusal of the
 * exchange (not its rate limit) is read for each item as its own refusal (a retried item may
 * meet its first attempt); anything else, and a refusal that stands, fails each item with it.
 */
export async function itemsRefused<item, record>(
  engine: BatchEngine<item, record>,
  items: readonly item[],
  error: unknown,
  since: number,
  options: ItemOptions,
): Promise<Unindexed[]> {
  const outcomes: Unindexed[] = []
  for (const item of items) {
    const read = ApiError.isInstance(error)
      ? await readRefusal(engine, item, error, since, options)
      : undefined
    outcomes.push(
      read ?? { status: 'failed', clientOid: engine.query(item).clientOid ?? null, error },
    )
  }
  return outcomes
}

/**
 * A refusal of one item read by the safe-change engine with the item's reading: `undefined` when
 * the refusal stands, else the item's outcome (`ok` when a lookup showed it applied, `failed`
 * with the error the engine ended with). An outcome the engine left unknown without a `retryWith`
 * (the lookups of a retry's refusal cut short by an abort, a refusal read as unknown without
 * reconciliation) is an `OrderOutcomeUnknownError` whose `retryWith` is the item, as every unknown
 * item's is: never an item proven not applied. An order that closed showing neither the change nor
 * proof that it never applied (`OrderClosedOutcomeUnknownError`) keeps its error: there is nothing
 * to send again.
 */
async function readRefusal<item, record>(
  engine: BatchEngine<item, record>,
  item: item,
  refusal: ApiError,
  since: number,
  options: ItemOptions,
): Promise<Unindexed | undefined> {
  if (engine.refusal === undefined) return undefined
  const clock = engine.clock ?? Date
  let lookups = 0
  const reading = itemReading(engine, item, since, options.sinceOffset, () => lookups++)
  // A retry's first attempt may still reach the exchange while its signature is valid.
  const first = reading.retry ? reading.since : undefined
  const mayStillApply = () => first !== undefined && clock.now() - first < clockTolerance
  const clientOid = reading.clientOid ?? null
  try {
    const value = await afterFailure(reading, refusal, options, mayStillApply)
    return { status: 'ok', ...value }
  } catch (error) {
    if (error === refusal) return undefined
    if (
      !UnknownOutcomeError.isInstance(error) ||
      OrderOutcomeUnknownError.isInstance(error) ||
      OrderClosedOutcomeUnknownError.isInstance(error)
    )
      return { status: 'failed', clientOid, error }
    const unknown = new OrderOutcomeUnknownError({
      error,
      attempts: lookups,
      clientOid: reading.clientOid,
      retryWith: reading.retryWith,
      since: reading.since,
      offset: reading.sinceOffset,
    })
    return { status: 'failed', clientOid, error: unknown }
  }
}

/** An item as the safe-change engine reads a change: its lookup, judges and `retryWith`. */
function itemReading<item, record>(
  engine: BatchEngine<item, record>,
  item: item,
  sent: number,
  sentOffset: number | undefined,
  looked: () => void,
): ChangeReading<SettledAck, record> & { since: number } {
  // The first attempt: a retry's mark, else this batch.
  const first = firstAttempt(engine, item, sent, sentOffset)
  const { judgeRefusal, refusal, examine } = engine
  return {
    retry: isRetry(item),
    since: first.since,
    sinceOffset: first.offset,
    retryWith: item as Readonly<Record<string, unknown>>,
    clientOid: engine.query(item).clientOid,
    lookup: (signal) => {
      looked()
      return engine.lookup(item, signal)
    },
    judge: (found) => engine.judge(item, found, first.current()),
    ...(examine && { examine: (found) => examine(item, found, first.current()) }),
    refusal: (error) => refusal?.(item, error) ?? 'stands',
    notApplied: (found, attempts, cause) => engine.notApplied(item, found, attempts, cause),
    ...(judgeRefusal && {
      judgeRefusal: (found, error) => judgeRefusal(item, found, error, first.current()),
    }),
  }
}

/**
 * Looks every item of a batch whose outcome is unknown up, round after round with backoff, until
 * each is settled; an item still unknown fails with `OrderOutcomeUnknownError` whose `retryWith`
 * is the item marked with its first attempt (`since`, when its batch was sent, or its own mark).
 */
export async function reconcileItems<item, record>(
  engine: BatchEngine<item, record>,
  items: readonly item[],
  settings: ReconcileSettings,
  error: unknown,
  signal: AbortSignal | undefined,
  since: number,
  sinceOffset?: number | undefined,
): Promise<Unindexed[]> {
  const settled: (Unindexed | undefined)[] = new Array(items.length)
  const firstOf = (item: item) => firstAttempt(engine, item, since, sinceOffset)
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
      await engine.examine?.(item, found, firstOf(item).current())
      const clientOid = engine.query(item).clientOid ?? null
      const verdict = engine.judge(item, found, firstOf(item).current())
      if (verdict.kind === 'done') settled[i] = { status: 'ok', ...verdict.value }
      else if (verdict.kind === 'error')
        settled[i] = { status: 'failed', clientOid, error: verdict.error }
      else if (verdict.kind === 'not-applied' && verdict.final)
        settled[i] = {
          status: 'failed',
          clientOid,
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
        since: firstOf(item).since,
        offset: firstOf(item).offset,
      }),
    }
  })
}
