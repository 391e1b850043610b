/**
 * What a stream has emitted, so that nothing is emitted twice and a gap can be filled: per
 * order the last state emitted (update time, status, filled quantity), the fills by `execId`,
 * the orders believed open, and the newest update time seen. After a reconnect `missed` reads
 * through REST what changed since then (open orders, the final state of every order that was
 * open and is no longer, orders of the gap already closed, fills of the gap) and returns what
 * was not emitted yet, oldest first.
 */
import { Category } from '@tradeline/rules'
import { getFills } from '../actions/getFills.js'
import { getOpenOrders } from '../actions/getOpenOrders.js'
import { getOrderHistory } from '../actions/getOrderHistory.js'
import { getOrderInfo } from '../actions/getOrderInfo.js'
import type { ClientBase } from '../internal/call.js'
import type { FillRecord, OrderRecord } from '../schemas/order.js'

/** An event the ledger returns: an order or a fill. */
export type Missed =
  | { readonly topic: 'order'; readonly record: OrderRecord }
  | { readonly topic: 'fill'; readonly record: FillRecord }

type Last = { time: number; status: string; qty: string }

const openStatuses = new Set(['new', 'live', 'partially_filled'])
/** Unified categories whose history is read after a gap. */
export const streamCategories = Category.categories

const timeOf = (value: string | null | undefined): number => {
  const n = Number(value)
  return Number.isFinite(n) ? n : 0
}

/** Keeps the newest `cap` keys of a map (insertion order, refreshed on set). */
const capped = <K, V>(map: Map<K, V>, key: K, value: V, cap: number) => {
  map.delete(key)
  map.set(key, value)
  if (map.size > cap) map.delete(map.keys().next().value as K)
}

/** The ledger of one stream. */
export class Ledger {
  readonly #orders = new Map<string, Last>()
  readonly #fills = new Map<string, true>()
  readonly #open = new Map<string, true>()
  readonly #cap: number
  /** The newest update time emitted, in server milliseconds. */
  since: number | undefined
  /** When each topic's subscription was acknowledged (server ms): a replay never reaches before it. */
  readonly #started: { order?: number; fill?: number } = {}

  constructor(cap = 10_000) {
    this.#cap = cap
  }

  /** Whether this order state is new; records it when it is. */
  acceptOrder(order: OrderRecord): boolean {
    const time = timeOf(order.updatedTime ?? order.createdTime)
    const status = order.orderStatus ?? ''
    const qty = order.cumExecQty ?? '0'
    const last = this.#orders.get(order.orderId)
    if (
      last &&
      (time < last.time || (time === last.time && status === last.status && qty === last.qty))
    )
      return false
    capped(this.#orders, order.orderId, { time, status, qty }, this.#cap)
    if (openStatuses.has(status)) capped(this.#open, order.orderId, true, this.#cap)
    else this.#open.delete(order.orderId)
    this.#advance(time)
    return true
  }

  /** Whether this fill is new; records it when it is. */
  acceptFill(fill: FillRecord): boolean {
    if (this.#fills.has(fill.execId)) return false
    capped(this.#fills, fill.execId, true, this.#cap)
    this.#advance(timeOf(fill.createdTime ?? fill.updatedTime))
    return true
  }

  /**
   * Marks orders open without emitting them (the open orders when the stream starts), so that
   * a gap finds how they ended; their state is not recorded, so a push of them still counts.
   */
  seedOpen(orders: readonly OrderRecord[]): void {
    for (const order of orders)
      if (!this.#orders.has(order.orderId) && openStatuses.has(order.orderStatus ?? ''))
        capped(this.#open, order.orderId, true, this.#cap)
  }

  /** Records when `topic`'s subscription was acknowledged (the first time only). */
  start(topic: 'order' | 'fill', time: number): void {
    this.#started[topic] ??= time
  }

  #advance(time: number) {
    if (time > (this.since ?? 0)) this.since = time
  }

  /**
   * What changed since {@link Ledger.since} and was not emitted, oldest first (a fill before
   * the order update of the same moment); not yet recorded: pass each to `accept*` as it is
   * emitted.
   */
  async missed(
    client: ClientBase,
    topics: { orders: boolean; fills: boolean },
    slackMs = 2000,
  ): Promise<Missed[]> {
    const first = Math.min(this.#started.order ?? Infinity, this.#started.fill ?? Infinity)
    const start = String(Math.max(0, Math.max(first, this.since ?? 0) - slackMs))
    const events: Missed[] = []
    if (topics.orders) {
      const open = await allPages((cursor) => getOpenOrders(client, { limit: '100', ...cursor }))
      const openIds = new Set(open.map((o) => o.orderId))
      const closed = await Promise.all(
        [...this.#open.keys()]
          .filter((id) => !openIds.has(id))
          .map((orderId) => getOrderInfo(client, { orderId }).catch(() => undefined)),
      )
      const history = (
        await Promise.all(
          streamCategories.map((category) =>
            allPages((cursor) =>
              getOrderHistory(client, { category, startTime: start, limit: '100', ...cursor }),
            ),
          ),
        )
      ).flat()
      for (const order of [...open, ...closed, ...history])
        if (order !== undefined && this.#isNewOrder(order))
          events.push({ topic: 'order', record: order })
    }
    if (topics.fills) {
      const fills = await allPages((cursor) =>
        getFills(client, { startTime: start, limit: '100', ...cursor }),
      )
      for (const fill of fills)
        if (
          !this.#fills.has(fill.execId) &&
          timeOf(fill.createdTime ?? fill.updatedTime) >= (this.#started.fill ?? Infinity)
        )
          events.push({ topic: 'fill', record: fill })
    }
    const seen = new Set<string>()
    return inOrder(
      events.filter((e) => {
        const key =
          e.topic === 'fill'
            ? `f${e.record.execId}`
            : `o${e.record.orderId}|${e.record.updatedTime}|${e.record.orderStatus}|${e.record.cumExecQty}`
        if (seen.has(key)) return false
        seen.add(key)
        return true
      }),
    )
  }

  #isNewOrder(order: OrderRecord): boolean {
    const last = this.#orders.get(order.orderId)
    const time = timeOf(order.updatedTime ?? order.createdTime)
    // An order never emitted: new if it changed after the subscription began.
    if (last === undefined) return time >= (this.#started.order ?? Infinity)
    return (
      time > last.time ||
      (time === last.time && (order.orderStatus !== last.status || order.cumExecQty !== last.qty))
    )
  }
}

/** Compares two numeric ids of any length (the exchange's ids grow with time). */
const byId = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

/**
 * The missed events in the order they happened, as far as REST tells: by time (milliseconds);
 * within one millisecond fills by id, and an order's update right after its last fill of that
 * moment (a fill is pushed before the order update it causes), an update without a fill then
 * before the fills.
 */
export function inOrder(events: readonly Missed[]): Missed[] {
  const fills = events
    .filter((e): e is Extract<Missed, { topic: 'fill' }> => e.topic === 'fill')
    .sort((a, b) => eventTime(a) - eventTime(b) || byId(a.record.execId, b.record.execId))
  const rankOfFill = new Map(fills.map((f, i) => [f, i * 2]))
  const rank = (e: Missed): number => {
    if (e.topic === 'fill') return rankOfFill.get(e) ?? 0
    const time = eventTime(e)
    let last = -1
    fills.forEach((f, i) => {
      if (f.record.orderId === e.record.orderId && eventTime(f) === time) last = i
    })
    return last * 2 + 1
  }
  return events
    .map((e) => ({ e, time: eventTime(e), rank: rank(e) }))
    .sort(
      (a, b) =>
        a.time - b.time ||
        a.rank - b.rank ||
        (a.e.topic === 'order' && b.e.topic === 'order'
          ? byId(a.e.record.orderId, b.e.record.orderId)
          : 0),
    )
    .map(({ e }) => e)
}

const eventTime = (e: Missed): number =>
  e.topic === 'fill'
    ? timeOf(e.record.createdTime ?? e.record.updatedTime)
    : timeOf(e.record.updatedTime ?? e.record.createdTime)

/** Every record of a cursor-paged read, at most 50 pages. */
export async function allPages<T>(
  read: (cursor: { cursor?: string }) => Promise<{ list: T[]; cursor: string | null }>,
): Promise<T[]> {
  const all: T[] = []
  let cursor: string | null = null
  for (let page = 0; page < 50; page++) {
    const result: { list: T[]; cursor: string | null } = await read(
      cursor === null ? {} : { cursor },
    )
    all.push(...result.list)
    cursor = result.cursor
    if (cursor === null || result.list.length === 0) break
  }
  return all
}
