/**
 * What a private stream has emitted, so that nothing is emitted twice or backwards and a gap
 * can be filled: per order the last state emitted (update time, filled quantity, stage), the
 * fills by id, the orders believed open with their creation time, and the newest update time
 * seen. After a reconnect {@link Ledger.missed} reads through REST what changed (the open
 * orders, the order history pages since the oldest moment that matters, the fills since the
 * last one) and returns what was not emitted yet, oldest first. A product line describes its
 * records ({@link OrderShape}, {@link FillShape}) and its REST reads ({@link GapReads}).
 */
import { Decimal } from '@tradeline/rules/shared'
import { StreamGapError } from './errors.js'

/**
 * How the ledger reads a line's order record.
 */
export type OrderShape<O> = {
  id(order: O): string
  /** The update time, server Unix ms (the creation time when never updated). */
  time(order: O): number
  /** The creation time, server Unix ms. */
  created(order: O): number
  /** The filled quantity, a decimal string. */
  filled(order: O): string
  /** `0` open and unfilled, `1` partially filled and open, `2` final (filled, cancelled, rejected). */
  stage(order: O): 0 | 1 | 2
}

/** How the ledger reads a line's fill record. */
export type FillShape<F> = {
  id(fill: F): string
  orderId(fill: F): string
  /** The fill's time, server Unix ms. */
  time(fill: F): number
}

/** The REST reads that fill a gap; each reads every page, and rejects when it cannot. */
export type GapReads<O, F> = {
  /** Every open order. */
  openOrders(signal: AbortSignal): Promise<readonly O[]>
  /** Every closed order created at or after `start` (server Unix ms). */
  orderHistory(start: number, signal: AbortSignal): Promise<readonly O[]>
  /** Every fill at or after `start` (server Unix ms). */
  fills(start: number, signal: AbortSignal): Promise<readonly F[]>
  /** One order by id, `undefined` when the exchange does not know it (anymore). */
  order(orderId: string, signal: AbortSignal): Promise<O | undefined>
}

/** An event the ledger returns: an order state or a fill. */
export type Missed<O, F> =
  | { readonly topic: 'order'; readonly record: O }
  | { readonly topic: 'fill'; readonly record: F }

type Last = { time: number; filled: string; stage: number }

/**
 * Keeps the newest `cap` keys of a map (insertion order, refreshed on set), evicting in batches:
 * once it holds an eighth more, the oldest go in one pass. (One eviction per set made each
 * `keys().next()` walk the slots the earlier deletes left: 14 us a record at the cap.)
 */
const capped = <K, V>(map: Map<K, V>, key: K, value: V, cap: number) => {
  if (map.has(key)) map.delete(key)
  map.set(key, value)
  if (map.size <= cap + (cap >> 3)) return
  let extra = map.size - cap
  for (const old of map.keys()) {
    if (extra-- <= 0) break
    map.delete(old)
  }
}

/** Compares two numeric ids of any length (the exchange's ids grow with time). */
export const byId = (a: string, b: string): number =>
  a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

/** Compares two filled quantities; a quantity that is not a decimal counts as 0. */
const byFilled = (a: string, b: string): number =>
  a === b ? 0 : Decimal.compare(Decimal.isDecimal(a) ? a : '0', Decimal.isDecimal(b) ? b : '0')

/** The ledger of one stream. */
export class Ledger<O, F> {
  readonly #order: OrderShape<O>
  readonly #fill: FillShape<F>
  readonly #orders = new Map<string, Last>()
  readonly #fills = new Map<string, true>()
  /** Orders believed open, with their creation time. */
  readonly #open = new Map<string, number>()
  readonly #cap: number
  /** The newest update time emitted, in server milliseconds. */
  since: number | undefined
  /**
   * The gap's start while a catch-up has not completed: live pushes accepted during a catch-up
   * move {@link Ledger.since}, and a catch-up that fails must start again from before the drop.
   */
  #gapSince: { at: number | undefined } | undefined
  /** When each topic began (server ms): a replay never reaches before it. */
  readonly #started: { order?: number; fill?: number } = {}
  /**
   * The server's time (the earliest it may have been) when the connection first dropped since
   * the last catch-up: the gap starts no later. A push stamped ahead of it (a faulty update time
   * a week ahead) moved {@link Ledger.since} there, and a gap read from it missed everything.
   */
  #droppedAt: number | undefined

  constructor(shapes: { order: OrderShape<O>; fill: FillShape<F> }, cap = 10_000) {
    this.#order = shapes.order
    this.#fill = shapes.fill
    this.#cap = cap
  }

  /**
   * Whether this order state is new; records it when it is. A state never goes backwards:
   * not to a smaller filled quantity, not to an earlier stage at the same quantity, not to an
   * older update time at the same quantity and stage; the same time, quantity and stage is the
   * same state.
   */
  acceptOrder(order: O): boolean {
    const id = this.#order.id(order)
    const next = this.#last(order)
    const last = this.#orders.get(id)
    if (last !== undefined) {
      if (!Ledger.#after(next, last)) return false
      // Updated in place: an order keeps its place in the cap (the stream's hot path).
      last.time = next.time
      last.filled = next.filled
      last.stage = next.stage
    } else capped(this.#orders, id, next, this.#cap)
    if (next.stage === 2) this.#open.delete(id)
    else if (!this.#open.has(id)) capped(this.#open, id, this.#order.created(order), this.#cap)
    this.#advance(next.time)
    return true
  }

  /** Whether this fill is new; records it when it is. */
  acceptFill(fill: F): boolean {
    const id = this.#fill.id(fill)
    if (this.#fills.has(id)) return false
    capped(this.#fills, id, true, this.#cap)
    this.#advance(this.#fill.time(fill))
    return true
  }

  /**
   * Marks orders open without emitting them (the open orders when the stream starts), so that
   * a gap finds how they ended; their state is not recorded, so a push of them still counts.
   */
  seedOpen(orders: readonly O[]): void {
    for (const order of orders) {
      const id = this.#order.id(order)
      if (!this.#orders.has(id) && this.#order.stage(order) < 2)
        capped(this.#open, id, this.#order.created(order), this.#cap)
    }
  }

  /** Records when `topic` began (the first time only). */
  start(topic: 'order' | 'fill', time: number): void {
    this.#started[topic] ??= time
  }

  /** Whether `topic` began, so that a gap must be filled. */
  started(topic: 'order' | 'fill'): boolean {
    return this.#started[topic] !== undefined
  }

  /** The connection dropped at server time `at` (the first drop since the last catch-up counts). */
  dropped(at: number): void {
    this.#droppedAt ??= at
  }

  #advance(time: number) {
    if (time > (this.since ?? 0)) this.since = time
  }

  #last(order: O): Last {
    return {
      time: this.#order.time(order),
      filled: this.#order.filled(order),
      stage: this.#order.stage(order),
    }
  }

  /**
   * Whether state `next` of an order comes after `last`: more filled, or a later stage, is later
   * whatever the times say (an order's filled quantity and stage only grow, and a time may be an
   * estimate: a classic push without `uTime` takes the push's `ts`, later than the update it
   * reports); with both equal, a later time (a new price) is new, the same moment is not.
   */
  static #after(next: Last, last: Last): boolean {
    const filled = byFilled(next.filled, last.filled)
    if (filled !== 0) return filled > 0
    if (next.stage !== last.stage) return next.stage > last.stage
    return next.time > last.time
  }

  /**
   * What changed since {@link Ledger.since} and was not emitted, oldest first (a fill before
   * the order update of the same moment); not yet recorded: pass each to `accept*` as it is
   * emitted. Rejects when a read fails (the caller drops the connection and tries again) and
   * with a `StreamGapError` when a read has more pages than it may follow. The gap's start is
   * fixed when it is first called, before its first read, until {@link Ledger.caughtUp}: what is
   * accepted meanwhile (live pushes) does not move it, also for a catch-up tried again; it is
   * never later than the time of the drop ({@link Ledger.dropped}).
   */
  async missed(
    reads: GapReads<O, F>,
    topics: { orders: boolean; fills: boolean },
    signal: AbortSignal,
    slackMs = 2000,
  ): Promise<Missed<O, F>[]> {
    const first = Math.min(this.#started.order ?? Infinity, this.#started.fill ?? Infinity)
    this.#gapSince ??= { at: this.since }
    const since = Math.min(this.#gapSince.at ?? 0, this.#droppedAt ?? Number.POSITIVE_INFINITY)
    const start = Math.max(0, Math.max(first, since) - slackMs)
    const events: Missed<O, F>[] = []
    const [orders, fills] = await Promise.all([
      topics.orders ? this.#missedOrders(reads, start, signal) : [],
      topics.fills ? reads.fills(start, signal) : [],
    ])
    for (const order of orders)
      if (this.#isNewOrder(order, start)) events.push({ topic: 'order', record: order })
    const fillStart = this.#started.fill ?? Infinity
    for (const fill of fills)
      if (!this.#fills.has(this.#fill.id(fill)) && this.#fill.time(fill) >= fillStart)
        events.push({ topic: 'fill', record: fill })
    return this.inOrder(this.#unique(events))
  }

  /**
   * The open orders, the closed orders of the history since the oldest moment that matters
   * (the gap's start, or the creation of an order believed open that is no longer), and, for
   * an order believed open that neither shows, its own state.
   */
  async #missedOrders(reads: GapReads<O, F>, start: number, signal: AbortSignal): Promise<O[]> {
    const open = await reads.openOrders(signal)
    const openIds = new Set(open.map((o) => this.#order.id(o)))
    const gone = [...this.#open].filter(([id]) => !openIds.has(id))
    const from = gone.reduce((min, [, created]) => Math.min(min, created), start)
    const history = await reads.orderHistory(Math.max(0, from), signal)
    const seen = new Set(history.map((o) => this.#order.id(o)))
    const lost = gone.filter(([id]) => !seen.has(id)).map(([id]) => id)
    const looked: O[] = []
    for (let i = 0; i < lost.length; i += 8) {
      const found = await Promise.all(
        lost.slice(i, i + 8).map((orderId) => reads.order(orderId, signal)),
      )
      for (const order of found) if (order !== undefined) looked.push(order)
    }
    return [...open, ...history, ...looked]
  }

  /** The catch-up emitted what {@link Ledger.missed} returned: the next gap starts from now on. */
  caughtUp(): void {
    this.#gapSince = undefined
    this.#droppedAt = undefined
  }

  #unique(events: Missed<O, F>[]): Missed<O, F>[] {
    const seen = new Set<string>()
    return events.filter((e) => {
      const key =
        e.topic === 'fill'
          ? `f${this.#fill.id(e.record)}`
          : `o${this.#order.id(e.record)}|${JSON.stringify(this.#last(e.record))}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }

  /**
   * Whether a state read after a gap is new. An order the ledger does not hold (never emitted,
   * or dropped from the cap: a resting order that 10,000 newer orders passed) is new if it
   * changed in the gap (from `start`, the gap's start less the slack) and after the
   * subscription began: an unchanged open order, or one closed while the stream was up, is not
   * emitted again.
   */
  #isNewOrder(order: O, start: number): boolean {
    const last = this.#orders.get(this.#order.id(order))
    if (last === undefined) {
      const time = this.#order.time(order)
      return time >= start && time >= (this.#started.order ?? Infinity)
    }
    return Ledger.#after(this.#last(order), last)
  }

  /** The time of an event. */
  timeOf(event: Missed<O, F>): number {
    return event.topic === 'fill' ? this.#fill.time(event.record) : this.#order.time(event.record)
  }

  /**
   * The missed events in the order they happened, as far as REST tells: by time (ms); within
   * one millisecond fills by id, and an order's update right after its last fill of that
   * moment (a fill is pushed before the order update it causes), an update without a fill then
   * before the fills; two states of one order in the same millisecond by filled quantity, then
   * stage.
   */
  inOrder(events: readonly Missed<O, F>[]): Missed<O, F>[] {
    const fills = events
      .filter((e): e is Extract<Missed<O, F>, { topic: 'fill' }> => e.topic === 'fill')
      .sort(
        (a, b) =>
          this.timeOf(a) - this.timeOf(b) || byId(this.#fill.id(a.record), this.#fill.id(b.record)),
      )
    const rankOfFill = new Map<Missed<O, F>, number>()
    const lastFill = new Map<string, number>()
    fills.forEach((f, i) => {
      rankOfFill.set(f, i * 2)
      lastFill.set(`${this.#fill.orderId(f.record)}|${this.timeOf(f)}`, i)
    })
    const rank = (e: Missed<O, F>): number => {
      if (e.topic === 'fill') return rankOfFill.get(e) ?? 0
      const last = lastFill.get(`${this.#order.id(e.record)}|${this.timeOf(e)}`) ?? -1
      return last * 2 + 1
    }
    const orderTie = (a: O, b: O): number => {
      const id = byId(this.#order.id(a), this.#order.id(b))
      if (id !== 0) return id
      return (
        byFilled(this.#order.filled(a), this.#order.filled(b)) ||
        this.#order.stage(a) - this.#order.stage(b)
      )
    }
    return events
      .map((e) => ({ e, time: this.timeOf(e), rank: rank(e) }))
      .sort(
        (a, b) =>
          a.time - b.time ||
          a.rank - b.rank ||
          (a.e.topic === 'order' && b.e.topic === 'order' ? orderTie(a.e.record, b.e.record) : 0),
      )
      .map(({ e }) => e)
  }
}

/**
 * Every record of a cursor-paged read, following at most `maxPages` pages; a read with more
 * rejects with a `StreamGapError` naming it rather than return part of it.
 *
 * @example
 * import { allPages } from '@tradeline/core'
 * const orders = await allPages('open orders', (cursor) => client.orders.getOpen({ category: 'SPOT', limit: '100', ...cursor }))
 */
export async function allPages<T>(
  what: string,
  read: (cursor: { cursor?: string }) => Promise<{ list: readonly T[]; cursor: string | null }>,
  options: {
    /** Pages followed at most. @default 1000 */
    maxPages?: number | undefined
    /** The page size asked for: a shorter page is the last (no read of an empty page). */
    pageSize?: number | undefined
    signal?: AbortSignal | undefined
  } = {},
): Promise<T[]> {
  const maxPages = options.maxPages ?? 1000
  const pageSize = options.pageSize ?? 1
  const all: T[] = []
  let cursor: string | null = null
  for (let page = 0; page < maxPages; page++) {
    options.signal?.throwIfAborted()
    const result: { list: readonly T[]; cursor: string | null } = await read(
      cursor === null ? {} : { cursor },
    )
    all.push(...result.list)
    if (result.cursor === null || result.cursor === '' || result.list.length < pageSize) return all
    if (result.cursor === cursor) return all
    cursor = result.cursor
  }
  throw new StreamGapError({ what, pages: maxPages, read: all.length })
}
