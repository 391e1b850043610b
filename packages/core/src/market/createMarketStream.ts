/**
 * The public market stream of one product line: tickers, trades, candles and verified local
 * order books over one WebSocket connection without credentials. A product line describes its
 * channels with a {@link MarketLine}; the machinery here is the same for both.
 *
 * An incremental book (`books`) starts from the snapshot the exchange sends on subscribing,
 * applies each update, and checks the exchange's checksum after every push (and, where the line
 * has them, that each update's `pseq` is the previous `seq`). A mismatch or a gap unsubscribes
 * and subscribes again, so the next snapshot rebuilds the book; a reconnect does the same.
 */

import { Issue, type Issues, Options, ValidationError } from '@tradeline/rules/shared'
import { createStreamConnection } from '../stream/createStreamConnection.js'
import { createEventQueue, type EventQueue } from '../stream/EventQueue.js'
import { StreamSubscribeError } from '../stream/errors.js'
import { callListener, tellEach } from '../stream/listeners.js'
import { assertStreamOptions } from '../stream/optionShapes.js'
import { connectionOptions } from '../stream/options.js'
import { createPushRoute } from '../stream/pushRoute.js'
import {
  type StreamConnection,
  type StreamEvent,
  type StreamPush,
  subscriptionKey,
} from '../stream/types.js'
import type {
  MarketLine,
  MarketReadOptions,
  MarketStream,
  OrderBookEvent,
  OrderBookOptions,
  ResyncEvent,
} from './marketTypes.js'
import { createOrderBook, createVerifiedOrderBook, type OrderBook } from './orderBook.js'
import {
  type MarketCandle,
  type MarketTicker,
  type MarketTrade,
  readBookPush,
  readMarketCandle,
  readMarketTicker,
  readMarketTrade,
} from './records.js'

export declare namespace createMarketStream {
  type Parameters = Pick<
    createStreamConnection.Parameters,
    | 'WebSocket'
    | 'timers'
    | 'random'
    | 'pingIntervalMs'
    | 'pongTimeoutMs'
    | 'answerTimeoutMs'
    | 'backoff'
    | 'maxAgeMs'
    | 'maxMessageBytes'
    | 'gate'
  > & {
    /** The public endpoint, e.g. `wss://ws.bitget.com/v3/ws/public`. */
    url: string
    /** The product line's channels. */
    line: MarketLine
  }
  type ReturnType = MarketStream
}

type Kind = 'ticker' | 'trades' | 'candles' | 'book'
type Sub = {
  readonly kind: Kind
  readonly arg: Record<string, unknown>
  readonly symbol: string
  readonly detail: string
  readonly listeners: Set<(value: never) => void>
  readonly failers: Set<(error: unknown) => void>
  /** Book state. */
  book?: OrderBook | undefined
  incremental?: boolean | undefined
  synced?: boolean | undefined
  lastSeq?: number | undefined
  /** The last push applied was the snapshot. */
  fresh?: boolean | undefined
}

/**
 * Where an update stands against the last push applied: its `pseq` must be the previous
 * update's `seq` (`next`), else a push was lost (`gap`). The first update after a snapshot may
 * overlap it (the snapshot's `seq` lies in its [pseq, seq]; an update sets levels to absolute
 * sizes, so applying the overlap again is harmless), and one wholly older is skipped (`stale`).
 * A `pseq` of 0 (the exchange restarted its numbering) is a gap. A `seq` above 2^53 is read as
 * the nearest double, so two numbers that round alike can hide a gap here; the checksum still
 * sees it.
 */
export function sequence(
  pseq: number | undefined,
  seq: number | undefined,
  last: number | undefined,
  fresh: boolean,
): 'next' | 'gap' | 'stale' {
  if (pseq === undefined || last === undefined) return 'next'
  if (!fresh) return pseq === last ? 'next' : 'gap'
  if (seq !== undefined && seq < last) return 'stale'
  return pseq > last || pseq === 0 ? 'gap' : 'next'
}

const symbolPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

/**
 * Opens (on first use) a public market stream over one connection.
 *
 * @example
 * import { createMarketStream } from '@tradeline/core'
 * // a product line's package passes its `line`; see createUnifiedMarketStream
 * const stream = createMarketStream({ url, line })
 * for await (const { book } of stream.orderBook('BTCUSDT')) console.log(book.bestBid(), book.bestAsk())
 */
export function createMarketStream(parameters: createMarketStream.Parameters): MarketStream {
  assertStreamOptions('createMarketStream', parameters)
  const { line } = parameters
  if (typeof parameters.url !== 'string' || !/^wss?:\/\//.test(parameters.url))
    throw invalid(line.name, 'url', 'a ws:// or wss:// URL', parameters.url, 'format')
  const subs = new Map<string, Sub>()
  /** A push's subscription: written as its arg, else the one its arg names in any case. */
  const route = createPushRoute(subs, (sub) => sub.arg)
  const connectionListeners = new Set<(event: StreamEvent) => void>()
  const resyncListeners = new Set<(event: ResyncEvent) => void>()
  const closers = new Set<EventQueue<unknown>>()

  const tell = (event: StreamEvent) => tellEach(connectionListeners, event)
  const report = (error: unknown) => tell({ type: 'error', error })
  /** Calls one listener; a throw is a `StreamListenerError` event, the others still get the value. */
  const call = <V>(topic: string, listener: (value: V) => void, value: V) =>
    callListener(topic, () => listener(value), report)
  const resynced = (sub: Sub, reason: ResyncEvent['reason']) => {
    const event: ResyncEvent = { symbol: sub.symbol, channel: sub.detail, reason }
    for (const l of resyncListeners) call('resync', l, event)
  }

  /** Forgets the book and asks the exchange for a new snapshot. */
  const resync = (sub: Sub, reason: ResyncEvent['reason']) => {
    sub.synced = false
    sub.lastSeq = undefined
    resynced(sub, reason)
    const again = async () => {
      await connection.unsubscribe(sub.arg)
      if (subs.get(subscriptionKey(sub.arg)) === sub) await connection.subscribe(sub.arg)
    }
    again().catch((error) => {
      for (const fail of sub.failers) fail(error)
    })
  }

  const emit = (sub: Sub, value: unknown) => {
    for (const listener of sub.listeners) call(sub.kind, listener as (v: unknown) => void, value)
  }

  const onBook = (sub: Sub, push: StreamPush) => {
    const book = sub.book as OrderBook
    for (const raw of push.data) {
      if (sub.synced === false && !(push.action === 'snapshot' || !sub.incremental)) continue
      let p: ReturnType<typeof readBookPush>
      try {
        p = readBookPush(raw)
        if (!sub.incremental || push.action === 'snapshot') {
          book.snapshot(p.bids, p.asks)
        } else {
          const order = line.sequenced
            ? sequence(p.pseq, p.seq, sub.lastSeq, sub.fresh === true)
            : 'next'
          if (order === 'gap') return resync(sub, 'sequence')
          if (order === 'stale') continue
          book.update(p.bids, p.asks)
        }
      } catch (error) {
        // Nothing of the push was applied (a book checks every level first), or a side went over
        // the book's most levels and it was emptied: a new snapshot either way.
        report(error)
        if (sub.incremental) return resync(sub, 'invalid')
        continue
      }
      // A snapshot's checksum of 0 is the documentation's placeholder, not a hash.
      const verify =
        sub.incremental &&
        p.checksum !== undefined &&
        !(push.action === 'snapshot' && p.checksum === 0)
      if (verify && book.checksum() !== p.checksum) return resync(sub, 'checksum')
      sub.synced = true
      sub.fresh = !sub.incremental || push.action === 'snapshot'
      sub.lastSeq = p.seq
      emit(sub, {
        symbol: sub.symbol,
        channel: sub.detail,
        action: sub.incremental && push.action !== 'snapshot' ? 'update' : 'snapshot',
        seq: p.seq,
        ts: p.ts,
        book,
      } satisfies OrderBookEvent)
    }
  }

  const readers = { ticker: readMarketTicker, trades: readMarketTrade, candles: readMarketCandle }

  const connection: StreamConnection = createStreamConnection({
    url: parameters.url,
    ...connectionOptions(parameters),
    gate: parameters.gate,
    onPush(push) {
      const sub = route.find(push.arg)
      if (!sub) return
      if (sub.kind === 'book') return onBook(sub, push)
      const read = readers[sub.kind]
      for (const raw of push.data) {
        let record: unknown
        try {
          record = read(raw)
        } catch (error) {
          report(error)
          continue
        }
        emit(sub, record)
      }
    },
    onSubscribeError(error) {
      const key = subscriptionKey(error.arg)
      const sub = subs.get(key)
      if (!sub) return
      // Told once, and the subscription's readers and listeners leave: kept, they would look
      // subscribed while nothing comes, and a later read of the channel would not ask again.
      const failers = [...sub.failers]
      sub.listeners.clear()
      sub.failers.clear()
      subs.delete(key)
      route.forget()
      for (const fail of failers) fail(error)
    },
    onFail(error) {
      for (const sub of subs.values()) for (const fail of sub.failers) fail(error)
    },
    onEvent(event) {
      if (event.type === 'down')
        for (const sub of subs.values())
          if (sub.kind === 'book' && sub.incremental && sub.synced !== false) {
            sub.synced = false
            sub.lastSeq = undefined
            resynced(sub, 'reconnect')
          }
      tell(event)
    },
  })

  const checkSymbol = (symbol: unknown): string => {
    if (typeof symbol !== 'string' || !symbolPattern.test(symbol))
      throw invalid(
        line.name,
        'symbol',
        'a symbol such as BTCUSDT (letters and digits)',
        symbol,
        'format',
      )
    return symbol
  }

  const bookOptions = (options: OrderBookOptions) => {
    const channel = options.channel ?? line.defaultBookChannel
    if (!Object.hasOwn(line.bookChannels, channel))
      throw invalid(
        line.name,
        'channel',
        `one of ${Object.keys(line.bookChannels).join(', ')}`,
        channel,
        'one_of',
      )
    const levels = line.bookChannels[channel]
    const depth = options.depth
    if (depth !== undefined) {
      const [min, max] = levels === undefined ? [25, 10_000] : [1, levels]
      const rule =
        levels === undefined
          ? `a whole number of levels from 25 to 10000 (the checksum covers 25 levels of ${channel})`
          : `a whole number of levels from 1 to ${levels} (what ${channel} pushes)`
      if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < min || depth > max)
        throw invalid(line.name, 'depth', rule, depth, 'range')
    }
    return { channel, depth: depth ?? levels, incremental: levels === undefined }
  }

  /** Registers a consumer; subscribes with the first, unsubscribes after the last. */
  const attach = (
    kind: Kind,
    symbol: string,
    detail: string,
    listener: (value: never) => void,
    onError: (error: unknown) => void,
    book?: { depth: number | undefined; incremental: boolean } | undefined,
  ): (() => void) => {
    const arg = line.arg(kind, symbol, detail)
    const key = subscriptionKey(arg)
    let sub = subs.get(key)
    if (sub && book && sub.book?.depth !== book.depth)
      throw invalid(
        line.name,
        'depth',
        `the depth the open book of ${symbol} ${detail} keeps (${String(sub.book?.depth ?? 'every level')})`,
        book.depth,
        'mismatch',
      )
    if (!sub) {
      sub = { kind, arg, symbol, detail, listeners: new Set(), failers: new Set() }
      if (book) {
        // Incremental: every level kept (the checksum's top 25 are the whole book's), depth shown.
        sub.book = book.incremental
          ? createVerifiedOrderBook(book.depth)
          : createOrderBook({ depth: book.depth })
        sub.incremental = book.incremental
        sub.synced = false
      }
      subs.set(key, sub)
      route.forget()
    }
    const current = sub
    current.listeners.add(listener)
    current.failers.add(onError)
    if (current.listeners.size === 1) {
      const failed = (error: unknown) => {
        // A refusal reached every failer already (onSubscribeError).
        if (StreamSubscribeError.isInstance(error)) return
        for (const fail of current.failers) fail(error)
      }
      connection.subscribe(arg).catch(failed)
    }
    return () => {
      current.failers.delete(onError)
      if (current.listeners.delete(listener) && current.listeners.size === 0) {
        subs.delete(key)
        route.forget()
        void connection.unsubscribe(arg)
      }
    }
  }

  const read = <T>(
    method: string,
    options: MarketReadOptions,
    start: (push: (value: T) => void, fail: (error: unknown) => void) => () => void,
  ): AsyncIterableIterator<T> => {
    Options.assert(`${line.name}.${method}`, Options.streamRead, options)
    let detach = () => {}
    const queue: EventQueue<T> = createEventQueue<T>({
      highWaterMark: options.highWaterMark ?? 10_000,
      onDone: () => {
        closers.delete(queue as EventQueue<unknown>)
        detach()
        options.signal?.removeEventListener('abort', stop)
      },
    })
    const stop = () => queue.end()
    // Aborted already: an ended iterator, with nothing subscribed, kept or listened to.
    if (options.signal?.aborted) {
      queue.end()
      return queue.iterator
    }
    detach = start(
      (value) => queue.push(value),
      (error) => queue.fail(error),
    )
    if (!queue.ended) {
      options.signal?.addEventListener('abort', stop, { once: true })
      closers.add(queue as EventQueue<unknown>)
    }
    return queue.iterator
  }

  const checkInterval = (interval: unknown): string => {
    if (typeof interval !== 'string' || !line.intervals.includes(interval))
      throw invalid(
        line.name,
        'interval',
        `one of ${line.intervals.join(', ')}`,
        interval,
        'one_of',
      )
    return interval
  }

  const stream: MarketStream = {
    tickers: (symbol, options = {}) => {
      checkSymbol(symbol)
      return read<MarketTicker>('tickers', options, (push, fail) =>
        attach('ticker', symbol, 'ticker', push, fail),
      )
    },
    trades: (symbol, options = {}) => {
      checkSymbol(symbol)
      return read<MarketTrade>('trades', options, (push, fail) =>
        attach('trades', symbol, 'trades', push, fail),
      )
    },
    candles: (symbol, interval, options = {}) => {
      checkSymbol(symbol)
      checkInterval(interval)
      return read<MarketCandle>('candles', options, (push, fail) =>
        attach('candles', symbol, interval, push, fail),
      )
    },
    orderBook: (symbol, options = {}) => {
      checkSymbol(symbol)
      const { channel, depth, incremental } = bookOptions(options)
      return read<OrderBookEvent>('orderBook', options, (push, fail) =>
        attach('book', symbol, channel, push, fail, { depth, incremental }),
      )
    },
    watchTicker: (symbol, listener) =>
      attach('ticker', checkSymbol(symbol), 'ticker', listener, report),
    watchTrades: (symbol, listener) =>
      attach('trades', checkSymbol(symbol), 'trades', listener, report),
    watchCandles: (symbol, interval, listener) =>
      attach('candles', checkSymbol(symbol), checkInterval(interval), listener, report),
    watchOrderBook: (symbol, listener, options = {}) => {
      checkSymbol(symbol)
      const { channel, depth, incremental } = bookOptions(options)
      return attach('book', symbol, channel, listener, report, { depth, incremental })
    },
    book: (symbol, channel = line.defaultBookChannel) =>
      subs.get(subscriptionKey(line.arg('book', symbol, channel)))?.book,
    on(topic: 'connection' | 'resync', listener: (event: never) => void) {
      const set = (topic === 'connection' ? connectionListeners : resyncListeners) as Set<
        typeof listener
      >
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
    ready: () => connection.ready(),
    get state() {
      return connection.state
    },
    reconnect: () => connection.reconnect(),
    async close() {
      for (const queue of closers) queue.end()
      closers.clear()
      await connection.close()
    },
  }
  return stream
}

/** A `ValidationError` of the stream's input, naming the field and the rule. */
function invalid(
  name: string,
  field: string,
  expected: string,
  value: unknown,
  type: 'format' | 'one_of' | 'range' | 'mismatch',
): ValidationError {
  const received = Issue.describe(value)
  const issue = Issue.create({
    type,
    path: [field],
    expected,
    received,
    message: `${field}: expected ${expected}, received ${received}`,
  })
  return new ValidationError({ endpoint: name, issues: [issue] as unknown as Issues })
}
