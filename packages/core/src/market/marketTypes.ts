/** The public types of a market stream: a line's channels, the readers' options and events, the stream. */
import type { StreamEvent, StreamState } from '../stream/types.js'
import type { OrderBook } from './orderBook.js'
import type { MarketCandle, MarketTicker, MarketTrade } from './records.js'

/** What a product line's public channels are called and how a subscription is written. */
export type MarketLine = {
  /** Names the stream in errors, e.g. `unified.marketStream`. */
  readonly name: string
  /** The depth channels and the levels each pushes (`undefined`: the incremental channel). */
  readonly bookChannels: Readonly<Record<string, number | undefined>>
  /** The depth channel used when none is asked for. */
  readonly defaultBookChannel: string
  /** The candle intervals the line has, e.g. `1m`, `1H`. */
  readonly intervals: readonly string[]
  /** Whether updates carry `pseq`, the previous push's `seq`, so a gap can be seen. */
  readonly sequenced: boolean
  /** The subscription arg of a channel: `detail` is the interval of candles, the channel of books. */
  arg(
    kind: 'ticker' | 'trades' | 'candles' | 'book',
    symbol: string,
    detail: string,
  ): Record<string, unknown>
}

/** Options of one iterator. */
export type MarketReadOptions = {
  /** Ends the iterator. */
  signal?: AbortSignal | undefined
  /** Events a slow reader may fall behind before its iterator ends with a `StreamOverflowError`, a whole number from 1. @default 10000 */
  highWaterMark?: number | undefined
}

/** Options of an order book. */
export type OrderBookOptions = {
  /** The depth channel, e.g. `books` (every level, incremental, checksummed) or `books5` (a snapshot of 5 levels each push). @default the line's default, `books` */
  channel?: string | undefined
  /** The most levels readers see per side: from 25 on the incremental channel (whose book keeps every level, as its checksum needs), up to the channel's levels on the others. @default the channel's levels (every level on `books`) */
  depth?: number | undefined
}

/** A book after a push was applied (and verified). */
export type OrderBookEvent = {
  readonly symbol: string
  readonly channel: string
  /** `snapshot`: the book was (re)built; `update`: levels changed. */
  readonly action: 'snapshot' | 'update'
  /** The push's `seq`, when it has one. */
  readonly seq: number | undefined
  /** The push's time, Unix milliseconds as a string. */
  readonly ts: string
  /** The book itself (live: it keeps changing with later pushes). */
  readonly book: OrderBook
}

/** A book dropped its state and waits for a new snapshot. */
export type ResyncEvent = {
  readonly symbol: string
  readonly channel: string
  /** `checksum`: the book's checksum differed from the push's; `sequence`: an update's `pseq` was not the previous `seq`; `reconnect`: the connection dropped; `invalid`: a push could not be read. */
  readonly reason: 'checksum' | 'sequence' | 'reconnect' | 'invalid'
}

/** The public market stream of a product line. */
export type MarketStream = {
  /** Ticker pushes of `symbol`. */
  tickers(symbol: string, options?: MarketReadOptions): AsyncIterableIterator<MarketTicker>
  /** Public trades of `symbol`. */
  trades(symbol: string, options?: MarketReadOptions): AsyncIterableIterator<MarketTrade>
  /** Candles of `symbol` at `interval`. */
  candles(
    symbol: string,
    interval: string,
    options?: MarketReadOptions,
  ): AsyncIterableIterator<MarketCandle>
  /** The verified local book of `symbol`, once per applied push. */
  orderBook(
    symbol: string,
    options?: OrderBookOptions & MarketReadOptions,
  ): AsyncIterableIterator<OrderBookEvent>
  /** Calls `listener` for each ticker push; returns the function that stops it. */
  watchTicker(symbol: string, listener: (ticker: MarketTicker) => void): () => void
  /** Calls `listener` for each public trade; returns the function that stops it. */
  watchTrades(symbol: string, listener: (trade: MarketTrade) => void): () => void
  /** Calls `listener` for each candle push; returns the function that stops it. */
  watchCandles(
    symbol: string,
    interval: string,
    listener: (candle: MarketCandle) => void,
  ): () => void
  /** Calls `listener` after each applied book push; returns the function that stops it. */
  watchOrderBook(
    symbol: string,
    listener: (event: OrderBookEvent) => void,
    options?: OrderBookOptions,
  ): () => void
  /** The local book of `symbol` on `channel` while someone reads it. */
  book(symbol: string, channel?: string | undefined): OrderBook | undefined
  /** Connection events (open, ready, down, errors) and book resyncs. */
  on(topic: 'connection', listener: (event: StreamEvent) => void): () => void
  on(topic: 'resync', listener: (event: ResyncEvent) => void): () => void
  /** Resolves once connected and every subscription sent acknowledged (not those held at the subscription gate: see `StreamSubscriptionsWaitingError`). */
  ready(): Promise<void>
  /** What the connection is doing. */
  readonly state: StreamState
  /** Drops the connection now as a network failure would (it reconnects; books are rebuilt). */
  reconnect(): void
  /** Closes the connection; every iterator ends. */
  close(): Promise<void>
}
