/**
 * The public market channels of the sandbox's WebSocket endpoints beyond the unified ticker and
 * trades: order books (`books`, a snapshot then incremental updates with checksum, `seq` and,
 * on the unified path, `pseq`; `books1`/`books5`/`books15`/`books50`, a snapshot each push) and
 * candles (`kline` with an `interval`; classic `candle1m`...), and on the classic path
 * (`/v2/ws/public`, `channel` + `instId`) tickers and trades as well.
 *
 * The book of a symbol is synthetic and deterministic: built around the sandbox price from the
 * sandbox seed on first use, it changes only when the admin steps it (`admin.market.step`), one
 * update per step, so a test can follow every update.
 */

import { candleIntervals, bookChannels as channels, klineIntervals } from '@tradeline/rules'
import { type Candle, candlesOf } from '../exchange/candles.js'
import { upcomingFunding } from '../exchange/funding.js'
import { classicTickerRecord } from '../records/market.js'
import type { SandboxInstrument, SandboxState } from '../state.js'

/** Book channels and their levels on each path (`undefined`: the incremental one). */
const bookChannels: Readonly<Record<MarketVersion, Readonly<Record<string, number | undefined>>>> =
  channels
/** The candle intervals of each path. */
const intervalsOf: Readonly<Record<MarketVersion, readonly string[]>> = {
  v3: klineIntervals,
  v2: candleIntervals,
}

import { bookChecksum } from './checksum.js'
import { type Book, bestLevels, bookStoreOf } from './marketBook.js'
import type { MarketChannel, MarketFeed, MarketSubscriber, MarketVersion } from './marketTypes.js'
import { pushText, subscriptionKey } from './push.js'
import { wsTickerRecord } from './records.js'

export { candleIntervals, candleStart, klineIntervals } from './candles.js'
export type {
  MarketAdmin,
  MarketBook,
  MarketChannel,
  MarketFeed,
  MarketSubscriber,
  MarketVersion,
} from './marketTypes.js'

import { refuse } from '../adminInput.js'
import { soleInstrument } from '../instruments.js'

/** Creates the market channels over a sandbox's state and the hub's open connections. */
export function createMarketFeed(
  state: SandboxState,
  connectionsNow: () => Iterable<MarketSubscriber>,
): MarketFeed {
  const store = bookStoreOf(state)
  const { bookOf, levelsOf, change } = store

  /** The instrument of the admin's `symbol` (and `category`), see {@link soleInstrument}. */
  const instrumentOf = (symbol: unknown, category?: string | undefined): SandboxInstrument =>
    soleInstrument(state.instruments, symbol, category)
  /** The instrument of a channel resolved (its category and symbol). */
  const channelInstrument = (channel: MarketChannel) =>
    soleInstrument(state.instruments, channel.symbol, channel.category)

  const checksumOf = (book: Book) => {
    const { bids, asks } = levelsOf(book)
    return bookChecksum(bids, asks)
  }

  /** A depth record in the path's names: `bids`/`asks` (classic) or `b`/`a` (unified). */
  const bookRecord = (
    version: MarketVersion,
    bids: readonly (readonly [string, string])[],
    asks: readonly (readonly [string, string])[],
    extra: { checksum: number; seq: number; pseq?: number | undefined },
  ) => {
    const ts = String(state.clock.now())
    return version === 'v3'
      ? {
          a: asks,
          b: bids,
          checksum: extra.checksum,
          seq: extra.seq,
          ...(extra.pseq !== undefined && { pseq: extra.pseq }),
          ts,
        }
      : { asks, bids, checksum: extra.checksum, seq: extra.seq, ts }
  }

  const categoryOf = (instrument: SandboxInstrument) => instrument.category.toLowerCase()
  const keyOf = (version: MarketVersion, instrument: SandboxInstrument, name: string) =>
    `${version}|${categoryOf(instrument)}|${name}|${instrument.symbol}`

  /** Each subscriber of `key`, with its arg. */
  const subscribersOf = function* (key: string) {
    for (const connection of connectionsNow()) {
      if (connection.kind !== 'public') continue
      const arg = connection.subscriptions.get(key)
      if (arg) yield [connection, arg] as const
    }
  }

  const snapshotOf = (book: Book, version: MarketVersion, levels: number | undefined) => {
    const all = levelsOf(book)
    const bids = levels === undefined ? all.bids : all.bids.slice(0, levels)
    const asks = levels === undefined ? all.asks : all.asks.slice(0, levels)
    return bookRecord(version, bids, asks, {
      checksum: bookChecksum(bids, asks),
      seq: book.seq,
      ...(version === 'v3' && { pseq: 0 }),
    })
  }

  /** The top of an instrument's book (best bid and ask, price and size), as one text. */
  const topOf = (instrument: SandboxInstrument) => JSON.stringify(bestLevels(state, instrument))

  /** The `ticker` subscribers of an instrument on both paths, with the record of each path. */
  const tickerSubscribers = function* (instrument: SandboxInstrument) {
    const unified = subscriptionKey(instrument.category, 'ticker', instrument.symbol)
    for (const [connection, arg] of subscribersOf(unified)) yield [connection, arg, 'v3'] as const
    for (const [connection, arg] of subscribersOf(keyOf('v2', instrument, 'ticker')))
      yield [connection, arg, 'v2'] as const
  }

  /**
   * One step of a book; when it moved the top (best bid or ask, price or size), a `ticker`
   * update to the symbol's ticker subscribers of both paths, as REST's tickers follow the book
   * (the exchange pushes its ticker on "best bid/ask updates"). No push when the top stayed, so
   * the tickers are pushed at most once a step. A new price pushes its own tickers (`deliver`).
   */
  const step = (instrument: SandboxInstrument) => {
    const book = bookOf(instrument)
    const watched = !tickerSubscribers(book.instrument).next().done
    const before = watched ? topOf(instrument) : undefined
    publish(book, change(book))
    if (watched && topOf(instrument) !== before) pushTickers(book.instrument)
  }

  /** Pushes the ticker of the sandbox price of `instrument` to its subscribers of both paths. */
  const pushTickers = (instrument: SandboxInstrument) => {
    const price = state.prices.get(instrument.symbol)
    if (price === undefined) return
    const records: Partial<Record<MarketVersion, unknown>> = {}
    for (const [connection, arg, version] of tickerSubscribers(instrument)) {
      records[version] ??=
        version === 'v3'
          ? wsTickerRecord(state, instrument, price)
          : classicTicker(instrument, price)
      connection.send(pushText(state, 'update', arg, [records[version]]))
    }
  }

  /** Moves the books of a symbol to a new sandbox price and pushes each update, if anything changed. */
  const recenter = (symbol: string, price: string) => {
    for (const moved of store.recenter(symbol, price)) publish(moved.book, moved.change)
  }

  /** Numbers an update of `book` and pushes it to its subscribers of both paths. */
  const publish = (
    book: Book,
    { bids, asks }: { bids: [string, string][]; asks: [string, string][] },
  ) => {
    const pseq = book.seq
    book.seq++
    let checksum = checksumOf(book)
    if (book.corrupt > 0) {
      book.corrupt--
      checksum = (checksum ^ 1) | 0
    }
    for (const version of ['v3', 'v2'] as const) {
      const update = bookRecord(version, bids, asks, {
        checksum,
        seq: book.seq,
        ...(version === 'v3' && { pseq }),
      })
      for (const [connection, arg] of subscribersOf(keyOf(version, book.instrument, 'books')))
        connection.send(pushText(state, 'update', arg, [update]))
      for (const [channel, levels] of Object.entries(bookChannels[version])) {
        if (levels === undefined) continue
        let data: unknown
        for (const [connection, arg] of subscribersOf(keyOf(version, book.instrument, channel))) {
          data ??= snapshotOf(book, version, levels)
          connection.send(pushText(state, 'snapshot', arg, [data]))
        }
      }
    }
  }

  const candleName = (version: MarketVersion, interval: string) =>
    version === 'v3' ? `kline:${interval}` : `candle${interval}`

  /** The current candle of an instrument at `interval`, from the market tape (its category's trades). */
  const candleOf = (instrument: SandboxInstrument, interval: string): Candle =>
    candlesOf(state, instrument.symbol, interval, { limit: 1, instrument })[0] as Candle

  const candleRecord = (version: MarketVersion, c: Candle) => {
    const { volume, turnover } = c
    return version === 'v3'
      ? {
          start: String(c.start),
          open: c.open,
          close: c.close,
          high: c.high,
          low: c.low,
          volume,
          turnover,
        }
      : [String(c.start), c.open, c.high, c.low, c.close, volume, turnover, turnover]
  }

  /**
   * Pushes the candles of an instrument that a change (a price, a fill) touched to their
   * subscribers of both paths; the candle itself is built from the tape, followed or not.
   */
  const touchCandles = (instrument: SandboxInstrument | undefined) => {
    if (!instrument) return
    for (const version of ['v3', 'v2'] as const)
      for (const interval of intervalsOf[version]) {
        let record: unknown
        for (const [connection, arg] of subscribersOf(
          keyOf(version, instrument, candleName(version, interval)),
        )) {
          record ??= candleRecord(version, candleOf(instrument, interval))
          connection.send(pushText(state, 'update', arg, [record]))
        }
      }
  }

  const resolve = (version: MarketVersion, arg: unknown): MarketChannel | undefined => {
    if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined
    const fields = arg as Record<string, unknown>
    const name = version === 'v3' ? fields.topic : fields.channel
    const symbol = version === 'v3' ? fields.symbol : fields.instId
    const { instType } = fields
    if (typeof name !== 'string' || typeof symbol !== 'string' || typeof instType !== 'string')
      return undefined
    const instrument = state.instruments.get(instType, symbol)
    if (!instrument || categoryOf(instrument) !== instType.toLowerCase()) return undefined
    const category = instrument.category.toUpperCase()
    const levels = bookChannels[version]
    if (Object.hasOwn(levels, name))
      return {
        key: keyOf(version, instrument, name),
        kind: 'book',
        symbol,
        category,
        levels: levels[name],
      }
    if (version === 'v3') {
      if (
        name !== 'kline' ||
        typeof fields.interval !== 'string' ||
        !intervalsOf.v3.includes(fields.interval)
      )
        return undefined
      return {
        key: keyOf(version, instrument, candleName(version, fields.interval)),
        kind: 'candle',
        symbol,
        category,
        interval: fields.interval,
      }
    }
    if (name === 'ticker' || name === 'trade')
      return { key: keyOf(version, instrument, name), kind: name, symbol, category }
    const interval = name.startsWith('candle') ? name.slice('candle'.length) : undefined
    if (interval === undefined || !intervalsOf.v2.includes(interval)) return undefined
    return { key: keyOf(version, instrument, name), kind: 'candle', symbol, category, interval }
  }

  const connectionVersion = (connection: MarketSubscriber) => connection.version

  /**
   * A classic `ticker` push record: the REST ticker with `instId`; a futures one adds what the
   * futures channel's push has beyond REST: `nextFundingTime` (the symbol's next funding time, as
   * REST's funding-time answers it),
   * `symbolType` 1 (perpetual, a JSON number) and `deliveryPrice` "0".
   */
  const classicTicker = (instrument: SandboxInstrument, price: string) => {
    const now = state.clock.now()
    const record = {
      instId: instrument.symbol,
      ...classicTickerRecord(state, instrument, price, now),
    }
    if (categoryOf(instrument) === 'spot') return record
    // Every futures symbol has its funding.
    const next = upcomingFunding(state, instrument.symbol, now)
    if (!next) return record
    return { ...record, nextFundingTime: String(next.time), symbolType: 1, deliveryPrice: '0' }
  }

  return {
    resolve,
    subscribed(connection, channel, arg) {
      const version = connectionVersion(connection)
      const send = (action: 'snapshot' | 'update', data: unknown) =>
        connection.send(pushText(state, action, arg, [data]))
      if (channel.kind === 'book')
        send('snapshot', snapshotOf(bookOf(channelInstrument(channel)), version, channel.levels))
      else if (channel.kind === 'candle')
        send(
          'snapshot',
          candleRecord(version, candleOf(channelInstrument(channel), channel.interval as string)),
        )
      else if (channel.kind === 'ticker') {
        const instrument = channelInstrument(channel)
        const price = state.prices.get(channel.symbol)
        if (price !== undefined) send('snapshot', classicTicker(instrument, price))
      }
    },
    deliver(events) {
      for (const event of events) {
        if (event.type === 'price') {
          const { symbol, price } = event
          recenter(symbol, price)
          // One price per symbol: the ticker and candles of each category that lists it.
          for (const instrument of state.instruments.ofSymbol(symbol)) {
            let ticker: unknown
            for (const [connection, arg] of subscribersOf(keyOf('v2', instrument, 'ticker'))) {
              ticker ??= classicTicker(instrument, price)
              connection.send(pushText(state, 'update', arg, [ticker]))
            }
            touchCandles(instrument)
          }
        } else if (event.type === 'fill') {
          const { fill } = event
          const instrument = state.instruments.get(fill.category, fill.symbol)
          if (!instrument) continue
          const trade = {
            ts: String(fill.ts),
            price: fill.price,
            size: fill.qty,
            side: fill.side,
            tradeId: fill.execId,
          }
          for (const [connection, arg] of subscribersOf(keyOf('v2', instrument, 'trade')))
            connection.send(pushText(state, 'update', arg, [trade]))
          touchCandles(instrument)
        }
      }
    },
    step(symbol, count = 1, category = undefined) {
      const instrument = instrumentOf(symbol, category)
      if (!Number.isSafeInteger(count) || count < 1 || count > 1_000_000)
        throw refuse(new RangeError('count must be a whole number from 1 to 1000000'))
      for (let i = 0; i < count; i++) step(instrument)
      return { seq: bookOf(instrument).seq }
    },
    book(symbol, category) {
      const book = bookOf(instrumentOf(symbol, category))
      const { bids, asks } = levelsOf(book)
      return { bids, asks, seq: book.seq, checksum: bookChecksum(bids, asks) }
    },
    corruptChecksum(symbol, count = 1, category = undefined) {
      if (!Number.isSafeInteger(count) || count < 1)
        throw refuse(new RangeError('count must be a whole number from 1'))
      bookOf(instrumentOf(symbol, category)).corrupt += count
    },
  }
}
