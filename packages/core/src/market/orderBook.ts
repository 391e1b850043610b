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
  /** Replaces every level with those given (each side in any order, sorted once); a bad level refuses the whole push, the book unchanged; a side over the book's `maxLevels` empties it and throws. */
  snapshot(bids: readonly BookLevel[], asks: readonly BookLevel[]): void
  /** Applies changed levels: a new price is inserted, a known one replaced, a zero size removes it; a bad level refuses the whole push, the book unchanged; a side left over the book's `maxLevels` empties it and throws. */
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

/**
 * The most levels a side of a book holds by default: the exchange's full-depth `books` channel
 * sends 400 a side, so 10000 is far above anything it sends, and a server that sends more (a
 * broken or hostile one) cannot make a book grow without bound.
 */
export const defaultMaxBookLevels = 10_000

/**
 * Changed levels in one push up to which each is put in place by a binary search; a longer push
 * is sorted once and merged with the side in one pass, so a push of `k` levels into a side of
 * `n` costs O(n + k log k), never O(n k) whatever its order.
 */
const inPlaceChanges = 8

/** One side, kept sorted best first: `sign` 1 for asks (ascending), -1 for bids (descending). */
function createSide(sign: 1 | -1) {
  let levels: BookLevel[] = []
  const order = (a: BookLevel, b: BookLevel) => sign * compareDecimals(a[0], b[0])
  /** The index of `price`, or where it would go (as `-index - 1`). */
  const find = (price: string): number => {
    let lo = 0
    let hi = levels.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const at = sign * compareDecimals((levels[mid] as BookLevel)[0], price)
      if (at === 0) return mid
      if (at < 0) lo = mid + 1
      else hi = mid - 1
    }
    return -lo - 1
  }
  /** Applies one level already {@link checked}. */
  const apply = ([price, size]: BookLevel) => {
    const at = find(price)
    if (zeroText.test(size)) {
      if (at >= 0) levels.splice(at, 1)
    } else if (at >= 0) levels[at] = [price, size]
    else levels.splice(-at - 1, 0, [price, size])
  }
  /**
   * The given levels sorted best first, one per price: the sort is stable, so of the levels of
   * one price the last given is kept (as applying them in order would leave it).
   */
  const sortedOnce = (given: readonly BookLevel[]): BookLevel[] => {
    const sorted = given.slice().sort(order)
    return sorted.filter((level, i) => {
      const next = sorted[i + 1]
      return next === undefined || order(level, next) !== 0
    })
  }
  /** Merges sorted changes into the side in one pass (a zero size removes its price). */
  const merge = (changes: readonly BookLevel[]) => {
    const next: BookLevel[] = []
    let i = 0
    for (const change of changes) {
      while (i < levels.length && order(levels[i] as BookLevel, change) < 0)
        next.push(levels[i++] as BookLevel)
      // The same price: the change replaces (or removes) it.
      if (i < levels.length && order(levels[i] as BookLevel, change) === 0) i++
      if (!zeroText.test(change[1])) next.push(change)
    }
    while (i < levels.length) next.push(levels[i++] as BookLevel)
    levels = next
  }
  return {
    get levels() {
      return levels
    },
    /** Applies changed levels already {@link checked}, in the order given. */
    update(changes: readonly BookLevel[]) {
      if (changes.length <= inPlaceChanges) for (const change of changes) apply(change)
      else merge(sortedOnce(changes))
    },
    /** Replaces every level with those given, in any order (a price named twice keeps the last). */
    replace(next: readonly BookLevel[]) {
      levels = sortedOnce(next).filter(([, size]) => !zeroText.test(size))
    },
    trim(depth: number | undefined) {
      if (depth !== undefined && levels.length > depth) levels.length = depth
    },
  }
}

/**
 * Creates an empty local order book keeping at most `depth` levels per side (all when absent).
 * Its checksum hashes the levels it kept, so a book checked against the exchange's checksum keeps
 * every level (no `depth`). A push with a level that is not two decimal strings changes nothing;
 * a push that leaves a side with more than `maxLevels` levels empties the book and throws (it no
 * longer follows the exchange: a new snapshot is needed).
 *
 * @example
 * import { createOrderBook } from '@tradeline/core'
 * const book = createOrderBook()
 * book.snapshot([['43231.1', '4'], ['43231', '6']], [['43232.8', '9'], ['43232.9', '8']])
 * book.checksumText() // '43231.1:4:43232.8:9:43231:6:43232.9:8'
 * book.update([['43231.1', '0']], [])
 * book.bestBid() // ['43231', '6']
 */
export function createOrderBook(
  options: {
    /** The most levels kept per side. @default every level */
    depth?: number | undefined
    /** The most levels a side may hold; a push leaving more empties the book and throws. @default 10000 (the exchange's full-depth `books` sends 400 a side) */
    maxLevels?: number | undefined
  } = {},
): OrderBook {
  const { depth, maxLevels = defaultMaxBookLevels } = options
  if (depth !== undefined && !(Number.isSafeInteger(depth) && depth >= 1))
    throw new RangeError(`depth must be a whole number from 1, received ${String(depth)}`)
  if (!(Number.isSafeInteger(maxLevels) && maxLevels >= 1))
    throw new RangeError(`maxLevels must be a whole number from 1, received ${String(maxLevels)}`)
  return bookOf(depth, depth, maxLevels)
}

/**
 * A book that keeps every level and shows readers (`bids`, `asks`) the first `depth`: the market
 * stream's incremental, checksummed book read with a depth. The exchange's checksum covers the
 * top 25 levels of the whole book, so when a level among them goes, the one below it, which a
 * book trimmed to `depth` would have thrown away, comes into the hash. Every level, up to
 * {@link defaultMaxBookLevels} a side: more empties the book and throws, and the stream asks for
 * a new snapshot. Internal to the package.
 */
export function createVerifiedOrderBook(depth: number | undefined): OrderBook {
  return bookOf(depth, undefined, defaultMaxBookLevels)
}

/**
 * A book showing at most `shown` levels per side and keeping at most `kept` (`undefined`: all),
 * refusing a push that leaves a side over `maxLevels`.
 */
function bookOf(shown: number | undefined, kept: number | undefined, maxLevels: number): OrderBook {
  const bids = createSide(-1)
  const asks = createSide(1)
  const empty = () => {
    bids.replace([])
    asks.replace([])
  }
  /** Trims to `kept`; a side still over `maxLevels` empties the book and throws. */
  const bound = () => {
    bids.trim(kept)
    asks.trim(kept)
    const over = [bids, asks].find((side) => side.levels.length > maxLevels)
    if (over === undefined) return
    const count = over.levels.length
    empty()
    throw new RangeError(
      `the ${over === bids ? 'bids' : 'asks'} would hold ${count} levels, over maxLevels (${maxLevels} a side): the book was emptied`,
    )
  }
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
      bound()
    },
    update(changedBids, changedAsks) {
      const b = checked(changedBids, 'bid')
      const a = checked(changedAsks, 'ask')
      bids.update(b)
      asks.update(a)
      bound()
    },
    clear: empty,
    bestBid: () => bids.levels[0],
    bestAsk: () => asks.levels[0],
    bids: (n) => slice(bids.levels, n),
    asks: (n) => slice(asks.levels, n),
    checksumText,
    checksum: (count) => crc32(checksumText(count)),
  }
}
