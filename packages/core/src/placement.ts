/**
 * Placements as core's engine reads them: the description of a single placement
 * ({@link placement}) and of each item of a batch of placements ({@link batchPlacement}), both
 * on one reading of what a placement meets ({@link placementReading}).
 */
import type { Endpoint } from '@tradeline/rules/shared'
import type * as v from 'valibot'
import type { BatchEngine, SettledAck } from './batches.js'
import { type Change, type ChangeVerdict, clockTolerance, type RefusalMeaning } from './change.js'
import { isRetry, retryOffset, retrySince } from './reconcile.js'

/**
 * The transport's clock as a placement reads it (`transport.clock`): its time, its offset to the
 * server's, whether and how well that offset is known, and a way to learn it.
 */
export type PlacementClock = {
  now(): number
  readonly offset: number
  /** Whether the offset was synchronised at least once. @default false */
  readonly synced?: boolean | undefined
  /** How far `now()` may be from the server's time once synchronised, in ms. @default 0 */
  readonly uncertainty?: number | undefined
  /** Learns the offset from the server's time (`SyncedClock.sync`). @default none */
  sync?(): Promise<number>
}

/**
 * How much earlier than a placement's first attempt the exchange may stamp that placement's own
 * order, beyond the synchronised clock's `uncertainty` (which already holds half the round trip
 * of its reading and the whole milliseconds): the order's creation time and the time endpoint's
 * answer come from different servers of the exchange, each kept on time by NTP within a few
 * milliseconds; 100 ms to spare. The exchange stamps an order when it takes it in, after it was
 * sent, so its own processing only makes the order later.
 */
export const reuseMargin = 100

/**
 * How fast the local clock may run apart from the server's between a first attempt and the
 * synchronisation that reads it: 1/12 (83,333 ppm), the fastest a time daemon slews a clock
 * (chrony's default `maxslewrate`; ntpd slews at 500 ppm at most). A slew moves the wall clock and
 * the monotonic clock together, so nothing else shows it: a lookup 2 s after the first attempt
 * allows 167 ms more. A step of the wall clock is seen instead ({@link wallSkew}).
 */
export const clockDriftRate = 1 / 12

/**
 * How far the wall clock may have been stepped against the monotonic clock since a first attempt
 * (ms) for the precise reading to hold: a step moves the first attempt's time as this process
 * reads it by its size. Past it the clocks' tolerance decides. Below the `reuseMargin`, so an
 * unseen step stays within it.
 */
export const wallStepLimit = 50

/**
 * The transport's local clock (its time less its offset to the server's: `Date.now()`, or the
 * `clock` a transport was given) less the monotonic clock (ms): constant while the local clock
 * only runs or is slewed, moved by a step of it (a time daemon's correction, a user setting the
 * time). Its change between a first attempt and a judgement is the step between them. `now`: a
 * reading of `clock` just taken, when the caller has one (a clock read fewer).
 *
 * @example
 * import { wallSkew } from '@tradeline/core/internal'
 * wallSkew({ now: () => Date.now(), offset: 0 }) // about performance.timeOrigin
 */
export function wallSkew(
  clock: Pick<PlacementClock, 'now' | 'offset'>,
  now: number = clock.now(),
): number {
  return now - clock.offset - performance.now()
}

/**
 * The part of a placement's description that every line shares: the request, `retryWith` (the
 * order with its `clientOid`), whether this call is a retry (`isRetry(parameters)`), and what a
 * refusal means: any refusal of a retry may meet its own first attempt (a duplicate `clientOid`,
 * or a check the exchange makes before it, such as the balance, now failing): it is checked; a
 * refusal of a first attempt stands (the client never sends an order twice, so a duplicate id is
 * another order's). `duplicateCodes`: the codes with which a lookup that finds nothing is not yet
 * proof (the order exists; it may not be visible yet).
 *
 * @example
 * import { placement } from '@tradeline/core'
 * placement({ endpoint, request, response, parameters, input, clientOid: 'a', duplicateCodes: ['43118'], judge, now: Date.now(), createdAt: (found) => found?.cTime }).retry // false
 */
export function placement<ack, value, record>(options: {
  endpoint: Endpoint.Endpoint<any, any>
  request: unknown
  response: v.GenericSchema<unknown, ack>
  channelApiCode?: boolean | undefined
  /** The parameters as the caller passed them (a `retryWith` is marked). */
  parameters: unknown
  /** The order as sent, with its `clientOid`. */
  input: Readonly<Record<string, unknown>>
  clientOid: string | undefined
  duplicateCodes: readonly string[]
  /** What a lookup shows of this placement (see `Change.judge`). */
  judge(found: record | undefined): ChangeVerdict<value>
  /** The time the placement begins at. @default `clock.now()` */
  now?: number | undefined
  /**
   * The transport's clock (`transport.clock`): the placement begins at its `now()`, and when its
   * offset to the server changes later (its first synchronisation, or again after a 40008), the
   * placement's start moves with it, so an order the exchange stamped is compared on the
   * exchange's clock. One of `now` and `clock` is given. An order found whose creation time is
   * too close to the first attempt to tell whose it is on this clock is judged after one
   * synchronisation of it (see `placementReading` of `@tradeline/core/internal`).
   */
  clock?: PlacementClock | undefined
  /** When a found order was created (Unix milliseconds as the exchange sends them). */
  createdAt(found: record): string | number | null | undefined
}): Pick<
  Change<ack, value, record>,
  | 'endpoint'
  | 'request'
  | 'response'
  | 'channelApiCode'
  | 'retryWith'
  | 'retry'
  | 'clientOid'
  | 'since'
  | 'sinceOffset'
  | 'judge'
  | 'examine'
  | 'refusal'
  | 'judgeRefusal'
> {
  const retry = isRetry(options.parameters)
  const { duplicateCodes, createdAt } = options
  // This placement's first attempt was made at `since`: an order created well before it carries
  // the clientOid of another placement (a reused id), never this one's.
  const marked = retrySince(options.parameters)
  // The offset the mark was read with (a mark of this version of core has it beside it).
  const markedOffset = marked === undefined ? undefined : retryOffset(options.parameters)
  const { clock } = options
  const now = options.now ?? clock?.now() ?? Number.NaN
  // The local time of the first attempt: with the offset of the moment of judging it is the
  // server time the call began at, also when the clock was synchronised meanwhile.
  const local = clock
    ? marked === undefined
      ? now - clock.offset
      : markedOffset === undefined
        ? undefined
        : marked - markedOffset
    : undefined
  const sinceNow = () => (local !== undefined && clock ? local + clock.offset : (marked ?? now))
  const reading = placementReading({
    retry,
    since: sinceNow,
    duplicateCodes,
    judge: options.judge,
    createdAt,
    // A retry is read with the clocks' tolerance alone: its first attempt was made by another
    // call, maybe another process, whose wall clock may have been stepped since, unseen.
    clock: local === undefined || retry ? undefined : clock,
    // The skew of the same clock reading as `now` when it is this clock's (one read fewer).
    skew: clock ? wallSkew(clock, options.now === undefined ? now : clock.now()) : 0,
  })
  return {
    endpoint: options.endpoint,
    request: options.request,
    response: options.response,
    channelApiCode: options.channelApiCode,
    retryWith: options.input,
    retry,
    clientOid: options.clientOid,
    // On the clock as it was when the call began; `runChange` moves it with the clock's offset.
    since: marked ?? now,
    sinceOffset: marked === undefined ? clock?.offset : markedOffset,
    ...reading,
  }
}

/**
 * How a placement reads what it meets, shared by a single placement ({@link placement}) and each
 * item of a batch of placements ({@link batchPlacement}):
 * - `judge`: an order found with this `clientOid` but created before the placement's first
 *   attempt (`since`) is another placement's (a reused id): not applied, for good; otherwise the
 *   line's own judge decides. "Before" is judged on the clocks as they are known: created more
 *   than the clocks' tolerance (`clockTolerance`) before, on any clock; created later than that
 *   but still before by more than the synchronised clock's `uncertainty`, `reuseMargin` and the
 *   drift since the first attempt (`clockDriftRate`), only on a clock synchronised after the
 *   first attempt (by `examine`);
 * - `examine`: a found order created in that window (on a clock never synchronised, any time
 *   within the tolerance before `since`; on one synchronised before, one that would be called
 *   another's, to confirm it on an offset that cannot have drifted) synchronises `clock` once
 *   (`clock.sync()`), moving `since` by its change of offset; a sync that fails leaves the
 *   tolerance's reading: an order that may be this placement's is never called another's;
 * - `refusal`: any refusal of a retry may meet its own first attempt (checked); a refusal of a
 *   first attempt stands (the client never sends an order twice, so a duplicate id is another
 *   order's);
 * - `judgeRefusal`: a duplicate `clientOid` (one of `duplicateCodes`) proves an order carries it:
 *   one the lookup does not find is not visible yet (`pending`), never "not placed".
 *
 * @example
 * import { placementReading } from '@tradeline/core/internal'
 * placementReading({ retry: true, since: () => 0, duplicateCodes: ['43118'], judge, createdAt: (found) => found.cTime, skew: 0 }).refusal() // 'check'
 */
export function placementReading<value, record>(options: {
  retry: boolean
  /** When the placement's first attempt was made, on the transport's clock as it is now. */
  since: () => number
  duplicateCodes: readonly string[]
  judge(found: record | undefined): ChangeVerdict<value>
  createdAt(found: record): string | number | null | undefined
  /**
   * The transport's clock, when `since` follows its offset: the judgement is then made precise by
   * synchronising it. `undefined`: the clocks' tolerance alone. @default undefined
   */
  clock?: PlacementClock | undefined
  /** The synchronisations made, shared by the items of a batch (see {@link clockReadings}). */
  syncs?: ClockReadings | undefined
  /**
   * {@link wallSkew} at (or before) the first attempt: the precise reading holds only while the
   * wall clock was not stepped since.
   */
  skew: number
}): {
  judge(found: record | undefined): ChangeVerdict<value>
  examine(found: record | undefined): Promise<void> | undefined
  refusal(): RefusalMeaning
  judgeRefusal(found: record | undefined, error: { readonly code: string }): ChangeVerdict<value>
} {
  const { retry, since, duplicateCodes, createdAt, clock } = options
  const syncs = options.syncs ?? clockReadings()
  // A creation time the record does not give (the exchange writes "not set" as `""`, `"0"`,
  // `"-1"` or `null`) says nothing of whose the order is.
  // (`|| NaN`: `""`, `null` and `0` are not a time; `"0"` and `"-1"` are not after 1970; an
  // infinite time is never before the first attempt.)
  const createdOf = (found: record | undefined) => {
    const created = Number((found !== undefined && createdAt(found)) || Number.NaN)
    return created > 0 ? created : undefined
  }
  // How much earlier than the first attempt this placement's own order may be stamped, on the
  // clock as it is: with the clock synchronised after the first attempt and the wall clock not
  // stepped since (see `skew`), its uncertainty, the margin and the drift since; else the
  // clocks' tolerance. (A stepped clock may still be synchronised by `examine`: the tolerance
  // decides all the same.)
  const tolerance = (start: number) =>
    clock !== undefined &&
    syncs.fresh !== undefined &&
    syncs.fresh >= start &&
    Math.abs(wallSkew(clock) - options.skew) <= wallStepLimit
      ? (clock.uncertainty ?? 0) + reuseMargin + clockDriftRate * Math.abs(clock.now() - start)
      : clockTolerance
  const judge = (found: record | undefined): ChangeVerdict<value> => {
    const created = createdOf(found)
    if (created !== undefined) {
      const start = since()
      if (created < start - tolerance(start)) return { kind: 'not-applied', final: true }
    }
    return options.judge(found)
  }
  const examine = (found: record | undefined): Promise<void> | undefined => {
    const created = createdOf(found)
    const sync = clock?.sync
    if (created === undefined || clock === undefined || sync === undefined) return undefined
    const start = since()
    if (created < start - clockTolerance) return undefined
    // Synchronised after the first attempt already, or tried since: judged as it is.
    if (syncs.fresh !== undefined && syncs.fresh >= start) return undefined
    if (syncs.tried !== undefined && syncs.tried >= start) return undefined
    // On a clock synchronised before (an offset that may have drifted since), an order that
    // would be called another's is confirmed; on one never synchronised, any order created
    // before the first attempt (the placement's own order of a call sent is created after it on
    // a clock that is right: no synchronisation then; a clock behind the exchange's hides an
    // older order created within its lag, as it did before).
    const before = clock.synced
      ? created < start - (clock.uncertainty ?? 0) - reuseMargin
      : created < start
    if (!before) return undefined
    syncs.tried = clock.now()
    return sync.call(clock).then(
      () => {
        syncs.fresh = clock.now()
      },
      () => undefined,
    )
  }
  return {
    judge,
    examine,
    refusal: () => (retry ? 'check' : 'stands'),
    judgeRefusal: (found, error) =>
      found === undefined && duplicateCodes.includes(error.code)
        ? { kind: 'pending' }
        : judge(found),
  }
}

/**
 * The synchronisations of the transport's clock made by a placement reading (shared by the items
 * of one batch helper): when the last one was tried and when the last one succeeded (the
 * clock's time after it). A placement's judgement is precise once a synchronisation succeeded
 * after its first attempt; one tried and failed since is not tried again for it.
 */
export type ClockReadings = { tried: number | undefined; fresh: number | undefined }

/** No synchronisation made yet. */
export function clockReadings(): ClockReadings {
  return { tried: undefined, fresh: undefined }
}

/**
 * The reading of a batch of placements for core's `runBatches` (`BatchEngine`'s `judge`,
 * `examine`, `refusal` and `judgeRefusal`): each item is read as a single placement is
 * ({@link placementReading}), from the time of its own first attempt (its `retryWith`'s mark,
 * else when its batch was sent), which the engine gives on the clock as it is when it judges.
 * `clock`: the transport's clock, whose synchronisation makes the judgement precise (shared by
 * the items: one synchronisation after their first attempt serves them all).
 *
 * @example
 * import { batchPlacement } from '@tradeline/core/internal'
 * const reading = batchPlacement({
 *   duplicateCodes: ['43118'],
 *   judge: (item: { clientOid: string }, found: { clientOid: string; orderId: string; cTime: string } | undefined) =>
 *     found === undefined ? { kind: 'not-applied', final: false } : { kind: 'done', value: { orderId: found.orderId, clientOid: item.clientOid } },
 *   createdAt: (found) => found.cTime,
 * })
 * reading.judge({ clientOid: 'a' }, undefined, Date.now()) // { kind: 'not-applied', final: false }
 */
export function batchPlacement<item, record>(options: {
  duplicateCodes: readonly string[]
  /** What a lookup shows of this item (see `Change.judge`). */
  judge(item: item, found: record | undefined): ChangeVerdict<SettledAck>
  /** When a found order was created (Unix milliseconds as the exchange sends them). */
  createdAt(found: record): string | number | null | undefined
  /** The transport's clock (`transport.clock`). @default none: the clocks' tolerance alone */
  clock?: PlacementClock | undefined
}): Pick<BatchEngine<item, record>, 'judge' | 'examine' | 'refusal' | 'judgeRefusal'> {
  const syncs = clockReadings()
  // Taken before any of the batches is sent: a step of the wall clock since, even before a later
  // batch went out, keeps the tolerance's reading.
  const skew = options.clock ? wallSkew(options.clock) : 0
  const reading = (item: item, since: number) =>
    placementReading<SettledAck, record>({
      retry: isRetry(item),
      since: () => since,
      duplicateCodes: options.duplicateCodes,
      judge: (found) => options.judge(item, found),
      createdAt: options.createdAt,
      // A retried item is read with the clocks' tolerance alone: its first attempt was made by
      // another call, maybe another process, whose wall clock may have been stepped since.
      clock: isRetry(item) ? undefined : options.clock,
      syncs,
      skew,
    })
  return {
    judge: (item, found, since) => reading(item, since).judge(found),
    examine: (item, found, since) => reading(item, since).examine(found),
    refusal: (item) => reading(item, 0).refusal(),
    judgeRefusal: (item, found, error, since) => reading(item, since).judgeRefusal(found, error),
  }
}
