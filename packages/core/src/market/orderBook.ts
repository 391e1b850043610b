/**
 * A local order book kept from the exchange's depth pushes: a snapshot, then changed levels
 * (a size of zero removes the level). Prices and sizes stay the exchange's decimal strings as
 * received, so the checksum is computed over the very texts the exchange hashed; prices are
 * compared by their digits, never through a JavaScript number.
 */
import { crc32 } from './crc32.js'

/** One level: the price and the size as the exchange wrote them, e.g. `['27000.5', '8.760']`. */
export type BookLevel = readonly [price: string, size: string]

/** What a book holds now; see {@link createOrderBook}. */
export type OrderBook = {
  /** The most levels readers see per side, or `undefined` for all. */
  readonly depth: number | undefined
  /** Replaces every level with those given (each side in any order); a bad level refuses the whole push, the book unchanged. */
  snapshot(bids: readonly BookLevel[], asks: readonly BookLevel[]): void
  /** Applies changed levels: a new price is inserted, a known one replaced, a zero size removes it; a bad level refuses the whole push, the book unchanged. */
  update(bids: readonly BookLevel[], asks: readonly BookLevel[]): void
  /** Removes every level. */
  clear(): void
  /** The highest bid. */
  bestBid(): BookLevel | undefined
  /** The lowest ask. */
  bestAsk(): BookLevel | undefined
  /** The bids, best (highest) first; the first `n` when given. */
  bids(n?: number | undefined): BookLevel[]
  /** The asks, best (lowest) first; the first `n` when given. */
  asks(n?: number | undefined): BookLevel[]
  /** The text the exchange's checksum hashes: `bid1Price:bid1Size:ask1Price:ask1Size:…` over the first `levels` levels of each side. @default 25 */
  checksumText(levels?: number | undefined): string
  /** The exchange's checksum of this book: the signed CRC-32 of {@link OrderBook.checksumText}. */
  checksum(levels?: number | undefined): number
}

const decimalText = /^\d+(\.\d+)?$/
const zeroText = /^0+(\.0+)?$/

/**
 * Compares two non-negative decimal strings by their digits: -1, 0 or 1. `'27000.0'` and
 * `'27000'` are the same price.
 *
 * @example
 * import { compareDecimals } from '@tradeline/core'
 * compareDecimals('0.10', '0.09') // 1
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [ai = '', af = ''] = a.split('.')
  const [bi = '', bf = ''] = b.split('.')
  const aInt = ai.replace(/^0+/, '')
  const bInt = bi.replace(/^0+/, '')
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1
  if (aInt !== bInt) return aInt < bInt ? -1 : 1
  const aFrac = af.replace(/0+$/, '')
  const bFrac = bf.replace(/0+$/, '')
  if (aFrac === bFrac) return 0
  return aFrac < bFrac ? -1 : 1
}

/** Checks a level read from the wire; throws a `TypeError` naming what is wrong. */
function level(value: BookLevel, side: string): BookLevel {
  const [price, size] = value
  if (typeof price !== 'string' || !decimalText.test(price))
    throw new TypeError(
      `the ${side} price must be a decimal string, received ${JSON.stringify(price)}`,
    )
  if (typeof size !== 'string' || !decimalText.test(size))
    throw new TypeError(
      `the ${side} size must be a decimal string, received ${JSON.stringify(size)}`,
    )
  return [price, size]
}

/** Checks every level of one side of a push, before any is applied (all or nothing). */
const checked = (levels: readonly BookLevel[], side: string): BookLevel[] =>
  levels.map((value) => level(value, side))

/** One side, kept sorted best first: `sign` 1 for asks (ascending), -1 for bids (descending). */
function createSide(sign: 1 | -1) {
  let levels: BookLevel[] = []
  /** The index of `price`, or where it would go (as `-index - 1`). */
  const find = (price: string): number => {
    let lo = 0
    let hi = levels.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const order = sign * compareDecimals((levels[mid] as BookLevel)[0], price)
      if (order === 0) return mid
      if (order < 0) lo = mid + 1
      else hi = mid - 1
    }
    return -lo - 1
  }
  return {
    get levels() {
      return levels
    },
    /** Applies one level already {@link checked}. */
    apply([price, size]: BookLevel) {
      const at = find(price)
      if (zeroText.test(size)) {
        if (at >= 0) levels.splice(at, 1)
      } else if (at >= 0) levels[at] = [price, size]
      else levels.splice(-at - 1, 0, [price, size])
    },
    /** Replaces every level, applying the given ones in order (a price named twice keeps the last). */
    replace(next: readonly BookLevel[]) {
      levels = []
      for (const l of next) this.apply(l)
    },
    trim(depth: number | undefined) {
      if (depth !== undefined && levels.length > depth) levels.length = depth
    },
  }
}

/**
 * Creates an empty local order book keeping at most `depth` levels per side (all when absent).
 * Its checksum hashes the levels it kept, so a book checked against the exchange's checksum keeps
 * every level (no `depth`). A push with a level that is not two decimal strings changes nothing.
 *
 * @example
 * import { createOrderBook } from '@tradeline/core'
 * const book = createOrderBook()
 * book.snapshot([['43231.1', '4'], ['43231', '6']], [['43232.8', '9'], ['43232.9', '8']])
 * book.checksumText() // '43231.1:4:43232.8:9:43231:6:43232.9:8'
 * book.update([['43231.1', '0']], [])
 * book.bestBid() // ['43231', '6']
 */
export function createOrderBook(options: { depth?: number | undefined } = {}): OrderBook {
  const depth = options.depth
  if (depth !== undefined && !(Number.isSafeInteger(depth) && depth >= 1))
    throw new RangeError(`depth must be a whole number from 1, received ${String(depth)}`)
  return bookOf(depth, depth)
}

/**
 * A book that keeps every level and shows readers (`bids`, `asks`) the first `depth`: the market
 * stream's incremental, checksummed book read with a depth. The exchange's checksum covers the
 * top 25 levels of the whole book, so when a level among them goes, the one below it, which a
 * book trimmed to `depth` would have thrown away, comes into the hash. Internal to the package.
 */
export function createVerifiedOrderBook(depth: number | undefined): OrderBook {
  return bookOf(depth, undefined)
}

/** A book showing at most `shown` levels per side and keeping at most `kept` (`undefined`: all). */
function bookOf(shown: number | undefined, kept: number | undefined): OrderBook {
  const bids = createSide(-1)
  const asks = createSide(1)
  const slice = (levels: readonly BookLevel[], n: number | undefined) => {
    const count = n === undefined ? shown : Math.max(0, Math.min(n, shown ?? n))
    return count === undefined ? levels.slice() : levels.slice(0, count)
  }
  const checksumText = (count = 25) => {
    const parts: string[] = []
    const b = bids.levels
    const a = asks.levels
    for (let i = 0; i < count; i++) {
      const bid = b[i]
      const ask = a[i]
      if (bid) parts.push(bid[0], bid[1])
      if (ask) parts.push(ask[0], ask[1])
      if (!bid && !ask) break
    }
    return parts.join(':')
  }
  return {
    depth: shown,
    snapshot(nextBids, nextAsks) {
      const b = checked(nextBids, 'bid')
      const a = checked(nextAsks, 'ask')
      bids.replace(b)
      asks.replace(a)
      bids.trim(kept)
      asks.trim(kept)
    },
    update(changedBids, changedAsks) {
      const b = checked(changedBids, 'bid')
      const a = checked(changedAsks, 'ask')
      for (const change of b) bids.apply(change)
      for (const change of a) asks.apply(change)
      bids.trim(kept)
      asks.trim(kept)
    },
    clear() {
      bids.replace([])
      asks.replace([])
    },
    bestBid: () => bids.levels[0],
    bestAsk: () => asks.levels[0],
    bids: (n) => slice(bids.levels, n),
    asks: (n) => slice(asks.levels, n),
    checksumText,
    checksum: (count) => crc32(checksumText(count)),
  }
}
