/**
 * The public market pushes read into one set of typed records for both product lines: the
 * unified account's `/v3/ws/public` names (`lastPrice`, `bid1Price`, `a`/`b`, kline objects,
 * `publicTrade` `p`/`v`/`S`/`T`) and the classic `/v2/ws/public` names (`lastPr`, `bidPr`,
 * `asks`/`bids`, candle arrays, `trade` `price`/`size`). Lenient: a field may be absent (read as
 * `''`) and a number is taken as its text; a price or size is never turned into a number.
 */

import { decimalText, notDecimal } from '../internal/decimalText.js'
import { exactDecimalText, inexactNumber } from '../internal/exactNumber.js'
import type { BookLevel } from './orderBook.js'

/** A ticker push. Prices and sizes are decimal strings; `''` where the push has none. */
export type MarketTicker = {
  readonly symbol: string
  readonly lastPrice: string
  readonly bidPrice: string
  readonly bidSize: string
  readonly askPrice: string
  readonly askSize: string
  readonly open24h: string
  readonly high24h: string
  readonly low24h: string
  /** 24-hour change as a ratio (`0.00003` is 0.003 %). */
  readonly change24h: string
  /** 24-hour volume in the base coin. */
  readonly volume24h: string
  /** 24-hour volume in the quote coin. */
  readonly turnover24h: string
  readonly markPrice: string
  readonly indexPrice: string
  readonly fundingRate: string
  /** Unix milliseconds as a string. */
  readonly ts: string
}

/** A public trade (a taker fill). */
export type MarketTrade = {
  readonly tradeId: string
  readonly price: string
  readonly size: string
  /** The taker's side: `buy` or `sell`. */
  readonly side: string
  /** Unix milliseconds as a string. */
  readonly ts: string
}

/** A candle; the last one of an interval is pushed again as it changes. */
export type MarketCandle = {
  /** The interval's start, Unix milliseconds as a string. */
  readonly start: string
  readonly open: string
  readonly high: string
  readonly low: string
  readonly close: string
  /** Volume in the base coin. */
  readonly volume: string
  /** Volume in the quote coin. */
  readonly turnover: string
}

/** A depth push: levels, and where the channel has them the checksum and sequence numbers. */
export type BookPush = {
  readonly bids: readonly BookLevel[]
  readonly asks: readonly BookLevel[]
  /** The signed CRC-32 of the top 25 levels after this push. */
  readonly checksum: number | undefined
  readonly seq: number | undefined
  /** The `seq` of the previous push (unified account only). */
  readonly pseq: number | undefined
  readonly ts: string
}

type Raw = Readonly<Record<string, unknown>>

/**
 * A field as text: a string as it is, a number as its exact plain text (`1e-7` as `0.0000001`);
 * a number a double may have rounded is refused, never read as the rounded value.
 */
const text = (value: unknown, name: string): string => {
  if (typeof value === 'string') return value
  if (typeof value !== 'number') return ''
  const exact = exactDecimalText(value)
  if (exact === undefined) throw new TypeError(`${name}: ${inexactNumber}, received ${value}`)
  return exact
}
/**
 * A price, size or rate as text: {@link text}, and text that is no decimal number (`"NaN"`) is
 * refused (`''` stays the push's "none"; an exponent is written out).
 */
const decimal = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value === '') return text(value, name)
  const out = decimalText(value)
  if (out === undefined)
    throw new TypeError(`${name}: ${notDecimal}, received ${JSON.stringify(value)}`)
  return out
}
const firstOf =
  (read: (value: unknown, name: string) => string) =>
  (raw: Raw, ...names: string[]): string => {
    for (const name of names)
      if (raw[name] !== undefined && raw[name] !== null) return read(raw[name], name)
    return ''
  }
const first = firstOf(text)
const firstDecimal = firstOf(decimal)
const object = (value: unknown, what: string): Raw => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError(`a ${what} push record must be an object`)
  return value as Raw
}
const integer = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : Number.NaN
  return Number.isFinite(n) ? n : undefined
}

/**
 * Reads a ticker push record of either line.
 *
 * @example
 * import { readMarketTicker } from '@tradeline/core'
 * readMarketTicker({ instId: 'BTCUSDT', lastPr: '27000.5', bidPr: '27000' }).bidPrice // '27000'
 */
export function readMarketTicker(record: unknown): MarketTicker {
  const raw = object(record, 'ticker')
  return {
    symbol: first(raw, 'symbol', 'instId'),
    lastPrice: firstDecimal(raw, 'lastPrice', 'lastPr'),
    bidPrice: firstDecimal(raw, 'bid1Price', 'bidPr'),
    bidSize: firstDecimal(raw, 'bid1Size', 'bidSz'),
    askPrice: firstDecimal(raw, 'ask1Price', 'askPr'),
    askSize: firstDecimal(raw, 'ask1Size', 'askSz'),
    open24h: firstDecimal(raw, 'openPrice24h', 'open24h'),
    high24h: firstDecimal(raw, 'highPrice24h', 'high24h'),
    low24h: firstDecimal(raw, 'lowPrice24h', 'low24h'),
    change24h: firstDecimal(raw, 'price24hPcnt', 'change24h'),
    volume24h: firstDecimal(raw, 'volume24h', 'baseVolume'),
    turnover24h: firstDecimal(raw, 'turnover24h', 'quoteVolume'),
    markPrice: firstDecimal(raw, 'markPrice'),
    indexPrice: firstDecimal(raw, 'indexPrice'),
    fundingRate: firstDecimal(raw, 'fundingRate'),
    ts: first(raw, 'ts'),
  }
}

/**
 * Reads a public trade of either line (`publicTrade` `i`/`p`/`v`/`S`/`T`, or `trade`
 * `tradeId`/`price`/`size`/`side`/`ts`).
 *
 * @example
 * import { readMarketTrade } from '@tradeline/core'
 * readMarketTrade({ i: '1', p: '27000.5', v: '0.001', S: 'buy', T: '1695716760565' }).price // '27000.5'
 */
export function readMarketTrade(record: unknown): MarketTrade {
  const raw = object(record, 'trade')
  return {
    tradeId: first(raw, 'i', 'tradeId', 'execId'),
    price: firstDecimal(raw, 'p', 'price'),
    size: firstDecimal(raw, 'v', 'size'),
    side: first(raw, 'S', 'side').toLowerCase(),
    ts: first(raw, 'T', 'ts'),
  }
}

/**
 * Reads a candle of either line: the classic array `[start, open, high, low, close, baseVolume,
 * quoteVolume, usdtVolume]` or the unified object `{start, open, close, high, low, volume,
 * turnover}`.
 *
 * @example
 * import { readMarketCandle } from '@tradeline/core'
 * readMarketCandle(['1695685500000', '27000', '27000.5', '27000', '27000.5', '0.057', '1539.0155', '1539.0155']).high // '27000.5'
 */
export function readMarketCandle(record: unknown): MarketCandle {
  if (Array.isArray(record)) {
    // The start is a time; the others are decimals.
    const [start, open, high, low, close, volume, turnover] = record.map((value, i) =>
      (i === 0 ? text : decimal)(value, `[${i}]`),
    )
    return {
      start: start ?? '',
      open: open ?? '',
      high: high ?? '',
      low: low ?? '',
      close: close ?? '',
      volume: volume ?? '',
      turnover: turnover ?? '',
    }
  }
  const raw = object(record, 'candle')
  return {
    start: first(raw, 'start', 'ts'),
    open: firstDecimal(raw, 'open'),
    high: firstDecimal(raw, 'high'),
    low: firstDecimal(raw, 'low'),
    close: firstDecimal(raw, 'close'),
    volume: firstDecimal(raw, 'volume'),
    turnover: firstDecimal(raw, 'turnover'),
  }
}

const levels = (value: unknown, side: string): BookLevel[] => {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new TypeError(`the ${side} of a depth push must be an array`)
  return value.map((l) => {
    if (!Array.isArray(l)) throw new TypeError(`a ${side} level must be [price, size]`)
    return [text(l[0], 'price'), text(l[1], 'size')] as const
  })
}

/**
 * Reads a depth push record of either line (`bids`/`asks` or `b`/`a`).
 *
 * @example
 * import { readBookPush } from '@tradeline/core'
 * readBookPush({ a: [['99756.7', '23.9774']], b: [['99756.6', '0.0128']], checksum: 0, seq: 5, pseq: 4, ts: '1746698732562' }).asks // [['99756.7', '23.9774']]
 */
export function readBookPush(record: unknown): BookPush {
  const raw = object(record, 'depth')
  return {
    bids: levels(raw.bids ?? raw.b, 'bids'),
    asks: levels(raw.asks ?? raw.a, 'asks'),
    checksum: integer(raw.checksum),
    seq: integer(raw.seq),
    pseq: integer(raw.pseq),
    ts: first(raw, 'ts'),
  }
}
