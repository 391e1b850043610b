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
import { Big } from '@tradeline/rules/big'
import { seededRandom } from '../random.js'
import {
  classicTickerRecord,
  pricePrecisionOf,
  priceStepOf,
  quantityPrecisionOf,
  sizeStepOf,
} from '../records/market.js'
import type { SandboxInstrument, SandboxState } from '../state.js'
import { candleStart, fundingMs } from './candles.js'

/** Book channels and their levels on each path (`undefined`: the incremental one). */
const bookChannels: Readonly<Record<MarketVersion, Readonly<Record<string, number | undefined>>>> =
  channels
/** The candle intervals of each path. */
const intervalsOf: Readonly<Record<MarketVersion, readonly string[]>> = {
  v3: klineIntervals,
  v2: candleIntervals,
}

import { bookChecksum } from './checksum.js'
import { type Book, type Side, sorted, text, units } from './marketBook.js'
import type { MarketChannel, MarketFeed, MarketSubscriber, MarketVersion } from './marketTypes.js'
import { pushText } from './push.js'

export { candleIntervals, candleStart, klineIntervals } from './candles.js'
export type {
  MarketAdmin,
  MarketBook,
  MarketChannel,
  MarketFeed,
  MarketSubscriber,
  MarketVersion,
} from './marketTypes.js'

/** Creates the market channels over a sandbox's state and the hub's open connections. */
export function createMarketFeed(
  state: SandboxState,
  connectionsNow: () => Iterable<MarketSubscriber>,
): MarketFeed {
  const books = new Map<string, Book>()
  const candles = new Map<
    string,
    {
      start: number
      open: string
      high: string
      low: string
      close: string
      volume: Big
      turnover: Big
    }
  >()

  const instrumentOf = (symbol: unknown): SandboxInstrument => {
    const instrument = typeof symbol === 'string' ? state.instruments.get(symbol) : undefined
    if (!instrument) throw new TypeError(`unknown symbol ${JSON.stringify(symbol)}`)
    return instrument
  }

  const bookOf = (symbol: string): Book => {
    const known = books.get(symbol)
    if (known) return known
    const instrument = instrumentOf(symbol)
    const pricePlaces = pricePrecisionOf(instrument)
    const sizePlaces = quantityPrecisionOf(instrument)
    const tick = units(priceStepOf(instrument), pricePlaces)
    const lot = units(sizeStepOf(instrument), sizePlaces)
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
    books.set(symbol, book)
    return book
  }

  /** The levels best first, as texts. */
  const levelsOf = (book: Book) => ({
    bids: sorted(book.bids, true).map(([t, s]) => [book.price(Number(t)), s] as [string, string]),
    asks: sorted(book.asks, false).map(([t, s]) => [book.price(Number(t)), s] as [string, string]),
  })

  /** One update: one to three changed levels, the book kept uncrossed and 30 to 60 deep. */
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

  const step = (symbol: string) => {
    const book = bookOf(symbol)
    publish(book, change(book))
  }

  /**
   * Moves a book to a new sandbox price: the levels at or through the price go (size `"0"`),
   * and a side left thinner than 30 levels is refilled next to it; one update when anything
   * changed.
   */
  const recenter = (symbol: string, price: string) => {
    const book = books.get(symbol)
    if (!book) return
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
    if (changed.bids.size + changed.asks.size === 0) return
    const list = (m: Map<number, string>) =>
      [...m.entries()].map(([t, size]) => [book.price(t), size] as [string, string])
    publish(book, { bids: list(changed.bids), asks: list(changed.asks) })
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

  /** The current candle of `symbol` at `interval`, rolled over to the present interval. */
  const candleOf = (symbol: string, interval: string) => {
    const key = `${symbol}|${interval}`
    const now = state.clock.now()
    const start = candleStart(interval, now)
    const known = candles.get(key)
    if (known && known.start === start) return known
    const price = known?.close ?? state.prices.get(symbol) ?? '0'
    const fresh = {
      start,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: new Big(0),
      turnover: new Big(0),
    }
    candles.set(key, fresh)
    return fresh
  }

  const candleRecord = (version: MarketVersion, c: ReturnType<typeof candleOf>) => {
    const volume = c.volume.toFixed()
    const turnover = c.turnover.toFixed()
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
   * Applies a change of `symbol` (a price, a fill) once to each of its candles, followed or not
   * (a candle is the market's, whoever watches it), then pushes each followed one to its
   * subscribers of both paths.
   */
  const touchCandles = (symbol: string, apply: (c: ReturnType<typeof candleOf>) => void) => {
    const instrument = state.instruments.get(symbol)
    if (!instrument) return
    const changed = new Set<string>()
    const change = (interval: string) => {
      const c = candleOf(symbol, interval)
      if (!changed.has(interval)) {
        apply(c)
        changed.add(interval)
      }
      return c
    }
    for (const version of ['v3', 'v2'] as const) {
      const intervals = intervalsOf[version]
      for (const interval of intervals) {
        const subscribers = [
          ...subscribersOf(keyOf(version, instrument, candleName(version, interval))),
        ]
        if (subscribers.length === 0 && !candles.has(`${symbol}|${interval}`)) continue
        const c = change(interval)
        for (const [connection, arg] of subscribers)
          connection.send(pushText(state, 'update', arg, [candleRecord(version, c)]))
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
    const instrument = state.instruments.get(symbol)
    if (!instrument || categoryOf(instrument) !== instType.toLowerCase()) return undefined
    const levels = bookChannels[version]
    if (Object.hasOwn(levels, name))
      return { key: keyOf(version, instrument, name), kind: 'book', symbol, levels: levels[name] }
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
        interval: fields.interval,
      }
    }
    if (name === 'ticker' || name === 'trade')
      return { key: keyOf(version, instrument, name), kind: name, symbol }
    const interval = name.startsWith('candle') ? name.slice('candle'.length) : undefined
    if (interval === undefined || !intervalsOf.v2.includes(interval)) return undefined
    return { key: keyOf(version, instrument, name), kind: 'candle', symbol, interval }
  }

  const connectionVersion = (connection: MarketSubscriber) => connection.version

  /**
   * A classic `ticker` push record: the REST ticker with `instId`; a futures one adds what the
   * futures channel's push has beyond REST: `nextFundingTime` (the next 8-hour funding time),
   * `symbolType` 1 (perpetual, a JSON number) and `deliveryPrice` "0".
   */
  const classicTicker = (instrument: SandboxInstrument, price: string) => {
    const now = state.clock.now()
    const record = {
      instId: instrument.symbol,
      ...classicTickerRecord(state, instrument, price, now),
    }
    if (categoryOf(instrument) === 'spot') return record
    const next = (Math.floor(now / fundingMs) + 1) * fundingMs
    return { ...record, nextFundingTime: String(next), symbolType: 1, deliveryPrice: '0' }
  }

  return {
    resolve,
    subscribed(connection, channel, arg) {
      const version = connectionVersion(connection)
      const send = (action: 'snapshot' | 'update', data: unknown) =>
        connection.send(pushText(state, action, arg, [data]))
      if (channel.kind === 'book')
        send('snapshot', snapshotOf(bookOf(channel.symbol), version, channel.levels))
      else if (channel.kind === 'candle')
        send(
          'snapshot',
          candleRecord(version, candleOf(channel.symbol, channel.interval as string)),
        )
      else if (channel.kind === 'ticker') {
        const instrument = instrumentOf(channel.symbol)
        const price = state.prices.get(channel.symbol)
        if (price !== undefined) send('snapshot', classicTicker(instrument, price))
      }
    },
    deliver(events) {
      for (const event of events) {
        if (event.type === 'price') {
          const { symbol, price } = event
          recenter(symbol, price)
          const instrument = state.instruments.get(symbol)
          if (!instrument) continue
          let ticker: unknown
          for (const [connection, arg] of subscribersOf(keyOf('v2', instrument, 'ticker'))) {
            ticker ??= classicTicker(instrument, price)
            connection.send(pushText(state, 'update', arg, [ticker]))
          }
          touchCandles(symbol, (c) => {
            c.close = price
            if (new Big(price).gt(c.high)) c.high = price
            if (new Big(price).lt(c.low)) c.low = price
          })
        } else if (event.type === 'fill') {
          const { fill } = event
          const instrument = state.instruments.get(fill.symbol)
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
          touchCandles(fill.symbol, (c) => {
            c.volume = c.volume.plus(fill.qty)
            c.turnover = c.turnover.plus(new Big(fill.qty).times(fill.price))
          })
        }
      }
    },
    step(symbol, count = 1) {
      instrumentOf(symbol)
      if (!Number.isSafeInteger(count) || count < 1 || count > 1_000_000)
        throw new RangeError('count must be a whole number from 1 to 1000000')
      for (let i = 0; i < count; i++) step(symbol)
      return { seq: bookOf(symbol).seq }
    },
    book(symbol) {
      const book = bookOf(symbol)
      const { bids, asks } = levelsOf(book)
      return { bids, asks, seq: book.seq, checksum: bookChecksum(bids, asks) }
    },
    corruptChecksum(symbol, count = 1) {
      if (!Number.isSafeInteger(count) || count < 1)
        throw new RangeError('count must be a whole number from 1')
      bookOf(symbol).corrupt += count
    },
  }
}
