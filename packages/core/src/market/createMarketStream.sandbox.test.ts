// The market stream's books against the sandbox over real loopback: a bounded incremental book
// that stays verified while levels inside its top 25 go, a snapshot with one bad level that
// leaves the book as it was, a ticker whose price is no decimal number (reported, not emitted),
// and reads whose signal is aborted already holding nothing.
import { getEventListeners } from 'node:events'
import { eventually, manualTimers, take } from '@tradeline/fuzz/timers'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import type { WebSocketLike } from '../stream/socket.js'
import type { StreamEvent } from '../stream/types.js'
import { createMarketStream } from './createMarketStream.js'
import type { MarketLine, MarketStream, OrderBookEvent, ResyncEvent } from './marketTypes.js'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false, seed: 7 })
})
afterAll(() => sandbox.close())
/** Every stream a test opened, closed after it whether it passed or not. */
const opened: MarketStream[] = []
afterEach(async () => {
  for (const market of opened.splice(0)) await market.close()
})

/** The unified account's public channels of usdt-futures, as its package writes them. */
const line: MarketLine = {
  name: 'test.marketStream',
  bookChannels: { books: undefined, books1: 1, books5: 5, books50: 50 },
  defaultBookChannel: 'books',
  intervals: ['1m'],
  sequenced: true,
  arg(kind, symbol, detail) {
    const topic = kind === 'ticker' ? 'ticker' : kind === 'trades' ? 'publicTrade' : detail
    return { instType: 'usdt-futures', topic, symbol }
  },
}

const open = (WebSocketClass?: new (url: string) => WebSocketLike) => {
  const time = manualTimers(Date.now())
  const market = createMarketStream({
    url: `${sandbox.wsUrl}/v3/ws/public`,
    line,
    timers: { now: time.clock.now, ...time.timers },
    random: () => 0.5,
    WebSocket: WebSocketClass,
  })
  opened.push(market)
  return market
}

/** A `ws` WebSocket whose received texts pass through `change` before the stream reads them. */
function tampering(change: (text: string) => string) {
  return class {
    constructor(url: string) {
      // biome-ignore lint/correctness/noConstructorReturn: the socket itself, its onmessage wrapped
      return new Proxy(new WebSocket(url), {
        set(socket, key, value: ((event: { data: unknown }) => void) | null) {
          if (key !== 'onmessage' || value === null) return Reflect.set(socket, key, value)
          socket.onmessage = (event) => value({ data: change(String(event.data)) })
          return true
        },
      }) as unknown as WebSocketLike
    }
  } as unknown as new (
    url: string,
  ) => WebSocketLike
}

describe('createMarketStream: books', () => {
  test('decision: an incremental book read with depth 25 keeps every level inside (its checksum covers the top 25, so the level below a removed one must be known) and shows 25: 100 updates, zero resyncs', async () => {
    const market = open()
    const admin = sandbox.admin.ws.market
    const resyncs: ResyncEvent[] = []
    market.on('resync', (event) => resyncs.push(event))
    let last: OrderBookEvent | undefined
    const books = market.orderBook('BTCUSDT', { depth: 25 })
    const [first] = await take(books, 1)
    expect(first?.action).toBe('snapshot')
    // The sandbox's updates remove levels mostly within the top 30 of a 30 to 60 deep side.
    const { seq } = admin.step('BTCUSDT', 100)
    while (last?.seq !== seq) [last] = await take(books, 1)
    expect(resyncs).toEqual([])
    const truth = admin.book('BTCUSDT')
    const book = market.book('BTCUSDT')
    expect(book?.depth).toBe(25)
    expect(book?.bids()).toEqual(truth.bids.slice(0, 25))
    expect(book?.asks()).toEqual(truth.asks.slice(0, 25))
    expect(book?.bids(3)).toEqual(truth.bids.slice(0, 3))
    expect(book?.checksum()).toBe(truth.checksum)
    await market.close()
  })

  test('decision: a books5 snapshot with one bad level (bids[2] ["x","1"]) is refused whole: the book keeps the previous snapshot, the error is reported, the next good snapshot applies', async () => {
    let books5 = 0
    const Bad = tampering((text) => {
      if (!text.includes('"books5"') || !text.includes('"data"')) return text
      books5++
      if (books5 !== 2) return text
      const message = JSON.parse(text) as { data: { b?: unknown[]; bids?: unknown[] }[] }
      const data = message.data[0] as { b?: unknown[]; bids?: unknown[] }
      const bids = (data.b ?? data.bids) as unknown[]
      bids[2] = ['x', '1']
      return JSON.stringify(message)
    })
    const market = open(Bad)
    const errors: Error[] = []
    market.on('connection', (event: StreamEvent) => {
      if (event.type === 'error') errors.push(event.error as Error)
    })
    const admin = sandbox.admin.ws.market
    const books = market.orderBook('BTCUSDT', { channel: 'books5' })
    const [event] = await take(books, 1)
    const before = admin.book('BTCUSDT')
    expect(event?.book.bids()).toEqual(before.bids.slice(0, 5))
    admin.step('BTCUSDT', 1)
    await eventually(() => errors.length === 1, 'the bad snapshot refused')
    expect(errors[0]?.message).toBe('the bid price must be a decimal string, received "x"')
    expect(market.book('BTCUSDT', 'books5')?.bids()).toEqual(before.bids.slice(0, 5))
    expect(market.book('BTCUSDT', 'books5')?.asks()).toEqual(before.asks.slice(0, 5))
    admin.step('BTCUSDT', 1)
    const [next] = await take(books, 1)
    expect(next?.book.bids()).toEqual(admin.book('BTCUSDT').bids.slice(0, 5))
    expect(next?.book.asks()).toEqual(admin.book('BTCUSDT').asks.slice(0, 5))
    await market.close()
  })

  test('decision: a books snapshot with more than 10000 levels a side (the exchange sends 400) is refused: the book emptied, the error names the limit, a resync brings the next snapshot', async () => {
    let snapshots = 0
    let sent = 0
    const Deep = tampering((text) => {
      if (!text.includes('"books"') || !text.includes('"snapshot"')) return text
      if (++snapshots !== 1) return text
      const message = JSON.parse(text) as { data: { b?: string[][]; bids?: string[][] }[] }
      const data = message.data[0] as { b?: string[][]; bids?: string[][] }
      const bids = (data.b ?? data.bids) as string[][]
      // 10001 bids below the book's own (one tick of 0.0001 apart, under a price of 1).
      for (let i = 1; i <= 10_001; i++) bids.push([`0.${String(i).padStart(6, '0')}`, '1'])
      sent = bids.length
      return JSON.stringify(message)
    })
    const market = open(Deep)
    const errors: Error[] = []
    const resyncs: ResyncEvent[] = []
    market.on('connection', (event: StreamEvent) => {
      if (event.type === 'error') errors.push(event.error as Error)
    })
    market.on('resync', (event) => resyncs.push(event))
    const books = market.orderBook('BTCUSDT')
    const [event] = await take(books, 1)
    expect(snapshots).toBe(2)
    expect(errors.map((error) => error.message)).toEqual([
      `the bids would hold ${sent} levels, over maxLevels (10000 a side): the book was emptied`,
    ])
    expect(resyncs).toEqual([{ symbol: 'BTCUSDT', channel: 'books', reason: 'invalid' }])
    const truth = sandbox.admin.ws.market.book('BTCUSDT')
    expect(event?.action).toBe('snapshot')
    expect(event?.book.bids()).toEqual(truth.bids)
    expect(event?.book.checksum()).toBe(truth.checksum)
    await market.close()
  })

  test('decision: a read whose signal is aborted already ends at once and holds nothing: no subscription, no connection, no listener on the signal', async () => {
    const publicConnections = () => sandbox.admin.ws.connections().public
    await eventually(() => publicConnections() === 0, 'the earlier tests closed')
    const market = open()
    const signal = AbortSignal.abort()
    const reads = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? market.orderBook('BTCUSDT', { signal }) : market.tickers('BTCUSDT', { signal }),
    )
    for (const read of reads) expect(await read.next()).toEqual({ done: true, value: undefined })
    expect(market.state).toBe('idle')
    expect(market.book('BTCUSDT')).toBeUndefined()
    expect(getEventListeners(signal, 'abort')).toHaveLength(0)
    await market.close()
    expect(market.state).toBe('closed')
    expect(publicConnections()).toBe(0)
  })
})

describe('createMarketStream: a ticker whose price is no decimal number', () => {
  test('decision: a ticker push with lastPrice "NaN" is reported (an error naming the field) and not emitted; the stream reads the next ticker', async () => {
    let tickers = 0
    const Bad = tampering((text) => {
      if (!text.includes('"ticker"') || !text.includes('"data"')) return text
      tickers++
      return tickers === 1 ? text.replace(/"lastPrice":"[^"]*"/, '"lastPrice":"NaN"') : text
    })
    const market = open(Bad)
    const errors: Error[] = []
    market.on('connection', (event: StreamEvent) => {
      if (event.type === 'error') errors.push(event.error as Error)
    })
    const seen: string[] = []
    market.watchTicker('BTCUSDT', (ticker) => seen.push(ticker.lastPrice))
    await eventually(() => errors.length === 1, 'the bad ticker refused')
    // Before: the ticker was emitted with lastPrice "NaN".
    expect(errors[0]?.message).toBe('lastPrice: a decimal number, received "NaN"')
    expect(seen).toEqual([])
    sandbox.admin.setPrice('BTCUSDT', '65123.4')
    await eventually(() => seen.length === 1, 'the next ticker')
    expect(seen).toEqual(['65123.4'])
    expect(errors).toHaveLength(1)
    await market.close()
  })
})
