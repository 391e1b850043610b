/** A synthetic book's sides in integer ticks and its decimal text (no price passes through a JavaScript number). */

import { seededRandom } from '../random.js'
import {
  pricePrecisionOf,
  priceStepOf,
  quantityPrecisionOf,
  sizeStepOf,
} from '../records/market.js'
import type { SandboxInstrument, SandboxState } from '../state.js'

export const units = (value: string, places: number): bigint => {
  const [int = '0', frac = ''] = value.split('.')
  return BigInt(int + frac.padEnd(places, '0').slice(0, places))
}
export const text = (scaled: bigint, places: number): string => {
  if (places === 0) return scaled.toString()
  const digits = scaled.toString().padStart(places + 1, '0')
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`
}

export type Side = Map<number, string>
export type Book = {
  readonly instrument: SandboxInstrument
  readonly bids: Side
  readonly asks: Side
  readonly random: () => number
  readonly price: (ticks: number) => string
  readonly size: (lots: number) => string
  /** The ticks of a price text. */
  readonly ticks: (price: string) => number
  seq: number
  corrupt: number
}

export const sorted = (side: Side, descending: boolean): [string, string][] =>
  [...side.keys()]
    .sort((a, b) => (descending ? b - a : a - b))
    .map((ticks) => [String(ticks), side.get(ticks) as string])

/** The levels an update changed, as texts (size `"0"`: the level went). */
export type BookChange = { bids: [string, string][]; asks: [string, string][] }

/**
 * The synthetic books of one sandbox: the WebSocket book channels and the REST depth reads
 * both read these, so a REST depth and a WebSocket snapshot taken between two updates agree.
 */
export type BookStore = {
  /**
   * The book of an instrument (one per category and symbol, on its own tick and lot), built
   * around the sandbox price of its symbol from the seed on first use.
   */
  bookOf(instrument: SandboxInstrument): Book
  /** The levels best first, as texts. */
  levelsOf(book: Book): { bids: [string, string][]; asks: [string, string][] }
  /** One update: one to three changed levels, the book kept uncrossed and 30 to 60 deep. */
  change(book: Book): BookChange
  /**
   * Moves the books of `symbol` (one per category) to a new sandbox price: the levels at or
   * through the price go, and a side left thinner than 30 levels is refilled next to it; the
   * update of each book where anything changed (no book yet: nothing to move).
   */
  recenter(symbol: string, price: string): { book: Book; change: BookChange }[]
}

const stores = new WeakMap<SandboxState, BookStore>()

/**
 * The book store of a sandbox's state (one per state).
 *
 * @example
 * import { bookStoreOf, createState } from '@tradeline/sandbox'
 * const state = createState()
 * const store = bookStoreOf(state)
 * store.levelsOf(store.bookOf(state.instruments.get('USDT-FUTURES', 'BTCUSDT')!)).bids.length // 40
 */
export function bookStoreOf(state: SandboxState): BookStore {
  const known = stores.get(state)
  if (known) return known
  const store = createBookStore(state)
  stores.set(state, store)
  return store
}

/**
 * The best bid and ask of the book of an instrument as `[price, size]` texts (a side without
 * levels: `["", ""]`), which the tickers answer, so a ticker and a depth read agree.
 */
export function bestLevels(
  state: SandboxState,
  instrument: SandboxInstrument,
): { bid: readonly [string, string]; ask: readonly [string, string] } {
  const store = bookStoreOf(state)
  const { bids, asks } = store.levelsOf(store.bookOf(instrument))
  return { bid: bids[0] ?? ['', ''], ask: asks[0] ?? ['', ''] }
}

function createBookStore(state: SandboxState): BookStore {
  /** Books by `category|symbol` of their instrument. */
  const books = new Map<string, Book>()
  const keyOf = (instrument: SandboxInstrument) =>
    `${instrument.category.toUpperCase()}|${instrument.symbol}`

  const bookOf = (instrument: SandboxInstrument): Book => {
    const known = books.get(keyOf(instrument))
    if (known) return known
    const { symbol } = instrument
    const pricePlaces = pricePrecisionOf(instrument)
    const sizePlaces = quantityPrecisionOf(instrument)
    const tick = units(priceStepOf(instrument), pricePlaces)
    const lot = units(sizeStepOf(instrument), sizePlaces)
    // Seeded by the symbol alone: a fresh sandbox's books are as they were before categories.
    const random = seededRandom(state.ids.seed, `book:${symbol}`)
    const mid = Number(units(state.prices.get(symbol) ?? '100', pricePlaces) / tick)
    const book: Book = {
      instrument,
      bids: new Map(),
      asks: new Map(),
      random,
      price: (ticks) => text(BigInt(ticks) * tick, pricePlaces),
      size: (lots) => text(BigInt(lots) * lot, sizePlaces),
      ticks: (price) => Number(units(price, pricePlaces) / tick),
      seq: 1,
      corrupt: 0,
    }
    const lots = () => 1 + Math.floor(random() * 500)
    let b = mid - 1
    let a = mid + 1
    for (let i = 0; i < 40; i++) {
      book.bids.set(b, book.size(lots()))
      book.asks.set(a, book.size(lots()))
      b -= 1 + Math.floor(random() * 2)
      a += 1 + Math.floor(random() * 2)
    }
    books.set(keyOf(instrument), book)
    return book
  }

  const levelsOf = (book: Book) => ({
    bids: sorted(book.bids, true).map(([t, s]) => [book.price(Number(t)), s] as [string, string]),
    asks: sorted(book.asks, false).map(([t, s]) => [book.price(Number(t)), s] as [string, string]),
  })

  const change = (book: Book) => {
    const { random } = book
    const changed = { bids: new Map<number, string>(), asks: new Map<number, string>() }
    const count = 1 + Math.floor(random() * 3)
    for (let i = 0; i < count; i++) {
      const isBid = random() < 0.5
      const side = isBid ? book.bids : book.asks
      const out = isBid ? changed.bids : changed.asks
      const keys = sorted(side, isBid).map(([t]) => Number(t))
      const r = random()
      const op =
        side.size < 30
          ? 'add'
          : side.size > 60
            ? 'remove'
            : r < 0.55
              ? 'modify'
              : r < 0.8
                ? 'remove'
                : 'add'
      if (op === 'modify' || op === 'remove') {
        // Mostly within the 25 levels the checksum covers.
        const ticks = keys[Math.floor(random() * Math.min(keys.length, 30))] as number
        if (op === 'remove') {
          side.delete(ticks)
          out.set(ticks, '0')
        } else {
          const size = book.size(1 + Math.floor(random() * 500))
          side.set(ticks, size)
          out.set(ticks, size)
        }
      } else {
        const bestBid = Math.max(...book.bids.keys())
        const bestAsk = Math.min(...book.asks.keys())
        const ticks = isBid
          ? bestAsk - 1 - Math.floor(random() * 50)
          : bestBid + 1 + Math.floor(random() * 50)
        const size = book.size(1 + Math.floor(random() * 500))
        side.set(ticks, size)
        out.set(ticks, size)
      }
    }
    const list = (m: Map<number, string>) =>
      [...m.entries()].map(([t, s]) => [book.price(t), s === '0' ? '0' : s] as [string, string])
    return { bids: list(changed.bids), asks: list(changed.asks) }
  }

  const recenter = (symbol: string, price: string) =>
    [...books.values()]
      .filter((book) => book.instrument.symbol === symbol)
      .flatMap((book) => {
        const moved = recenterBook(book, price)
        return moved ? [{ book, change: moved }] : []
      })

  const recenterBook = (book: Book, price: string): BookChange | undefined => {
    const mid = book.ticks(price)
    const changed = { bids: new Map<number, string>(), asks: new Map<number, string>() }
    for (const ticks of [...book.bids.keys()])
      if (ticks >= mid) {
        book.bids.delete(ticks)
        changed.bids.set(ticks, '0')
      }
    for (const ticks of [...book.asks.keys()])
      if (ticks <= mid) {
        book.asks.delete(ticks)
        changed.asks.set(ticks, '0')
      }
    const refill = (side: Side, out: Map<number, string>, direction: 1 | -1) => {
      for (let ticks = mid + direction; side.size < 30; ticks += direction)
        if (!side.has(ticks)) {
          const size = book.size(1 + Math.floor(book.random() * 500))
          side.set(ticks, size)
          out.set(ticks, size)
        }
    }
    refill(book.bids, changed.bids, -1)
    refill(book.asks, changed.asks, 1)
    if (changed.bids.size + changed.asks.size === 0) return undefined
    const list = (m: Map<number, string>) =>
      [...m.entries()].map(([t, size]) => [book.price(t), size] as [string, string])
    return { bids: list(changed.bids), asks: list(changed.asks) }
  }

  return { bookOf, levelsOf, change, recenter }
}
