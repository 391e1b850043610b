/**
 * When a securities order may trade and when it lapses, on the sandbox clock and the rules'
 * session table (`Session.at`: pre-market 4:00-9:30, regular 9:30-16:00, after-hours 16:00-20:00,
 * overnight 20:00-4:00 New York; closed from Friday 20:00 to Sunday 20:00).
 *
 * - `outsideRth` names the sessions an order trades in: `RTHOnly` the regular session,
 *   `AnyTime` pre-market, regular and after-hours, `Overnight` the overnight session too; an
 *   order without it (an option contract) the regular session only. Nothing trades closed.
 * - `timeInForce` `Day` lapses at the close of the last session the order trades in on its
 *   trading day (16:00 for `RTHOnly`, 20:00 for `AnyTime` and `Overnight`); the trading day of
 *   an order placed from 20:00 on, or at a weekend, is the next weekday, and one placed after its
 *   last session of the day is for the next weekday. `GoodTilDate` lapses at the end of its
 *   `expireDate` (New York midnight); `GoodTilCanceled` never.
 *
 * Like the rToken expiries (`rTokenExpiry.ts`) this is evaluated lazily (`settle`, on each
 * request and clock move; no timer keeps the process alive): an `MO`, or an `LO` whose price the
 * market meets, placed outside its sessions rests and fills at the first instant of a session it
 * trades in, at the sandbox price when the clock is read there (an `LO` only when that price
 * still meets its limit, a market buy only when the account covers it; else it waits, checked
 * again at the next settle in its sessions); an order still open at its lapse is closed then,
 * `ExpiredStatus`, its reservation released.
 */
import { Session } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { SandboxState } from '../state.js'
import { dateAfter, instrumentOf, newYorkInstant, priceOf } from './stockplus.js'
import { buyCostOf, execute, type StockOrder, stockAccountOf } from './stockplusBook.js'
import { lapseStockOrder } from './stockplusOrders.js'

const allSessions = ['pre_market', 'regular', 'after_hours', 'overnight'] as const

/**
 * The sessions an order trades in, by its `outsideRth` (and symbol: an option trades in the
 * regular session only): `AnyTime` is pre-market, regular and after-hours.
 */
export function stockSessionsOf(
  symbol: string,
  outsideRth: string | null | undefined,
): readonly Session.State[] {
  if (instrumentOf(symbol)?.kind === 'option') return ['regular']
  if (outsideRth === 'Overnight') return allSessions
  if (outsideRth === 'AnyTime') return ['pre_market', 'regular', 'after_hours']
  return ['regular']
}

/** Whether an order trading in `sessions` may trade at `instant`. */
export function tradesAt(sessions: readonly Session.State[], instant: number): boolean {
  const { state } = Session.at(instant)
  return state !== 'closed' && sessions.includes(state)
}

const startMinute: Record<Session.State, number> = {
  pre_market: 240,
  regular: 570,
  after_hours: 960,
  overnight: 1200,
}

/** The first instant at or after `from` at which an order trading in `sessions` may trade. */
export function nextTradingInstant(sessions: readonly Session.State[], from: number): number {
  if (tradesAt(sessions, from)) return from
  const { date } = Session.at(from).et
  // The weekend close is two days: within five days a session of every kind opens.
  for (let day = 0; day < 5; day++) {
    const starts = sessions
      .map((s) => newYorkInstant(dateAfter(date, day), startMinute[s]))
      .filter((at) => at > from && tradesAt(sessions, at))
      .sort((a, b) => a - b)
    if (starts[0] !== undefined) return starts[0]
  }
  throw new Error('unreachable: a session opens within five days')
}

/**
 * The instant a `Day` order trading in `sessions`, placed at `placedAt`, lapses: the close of
 * its last session on its trading day (see the module's notes).
 */
export function dayOrderEnd(sessions: readonly Session.State[], placedAt: number): number {
  const closeMinute = sessions.includes('after_hours') ? 1200 : 960
  const { et } = Session.at(placedAt)
  let date = et.time >= '20:00' ? dateAfter(et.date, 1) : et.date
  for (;;) {
    const weekday = Session.at(newYorkInstant(date, 720)).et.weekday
    if (weekday !== 'Sat' && weekday !== 'Sun') {
      const end = newYorkInstant(date, closeMinute)
      if (end > placedAt) return end
    }
    date = dateAfter(date, 1)
  }
}

/**
 * The instant an order lapses by its `timeInForce`: `Day` see {@link dayOrderEnd},
 * `GoodTilDate` the New York midnight ending its `expireDate`, `GoodTilCanceled` never
 * (`undefined`). A `Day` RTHOnly order placed Wednesday 2026-12-02 10:00 New York lapses at
 * 16:00 that day (2026-12-02T21:00:00.000Z).
 */
export function stockOrderLapse(order: {
  readonly symbol: string
  readonly timeInForce: string
  readonly expireDate?: string | null | undefined
  readonly outsideRth?: string | null | undefined
  readonly placedAt: number
}): number | undefined {
  if (order.timeInForce === 'Day')
    return dayOrderEnd(stockSessionsOf(order.symbol, order.outsideRth), order.placedAt)
  if (order.timeInForce === 'GoodTilDate' && typeof order.expireDate === 'string')
    return newYorkInstant(order.expireDate, 1440)
  return undefined
}

/** What the lazy settlement watches of an open order. */
type Watch = {
  readonly order: StockOrder
  readonly sessions: readonly Session.State[]
  /** When it lapses; `undefined` never. */
  readonly lapsesAt: number | undefined
  /** An order waiting for its session to fill at once: the first instant it may fill from. */
  fillsFrom: number | undefined
}

/** The open orders of each state with a lapse or waiting for their session (closed ones drop out). */
const watched = new WeakMap<SandboxState, Map<string, Watch>>()

/**
 * Notes an order left open at placement: when it lapses and, when `waitsForSession`, that it is
 * a market order or a marketable limit order placed outside its sessions, to fill once one opens.
 */
export function watchStockOrder(
  state: SandboxState,
  order: StockOrder,
  terms: {
    readonly timeInForce: string
    readonly expireDate?: string | null | undefined
    readonly outsideRth?: string | null | undefined
    readonly waitsForSession: boolean
  },
): void {
  if (order.status !== 'open') return
  const sessions = stockSessionsOf(order.symbol, terms.outsideRth)
  const lapsesAt = stockOrderLapse({ ...terms, symbol: order.symbol, placedAt: order.createdAt })
  const fillsFrom = terms.waitsForSession
    ? nextTradingInstant(sessions, order.createdAt)
    : undefined
  if (lapsesAt === undefined && fillsFrom === undefined) return
  let book = watched.get(state)
  if (book === undefined) {
    book = new Map()
    watched.set(state, book)
  }
  book.set(order.orderId, { order, sessions, lapsesAt, fillsFrom })
}

/** Whether a waiting order may fill at `price` (a limit met; a market buy the account covers). */
function fillable(state: SandboxState, order: StockOrder, price: string): boolean {
  if (order.price !== undefined)
    return order.side === 'Buy' ? new Big(order.price).gte(price) : new Big(order.price).lte(price)
  if (order.side === 'Sell') return true
  const cost = buyCostOf(state, order.symbol, order.quantity, price)
  return cost.lte(new Big(order.frozen).plus(stockAccountOf(state, order.uid).cash))
}

/**
 * Brings the watched securities orders up to `now`: a waiting order whose session opened before
 * it lapsed fills (at that session's first instant, at the current price) when the price allows;
 * an order still open at its lapse closes `ExpiredStatus` at the lapse.
 */
export function settleStockOrders(state: SandboxState, now: number): void {
  const book = watched.get(state)
  if (book === undefined) return
  for (const [orderId, watch] of book) {
    const { order } = watch
    if (order.status !== 'open') {
      book.delete(orderId)
      continue
    }
    const { fillsFrom, lapsesAt } = watch
    const due = fillsFrom !== undefined && fillsFrom <= now
    if (due && (lapsesAt === undefined || fillsFrom < lapsesAt)) {
      const price = priceOf(state, order.symbol)
      if (price !== undefined && fillable(state, order, price)) {
        execute(state, order, price, fillsFrom)
        book.delete(orderId)
        continue
      }
      // The price did not allow it now: checked again from now on, in its sessions.
      watch.fillsFrom = nextTradingInstant(watch.sessions, now)
    }
    if (lapsesAt !== undefined && lapsesAt <= now) {
      book.delete(orderId)
      lapseStockOrder(state, order, lapsesAt)
    }
  }
}
