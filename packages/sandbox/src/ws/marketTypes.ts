/** The public types of the sandbox's market channels. */
import type { SandboxEvent } from '../events.js'
import type { Subscriber } from './push.js'

/** The public path a connection came in on: `/v3/ws/public` or `/v2/ws/public`. */
export type MarketVersion = 'v2' | 'v3'

/** A public connection as the market channels see it. */
export type MarketSubscriber = Subscriber & { readonly version: MarketVersion }

/**
 * The admin of the market channels (`admin.market`). A book is an instrument's, one per
 * category and symbol: `category` names it, and may be left out when the symbol is listed in
 * one category only (a `TypeError` otherwise).
 */
export type MarketAdmin = {
  /**
   * Makes `count` updates to the book of `symbol` (one to three levels each), pushing each to the
   * `books` subscribers and a new snapshot to the `books1`/`5`/`15`/`50` ones; answers the
   * book's `seq` after the last.
   */
  step(symbol: string, count?: number | undefined, category?: string | undefined): { seq: number }
  /** The book of `symbol` as the sandbox holds it: every level, best first, its `seq` and checksum. */
  book(symbol: string, category?: string | undefined): MarketBook
  /** The next `count` `books` updates of `symbol` carry a wrong checksum (the levels are right). */
  corruptChecksum(symbol: string, count?: number | undefined, category?: string | undefined): void
}

/** A sandbox book as {@link MarketAdmin.book} answers it. */
export type MarketBook = {
  readonly bids: readonly (readonly [string, string])[]
  readonly asks: readonly (readonly [string, string])[]
  readonly seq: number
  readonly checksum: number
}

/** What a public subscription asks for. */
export type MarketChannel = {
  readonly key: string
  readonly kind: 'ticker' | 'trade' | 'candle' | 'book'
  readonly symbol: string
  /** The instrument's category (the subscription's `instType`, upper-case). */
  readonly category: string
  /** Book levels of a snapshot channel; `undefined` for the incremental `books`. */
  readonly levels?: number | undefined
  /** Candle interval, e.g. `1m`, `1H`, `1Dutc`. */
  readonly interval?: string | undefined
}

/** The market side of the hub. */
export type MarketFeed = MarketAdmin & {
  /** The channel of a subscription arg on this path, or `undefined` when it is not one of these. */
  resolve(version: MarketVersion, arg: unknown): MarketChannel | undefined
  /** Sends what a new subscriber gets first (a snapshot), after its acknowledgement. */
  subscribed(
    connection: MarketSubscriber,
    channel: MarketChannel,
    arg: Readonly<Record<string, unknown>>,
  ): void
  /** Pushes tickers, trades and candles for the sandbox's changes. */
  deliver(events: readonly SandboxEvent[]): void
}
