// The unified public market stream against the sandbox over real loopback: the headline run of
// 10,000 book updates with dropped connections and one corrupted checksum, where after every
// update the local book equals the sandbox's; then tickers, trades, candles, refused
// subscriptions, input checks and the endpoint's URL.
import {
  type OrderBookEvent,
  type ResyncEvent,
  type StreamEvent,
  StreamSubscribeError,
  ValidationError,
  type WebSocketLike,
} from '@tradeline/core'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { createUnifiedClient } from '../createUnifiedClient.js'
import { restingBuy } from '../test/sandbox.js'
import { eventually, take } from '../test/streams.js'
import { manualTimers } from '../test/timers.js'
import { createUnifiedMarketStream, marketStreamUrl } from './createUnifiedMarketStream.js'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false, seed: 11 })
})
afterAll(() => sandbox.close())

const open = (parameters: createUnifiedMarketStream.Parameters = {}) => {
  const time = manualTimers(Date.now())
  const market = createUnifiedMarketStream(
    { transport: { baseUrl: sandbox.url } },
    {
      timers: { now: time.clock.now, ...time.timers },
      random: () => 0.5,
      limits: false,
      ...parameters,
    },
  )
  return { market, time }
}

/** A WebSocket class whose received texts pass through `change` first (`undefined` drops one). */
function tampering(change: (text: string) => string | undefined) {
  return class Tampering implements WebSocketLike {
    readonly socket: WebSocket
    onopen: WebSocketLike['onopen'] = null
    onmessage: WebSocketLike['onmessage'] = null
    onclose: WebSocketLike['onclose'] = null
    onerror: WebSocketLike['onerror'] = null
    constructor(url: string) {
      this.socket = new WebSocket(url)
      this.socket.onopen = (event) => this.onopen?.(event)
      this.socket.onclose = (event) => this.onclose?.(event)
      this.socket.onerror = (event) => this.onerror?.(event)
      this.socket.onmessage = (event) => {
        const text = change(String(event.data))
        if (text !== undefined) this.onmessage?.({ data: text })
      }
    }
    get readyState() {
      return this.socket.readyState
    }
    send(data: string) {
      this.socket.send(data)
    }
    close(code?: number, reason?: string) {
      this.socket.close(code, reason)
    }
  }
}

describe('createUnifiedMarketStream: the verified order book', () => {
  test('10,000 updates with connection drops and one corrupted checksum: after every update the local book equals the sandbox book; the corrupted update rebuilds it exactly once', async () => {
    const { market, time } = open()
    const admin = sandbox.admin.ws.market
    const resyncs: ResyncEvent[] = []
    const downs: StreamEvent[] = []
    market.on('resync', (event) => resyncs.push(event))
    market.on('connection', (event) => event.type === 'down' && downs.push(event))
    let seen: OrderBookEvent | undefined
    let waiter: { seq: number; resolve: () => void } | undefined
    let snapshots = 0
    market.watchOrderBook('BTCUSDT', (event) => {
      seen = event
      if (event.action === 'snapshot') snapshots++
      if (waiter && event.seq === waiter.seq) {
        waiter.resolve()
        waiter = undefined
      }
    })
    /** Resolves once the local book has applied the sandbox's push numbered `seq`. */
    const applied = (seq: number) =>
      seen?.seq === seq
        ? Promise.resolve()
        : new Promise<void>((resolve) => (waiter = { seq, resolve }))
    const equal = () => {
      const truth = admin.book('BTCUSDT')
      const book = market.book('BTCUSDT')
      expect(book?.bids()).toEqual(truth.bids)
      expect(book?.asks()).toEqual(truth.asks)
      expect(book?.checksum()).toBe(truth.checksum)
    }
    await applied(admin.book('BTCUSDT').seq)
    equal()
    const started = performance.now()
    const updates = 10_000
    let drops = 0
    for (let i = 1; i <= updates; i++) {
      if (i % 1000 === 500) {
        // Drop every connection; while the client is away the book moves on, then it comes
        // back (backoff on the manual clock) and rebuilds from the new snapshot.
        const before = downs.length
        expect(sandbox.admin.ws.drop()).toBe(1)
        drops++
        await new Promise<void>((resolve) => {
          const check = () => (downs.length > before ? resolve() : setTimeout(check, 1))
          check()
        })
        admin.step('BTCUSDT', 3)
        time.advance(1_000)
        await applied(admin.book('BTCUSDT').seq)
        equal()
      }
      if (i === 5_000) admin.corruptChecksum('BTCUSDT')
      const { seq } = admin.step('BTCUSDT')
      await applied(seq)
      equal()
    }
    const ms = Math.round(performance.now() - started)
    const count = (reason: string) => resyncs.filter((r) => r.reason === reason).length
    // The measured run, for the record (never asserted: wall-clock time varies).
    console.info(
      `book run: ${updates} updates, ${drops} drops, ${count('checksum')} checksum rebuild, ${count('reconnect')} reconnect rebuilds, ${snapshots} snapshots, ${ms} ms`,
    )
    expect(count('checksum')).toBe(1)
    expect(count('sequence')).toBe(0)
    expect(count('invalid')).toBe(0)
    expect(count('reconnect')).toBe(drops)
    // The first snapshot, one per reconnect and one for the rebuild.
    expect(snapshots).toBe(1 + drops + 1)
    await market.close()
  }, 60_000)

  test('"seq ... is always greater than the pseq": an update whose pseq is not the last seq (a push lost on the way) rebuilds the book', async () => {
    // A WebSocket that loses the second book update it receives, as a network path could.
    let updates = 0
    const Lossy = tampering((text) =>
      text.includes('"action":"update"') && ++updates === 2 ? undefined : text,
    )
    const { market } = open({ category: 'usdc-futures', WebSocket: Lossy })
    const resyncs: ResyncEvent[] = []
    market.on('resync', (event) => resyncs.push(event))
    const books = market.orderBook('ETHPERP')
    const [first] = await take(books, 1)
    expect(first?.action).toBe('snapshot')
    sandbox.admin.ws.market.step('ETHPERP', 3)
    // The first update is applied, the second is lost, the third shows the gap: a new snapshot.
    const [applied, rebuilt] = await take(books, 2)
    expect(applied?.action).toBe('update')
    expect(rebuilt?.action).toBe('snapshot')
    expect(resyncs).toEqual([{ symbol: 'ETHPERP', channel: 'books', reason: 'sequence' }])
    expect(market.book('ETHPERP')?.bids()).toEqual(sandbox.admin.ws.market.book('ETHPERP').bids)
    await market.close()
  })

  test('decision: a snapshot whose checksum is 0 (the documented examples show 0) is taken unverified; any other wrong checksum on a snapshot rebuilds', async () => {
    const first = { done: false }
    const zero = tampering((text) => {
      if (first.done || !text.includes('"action":"snapshot"')) return text
      first.done = true
      return text.replace(/"checksum":-?\d+/, '"checksum":0')
    })
    const a = open({ category: 'usdc-futures', WebSocket: zero }).market
    const resyncsA: ResyncEvent[] = []
    a.on('resync', (event) => resyncsA.push(event))
    const [snapshot] = await take(a.orderBook('ETHPERP'), 1)
    expect(snapshot?.action).toBe('snapshot')
    expect(resyncsA).toEqual([])
    await a.close()
    const wrong = { done: false }
    const one = tampering((text) => {
      if (wrong.done || !text.includes('"action":"snapshot"')) return text
      wrong.done = true
      return text.replace(/"checksum":-?\d+/, '"checksum":1')
    })
    const b = open({ category: 'usdc-futures', WebSocket: one }).market
    const resyncsB: ResyncEvent[] = []
    b.on('resync', (event) => resyncsB.push(event))
    const [rebuilt] = await take(b.orderBook('ETHPERP'), 1)
    expect(rebuilt?.action).toBe('snapshot')
    expect(resyncsB).toEqual([{ symbol: 'ETHPERP', channel: 'books', reason: 'checksum' }])
    await b.close()
  })

  test('books5: a bounded book replaced by every snapshot; depth and channel are checked before anything is sent', async () => {
    const { market } = open()
    const books = market.orderBook('BTCUSDT', { channel: 'books5' })
    const [event] = await take(books, 1)
    expect(event?.book.bids()).toEqual(sandbox.admin.ws.market.book('BTCUSDT').bids.slice(0, 5))
    expect(event?.book.depth).toBe(5)
    sandbox.admin.ws.market.step('BTCUSDT')
    const [next] = await take(books, 1)
    expect(next?.action).toBe('snapshot')
    expect(next?.book.asks()).toEqual(sandbox.admin.ws.market.book('BTCUSDT').asks.slice(0, 5))
    await books.return?.()
    await market.close()
    const fresh = open().market
    expect(() => fresh.orderBook('BTCUSDT', { depth: 0 })).toThrow(
      'depth: expected a whole number of levels from 25 to 10000 (the checksum covers 25 levels of books), received 0',
    )
    expect(() => fresh.orderBook('BTCUSDT', { channel: 'books5', depth: 6 })).toThrow(
      'depth: expected a whole number of levels from 1 to 5 (what books5 pushes), received 6',
    )
    expect(() => fresh.orderBook('BTCUSDT', { channel: 'books15' })).toThrow(
      'channel: expected one of books, books1, books5, books50, received "books15"',
    )
    expect(() => fresh.candles('BTCUSDT', '2m')).toThrow(ValidationError)
    expect(() => fresh.tickers('BTC USDT')).toThrow('symbol: expected a symbol such as BTCUSDT')
    expect(fresh.state).toBe('idle')
    await fresh.close()
  })
})

describe('createUnifiedMarketStream: tickers, trades, candles', () => {
  test('ticker and kline of usdt-futures, with the exact decimal strings the sandbox pushed', async () => {
    const { market } = open()
    const tickers = market.tickers('BTCUSDT')
    const candles = market.candles('BTCUSDT', '1m')
    const [ticker] = await take(tickers, 1)
    expect(ticker).toMatchObject({ symbol: 'BTCUSDT', lastPrice: '65000.0', markPrice: '65000.0' })
    const [candle] = await take(candles, 1)
    expect(candle).toMatchObject({ open: '65000.0', close: '65000.0', volume: '0' })
    sandbox.admin.setPrice('BTCUSDT', '65010.5')
    const [moved] = await take(tickers, 1)
    expect(moved?.lastPrice).toBe('65010.5')
    const [changed] = await take(candles, 1)
    expect(changed).toMatchObject({ high: '65010.5', close: '65010.5', low: '65000.0' })
    await market.close()
  })

  test('a listener that throws: the other listener of the same ticker still gets it, and the error is a StreamListenerError event naming the topic', async () => {
    const { market } = open()
    const events: StreamEvent[] = []
    market.on('connection', (event) => events.push(event))
    const prices: string[] = []
    market.watchTicker('BTCUSDT', () => {
      throw new Error('a bug of the listener')
    })
    market.watchTicker('BTCUSDT', (ticker) => prices.push(String(ticker.lastPrice)))
    await eventually(() => prices.length >= 1, 'the ticker at the second listener')
    const thrown = events.flatMap((event) =>
      event.type === 'error' && (event.error as Error).name === 'StreamListenerError'
        ? [event.error as { topic: string; cause: Error }]
        : [],
    )
    expect(thrown.length).toBeGreaterThanOrEqual(1)
    expect(thrown[0]?.topic).toBe('ticker')
    expect(thrown[0]?.cause.message).toBe('a bug of the listener')
    await market.close()
  })

  test('publicTrade of spot: one trade per fill, price and size as the sandbox wrote them', async () => {
    const { market } = open({ category: 'spot' })
    const trades = market.trades('ETHUSDT')
    await market.ready()
    const client = createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      instruments: false,
      positionMode: false,
    })
    const placed = await client.orders.place(restingBuy)
    sandbox.admin.fill(placed.orderId, '0.004')
    const [trade] = await take(trades, 1)
    expect(trade).toEqual({
      tradeId: expect.any(String),
      price: '3000',
      size: '0.004',
      side: 'buy',
      ts: expect.any(String),
    })
    await market.close()
  })

  test('a symbol of another category is refused by the exchange (30001): the iterator ends with a StreamSubscribeError', async () => {
    const { market } = open({ category: 'SPOT' })
    const trades = market.trades('BTCUSDT')
    const error = await trades.next().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StreamSubscribeError)
    expect((error as StreamSubscribeError).code).toBe(30001)
    await market.close()
  })

  test('category: either case, one of the public categories, checked at creation', () => {
    expect(() => createUnifiedMarketStream(undefined, { category: 'margin' })).toThrow(
      'category: expected one of usdt-futures, coin-futures, usdc-futures, spot, received "margin"',
    )
    expect(() => createUnifiedMarketStream(undefined, { limits: { marginMs: -1 } })).toThrow(
      'limits.marginMs: expected a number of milliseconds from 0 to 60000, received -1',
    )
    expect(() => createUnifiedMarketStream(undefined, { limits: { marginMs: -1 } })).toThrow(
      ValidationError,
    )
  })
})

describe('marketStreamUrl', () => {
  test.each([
    ['https://api.bitget.com', false, 'wss://ws.bitget.com/v3/ws/public'],
    ['https://api.bitget.com', true, 'wss://wspap.bitget.com/v3/ws/public'],
    ['http://127.0.0.1:8080', false, 'ws://127.0.0.1:8080/v3/ws/public'],
    ['https://proxy.example/bitget/', false, 'wss://proxy.example/bitget/v3/ws/public'],
  ])('%s (demo %s) -> %s', (baseUrl, demo, url) => {
    expect(marketStreamUrl(baseUrl, demo)).toBe(url)
  })

  test('without a client the exchange endpoint is used', () => {
    const market = createUnifiedMarketStream()
    expect(market.state).toBe('idle')
  })
})
