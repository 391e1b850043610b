// The classic public market stream against the sandbox's /v2/ws/public over real loopback.
import {
  type ResyncEvent,
  type StreamEvent,
  StreamMessageTooLargeError,
  ValidationError,
} from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'
import { eventually } from '../test/streams.js'
import { classicMarketStreamUrl, createClassicMarketStream } from './createClassicMarketStream.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
beforeAll(async () => {
  ;({ sandbox, client } = await setup({ seed: 5 }))
})
afterAll(() => sandbox.close())

/** Reads `n` values of an iterator, failing (real time) after 5 s. */
async function take<T>(iterator: AsyncIterator<T>, n: number): Promise<T[]> {
  const values: T[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`got ${values.length} of ${n} values`)), 5000)
  })
  try {
    while (values.length < n) {
      const next = await Promise.race([iterator.next(), timeout])
      if (next.done) break
      values.push(next.value)
    }
  } finally {
    clearTimeout(timer)
  }
  return values
}

const open = (parameters: createClassicMarketStream.Parameters = {}) =>
  createClassicMarketStream(
    { transport: { baseUrl: sandbox.url } },
    { limits: false, ...parameters },
  )

describe('createClassicMarketStream', () => {
  test('ticker (lastPr, bidPr... read as lastPrice, bidPrice...) and trade, with the exact decimal strings pushed', async () => {
    const market = open()
    const tickers = market.tickers('BTCUSDT')
    const [ticker] = await take(tickers, 1)
    // The best bid is the book's (the same book the depth reads serve), below the last price.
    const [bestBid] = sandbox.admin.ws.market.book('BTCUSDT').bids[0] ?? []
    expect(ticker).toMatchObject({
      symbol: 'BTCUSDT',
      lastPrice: '65000.0',
      bidPrice: bestBid,
      markPrice: '65000.0',
    })
    expect(bestBid).toBe('64999.9')
    const trades = market.trades('BTCUSDT')
    await market.ready()
    const placed = await client().orders.place(restingBuy)
    sandbox.admin.fill(placed.orderId, '0.004')
    const [trade] = await take(trades, 1)
    expect(trade).toEqual({
      tradeId: expect.any(String),
      price: '30000',
      size: '0.004',
      side: 'buy',
      ts: expect.any(String),
    })
    await market.close()
  })

  test('candle1H: the classic array read as a candle, updated as the price moves', async () => {
    const market = open()
    const candles = market.candles('BTCUSDT', '1H')
    // The sandbox's candle holds every print of the hour so far (admin prices and the fills of
    // the tests before), so its close need not be its open.
    const [first] = await take(candles, 1)
    expect(first?.open).toMatch(/^\d+(\.\d+)?$/)
    sandbox.admin.setPrice('BTCUSDT', '64990.5')
    const [moved] = await take(candles, 1)
    expect(moved).toMatchObject({ open: first?.open, close: '64990.5' })
    expect(Number(moved?.low)).toBe(Math.min(Number(first?.low), 64990.5))
    await market.close()
  })

  test('books with a corrupted checksum: one rebuild, then the local book equals the sandbox book; books15 keeps 15 levels', async () => {
    const market = open()
    const resyncs: ResyncEvent[] = []
    market.on('resync', (event) => resyncs.push(event))
    const books = market.orderBook('BTCUSDT')
    const depth = market.orderBook('BTCUSDT', { channel: 'books15' })
    expect((await take(books, 1))[0]?.action).toBe('snapshot')
    expect((await take(depth, 1))[0]?.book.bids()).toHaveLength(15)
    sandbox.admin.ws.market.corruptChecksum('BTCUSDT')
    sandbox.admin.ws.market.step('BTCUSDT', 2)
    const [rebuilt] = await take(books, 1)
    expect(rebuilt?.action).toBe('snapshot')
    expect(resyncs).toEqual([{ symbol: 'BTCUSDT', channel: 'books', reason: 'checksum' }])
    const truth = sandbox.admin.ws.market.book('BTCUSDT')
    expect(market.book('BTCUSDT')?.bids()).toEqual(truth.bids)
    expect(market.book('BTCUSDT')?.asks()).toEqual(truth.asks)
    await market.close()
  })

  test('maxMessageBytes reaches the connection: a books snapshot over it is not read, the error names the limit, the connection is dropped', async () => {
    // The sandbox's books snapshot is about 1.8 KB (40 levels a side).
    const market = open({ maxMessageBytes: 1024, backoff: { initialMs: 60_000 } })
    const events: StreamEvent[] = []
    market.on('connection', (event) => events.push(event))
    const seen: unknown[] = []
    const stop = market.watchOrderBook('BTCUSDT', (event) => seen.push(event))
    await eventually(() => events.some((e) => e.type === 'down'), 'the drop')
    const errors = events.flatMap((e) => (e.type === 'error' ? [e.error] : []))
    expect(errors).toHaveLength(1)
    expect(StreamMessageTooLargeError.isInstance(errors[0])).toBe(true)
    expect((errors[0] as StreamMessageTooLargeError).limit).toBe(1024)
    // The default WebSocket in Node (the ws package's) refuses the frame by its header, before
    // reading it: its size is not known. A measured one is over the limit.
    const { size } = errors[0] as StreamMessageTooLargeError
    expect(size === undefined || size > 1024).toBe(true)
    expect(events.filter((e) => e.type === 'down')).toHaveLength(1)
    expect(seen).toEqual([])
    expect(() => open({ maxMessageBytes: 1023 })).toThrow(
      'maxMessageBytes: expected a whole number of bytes from 1024 to 1073741824, received 1023',
    )
    stop()
    await market.close()
  })

  test('input is checked before anything is sent: product type, interval, channel', () => {
    expect(() => open({ productType: 'SPOT' })).toThrow(
      'productType: expected one of USDT-FUTURES, COIN-FUTURES, USDC-FUTURES, received "SPOT"',
    )
    const market = open({ productType: 'usdt-futures' })
    expect(() => market.candles('BTCUSDT', '3m')).toThrow('interval: expected one of 1m, 5m, 15m')
    expect(() => market.orderBook('BTCUSDT', { channel: 'books50' })).toThrow(
      'channel: expected one of books, books1, books5, books15, received "books50"',
    )
    expect(market.state).toBe('idle')
    expect(() => open({ limits: { marginMs: 60_001 } })).toThrow(
      'limits.marginMs: expected a number of milliseconds from 0 to 60000, received 60001',
    )
    expect(() => open({ limits: { marginMs: 60_001 } })).toThrow(ValidationError)
  })

  test.each([
    ['https://api.bitget.com', false, 'wss://ws.bitget.com/v2/ws/public'],
    ['https://api.bitget.com', true, 'wss://wspap.bitget.com/v2/ws/public'],
    ['http://127.0.0.1:9000', false, 'ws://127.0.0.1:9000/v2/ws/public'],
  ])('classicMarketStreamUrl(%s, demo %s) is %s', (baseUrl, demo, url) => {
    expect(classicMarketStreamUrl(baseUrl, demo)).toBe(url)
  })
})
