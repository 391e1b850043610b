import { Big } from '@tradeline/rules/big'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixture, shapeIssues } from '../test/shape.js'
import { ethBuy, paths, start, T0 } from '../test/unified.js'
import { connect, type WsClient } from '../test/ws.js'
import { bookChecksum, crc32 } from './checksum.js'
import { candleStart } from './market.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const v3 = () => connect(`${ctx.sandbox.wsUrl}/v3/ws/public`)
const v2 = () => connect(`${ctx.sandbox.wsUrl}/v2/ws/public`)
const subscribe = (client: WsClient, arg: unknown) => client.send({ op: 'subscribe', args: [arg] })

describe('checksum', () => {
  test('the documented example text and the standard CRC-32 check value', () => {
    expect(crc32('123456789')).toBe(0xcbf43926 | 0)
    expect(
      bookChecksum(
        [
          ['43231.1', '4'],
          ['43231', '6'],
        ],
        [
          ['43232.8', '9'],
          ['43232.9', '8'],
        ],
      ),
    ).toBe(crc32('43231.1:4:43232.8:9:43231:6:43232.9:8'))
  })
})

describe('/v3/ws/public books', () => {
  test('books: a full snapshot (a/b, checksum, seq) on subscribe, then one update per step with pseq the previous seq and the checksum of the book after it', async () => {
    const client = await v3()
    const arg = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' }
    subscribe(client, arg)
    const [ack, snapshot] = await client.take(2)
    expect(ack).toEqual({ event: 'subscribe', arg })
    const book = ctx.sandbox.admin.ws.market.book('BTCUSDT')
    expect(snapshot).toMatchObject({ action: 'snapshot', arg })
    expect(snapshot.data[0]).toEqual({
      a: book.asks,
      b: book.bids,
      checksum: book.checksum,
      seq: book.seq,
      pseq: 0,
      ts: String(T0),
    })
    // Prices with the instrument's decimals and sizes with its lot's, as the exchange writes them.
    expect(book.bids[0]![0]).toMatch(/^\d+\.\d$/)
    expect(book.bids[0]![1]).toMatch(/^\d+\.\d{3}$/)
    expect(book.bids.length).toBe(40)
    ctx.sandbox.admin.ws.market.step('BTCUSDT', 2)
    const [first, second] = await client.take(2)
    expect(first.action).toBe('update')
    expect(first.data[0].pseq).toBe(book.seq)
    expect(second.data[0].pseq).toBe(first.data[0].seq)
    expect(second.data[0].checksum).toBe(ctx.sandbox.admin.ws.market.book('BTCUSDT').checksum)
    ctx.sandbox.admin.ws.market.corruptChecksum('BTCUSDT')
    ctx.sandbox.admin.ws.market.step('BTCUSDT')
    const corrupted = await client.next()
    expect(corrupted.data[0].checksum).not.toBe(
      ctx.sandbox.admin.ws.market.book('BTCUSDT').checksum,
    )
    ctx.sandbox.admin.ws.market.step('BTCUSDT')
    expect((await client.next()).data[0].checksum).toBe(
      ctx.sandbox.admin.ws.market.book('BTCUSDT').checksum,
    )
    client.close()
  })

  test('a new sandbox price moves the book: the levels through it go in one update, the sides stay at least 30 deep', async () => {
    const client = await v3()
    const arg = { instType: 'usdc-futures', topic: 'books', symbol: 'ETHPERP' }
    subscribe(client, arg)
    await client.take(2)
    ctx.sandbox.admin.setPrice('ETHPERP', '3250.00')
    const update = await client.next()
    expect(update.action).toBe('update')
    const book = ctx.sandbox.admin.ws.market.book('ETHPERP')
    expect(update.data[0].checksum).toBe(book.checksum)
    expect(update.data[0].b.some(([, size]: [string, string]) => size === '0')).toBe(false)
    expect(
      update.data[0].a.filter(([, size]: [string, string]) => size === '0').length,
    ).toBeGreaterThan(0)
    expect(new Big(book.bids[0]![0]).lt('3250.00')).toBe(true)
    expect(new Big(book.asks[0]![0]).gt('3250.00')).toBe(true)
    expect(book.asks.length).toBeGreaterThanOrEqual(30)
    ctx.sandbox.admin.setPrice('ETHPERP', '3250.00')
    ctx.sandbox.admin.ws.market.step('ETHPERP')
    // The same price again changes nothing: the next push is the step's.
    expect((await client.next()).data[0].seq).toBe(book.seq + 1)
    client.close()
  })

  test('books5 and books50: a snapshot of that many levels on every push; books15 is a classic channel only (30001)', async () => {
    const client = await v3()
    const five = { instType: 'usdt-futures', topic: 'books5', symbol: 'BTCUSDT' }
    subscribe(client, five)
    const [, snapshot] = await client.take(2)
    expect(snapshot.data[0].a).toHaveLength(5)
    expect(snapshot.data[0].b).toEqual(ctx.sandbox.admin.ws.market.book('BTCUSDT').bids.slice(0, 5))
    ctx.sandbox.admin.ws.market.step('BTCUSDT')
    expect((await client.next()).action).toBe('snapshot')
    subscribe(client, { ...five, topic: 'books15' })
    expect(await client.next()).toMatchObject({ event: 'error', code: 30001 })
    client.close()
  })

  test('unknown topics, symbols of another instType and a kline without a known interval answer 30001', async () => {
    const client = await v3()
    for (const arg of [
      { instType: 'usdt-futures', topic: 'books400', symbol: 'BTCUSDT' },
      { instType: 'spot', topic: 'books', symbol: 'BTCUSDT' },
      { instType: 'usdt-futures', topic: 'kline', symbol: 'BTCUSDT', interval: '2m' },
      { instType: 'usdt-futures', topic: 'kline', symbol: 'BTCUSDT' },
    ]) {
      subscribe(client, arg)
      expect(await client.next()).toMatchObject({ event: 'error', code: 30001, arg })
    }
    client.close()
  })
})

describe('candles', () => {
  test('kline (v3 object) and candle1m (v2 array): a snapshot of the current candle, then an update per price change and fill', async () => {
    const a = await v3()
    const b = await v2()
    const kline = { instType: 'spot', topic: 'kline', symbol: 'ETHUSDT', interval: '1m' }
    const candle = { instType: 'SPOT', channel: 'candle1m', instId: 'ETHUSDT' }
    subscribe(a, kline)
    subscribe(b, candle)
    const [, k0] = await a.take(2)
    const [, c0] = await b.take(2)
    const start = String(candleStart('1m', T0))
    expect(k0.data[0]).toEqual({
      start,
      open: '3200.00',
      close: '3200.00',
      high: '3200.00',
      low: '3200.00',
      volume: '0',
      turnover: '0',
    })
    expect(c0.data[0]).toEqual([start, '3200.00', '3200.00', '3200.00', '3200.00', '0', '0', '0'])
    ctx.sandbox.admin.setPrice('ETHUSDT', '3210.50')
    expect((await a.next()).data[0]).toMatchObject({
      high: '3210.50',
      close: '3210.50',
      low: '3200.00',
    })
    expect((await b.next()).data[0]).toEqual([
      start,
      '3200.00',
      '3210.50',
      '3200.00',
      '3210.50',
      '0',
      '0',
      '0',
    ])
    const placed = await ctx.api.post(paths.place, ethBuy({ price: '3000', clientOid: 'mk-1' }))
    ctx.sandbox.admin.fill(placed.body.data.orderId, '0.5')
    const filled = (await a.next()).data[0]
    expect(filled.volume).toBe('0.5')
    expect(filled.turnover).toBe('1500')
    // The same candle on the other path: the fill counted once, though both paths follow it.
    expect((await b.next()).data[0].slice(5)).toEqual(['0.5', '1500', '1500'])
    a.close()
    b.close()
  })

  test('a candle follows the price while nobody subscribes to it: a later subscriber gets its high and close', async () => {
    const client = await v2()
    const candle = { instType: 'USDT-FUTURES', channel: 'candle5m', instId: 'BTCUSDT' }
    subscribe(client, candle)
    const [, first] = await client.take(2)
    client.send({ op: 'unsubscribe', args: [candle] })
    expect(await client.next()).toEqual({ event: 'unsubscribe', arg: candle })
    const [start, open] = first.data[0]
    const high = new Big(open).plus(500).toFixed(1)
    ctx.sandbox.admin.setPrice('BTCUSDT', high)
    ctx.sandbox.admin.setPrice('BTCUSDT', open)
    subscribe(client, candle)
    const [, again] = await client.take(2)
    expect(again.data[0].slice(0, 5)).toEqual([start, open, high, first.data[0][3], open])
    client.close()
  })

  test('candleStart: intervals on the UTC clock, weeks from Monday, months from the 1st', () => {
    const t = Date.UTC(2026, 6, 1, 14, 7, 30) // a Wednesday
    expect(candleStart('5m', t)).toBe(Date.UTC(2026, 6, 1, 14, 5))
    expect(candleStart('4H', t)).toBe(Date.UTC(2026, 6, 1, 12))
    expect(candleStart('1Dutc', t)).toBe(Date.UTC(2026, 6, 1))
    expect(candleStart('1W', t)).toBe(Date.UTC(2026, 5, 29))
    expect(candleStart('1M', t)).toBe(Date.UTC(2026, 6, 1))
  })
})

describe('/v2/ws/public', () => {
  test('ticker (lastPr, bidPr, ...) and trade (price, size, side, tradeId) with channel + instId; books15 and books as on the exchange', async () => {
    const client = await v2()
    const ticker = { instType: 'SPOT', channel: 'ticker', instId: 'ETHUSDT' }
    const trade = { instType: 'SPOT', channel: 'trade', instId: 'ETHUSDT' }
    subscribe(client, ticker)
    const [ack, snapshot] = await client.take(2)
    expect(ack).toEqual({ event: 'subscribe', arg: ticker })
    expect(snapshot).toMatchObject({
      action: 'snapshot',
      arg: ticker,
      data: [{ instId: 'ETHUSDT', lastPr: expect.any(String) }],
    })
    subscribe(client, trade)
    expect(await client.next()).toEqual({ event: 'subscribe', arg: trade })
    ctx.sandbox.admin.setPrice('ETHUSDT', '3300.00')
    // The best bid is the book's: a jump up leaves the bids below and moves the asks above.
    const best = ctx.sandbox.admin.ws.market.book('ETHUSDT').bids[0] as [string, string]
    expect((await client.next()).data[0]).toMatchObject({
      lastPr: '3300.00',
      bidPr: best[0],
      bidSz: best[1],
    })
    const placed = await ctx.api.post(paths.place, ethBuy({ price: '3000', clientOid: 'mk-2' }))
    ctx.sandbox.admin.fill(placed.body.data.orderId, '0.25')
    const pushed = await client.next()
    expect(pushed).toMatchObject({ action: 'update', arg: trade })
    expect(pushed.data[0]).toEqual({
      ts: String(T0),
      price: '3000',
      size: '0.25',
      side: 'buy',
      tradeId: expect.any(String),
    })
    const books = { instType: 'USDT-FUTURES', channel: 'books15', instId: 'BTCUSDT' }
    subscribe(client, books)
    const [, depth] = await client.take(2)
    expect(depth.data[0].asks).toHaveLength(15)
    expect(depth.data[0]).not.toHaveProperty('pseq')
    client.close()
  })

  test('the unified names (topic, symbol) and unknown channels answer 30001 on the classic path', async () => {
    const client = await v2()
    for (const arg of [
      { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' },
      { instType: 'USDT-FUTURES', channel: 'books50', instId: 'BTCUSDT' },
      { instType: 'USDT-FUTURES', channel: 'candle2m', instId: 'BTCUSDT' },
    ]) {
      subscribe(client, arg)
      expect(await client.next()).toMatchObject({ event: 'error', code: 30001 })
    }
    client.close()
  })

  test('a futures ticker push has every field of the documented one (nextFundingTime, symbolType as a number, deliveryPrice beyond the REST ticker); a spot one has none of those three', async () => {
    const client = await v2()
    const futures = { instType: 'USDT-FUTURES', channel: 'ticker', instId: 'BTCUSDT' }
    subscribe(client, futures)
    const [, snapshot] = await client.take(2)
    const example = fixture('ws.classic.ticker.json') as unknown as { data: unknown }
    expect(shapeIssues(example.data, snapshot.data)).toEqual([])
    // Funding every 8 hours: T0 is 14:00 UTC, the next funding 16:00.
    expect(snapshot.data[0]).toMatchObject({
      nextFundingTime: String(Date.UTC(2026, 6, 1, 16)),
      symbolType: 1,
      deliveryPrice: '0',
    })
    ctx.sandbox.admin.setPrice('BTCUSDT', '65100.0')
    const update = await client.next()
    expect(update.action).toBe('update')
    expect(shapeIssues(example.data, update.data)).toEqual([])
    const spot = { instType: 'SPOT', channel: 'ticker', instId: 'ETHUSDT' }
    subscribe(client, spot)
    const [, spotSnapshot] = await client.take(2)
    for (const key of ['nextFundingTime', 'symbolType', 'deliveryPrice'])
      expect(spotSnapshot.data[0]).not.toHaveProperty(key)
    client.close()
  })
})

describe('admin.ws.market', () => {
  test('the same seed builds the same book; bad input is refused', async () => {
    const other = await start()
    try {
      other.sandbox.admin.ws.market.step('ETHPERP', 50)
      const fresh = await start()
      fresh.sandbox.admin.ws.market.step('ETHPERP', 50)
      expect(fresh.sandbox.admin.ws.market.book('ETHPERP')).toEqual(
        other.sandbox.admin.ws.market.book('ETHPERP'),
      )
      await fresh.sandbox.close()
    } finally {
      await other.sandbox.close()
    }
    expect(() => ctx.sandbox.admin.ws.market.step('NOPE')).toThrow('unknown symbol "NOPE"')
    expect(() => ctx.sandbox.admin.ws.market.step('BTCUSDT', 0)).toThrow(
      'count must be a whole number',
    )
  })

  test('the admin HTTP routes: /sandbox/ws/market/{step,book,corrupt-checksum}', async () => {
    const route = (path: string, body?: unknown) =>
      fetch(`${ctx.sandbox.url}/sandbox/ws/market/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body !== undefined && {
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
      }).then((r) => r.json())
    const before = ctx.sandbox.admin.ws.market.book('BTCUSD_CM').seq
    expect((await route('step', { symbol: 'BTCUSD_CM', count: 3 })).data).toEqual({
      seq: before + 3,
    })
    expect((await route('book?symbol=BTCUSD_CM')).data).toEqual(
      ctx.sandbox.admin.ws.market.book('BTCUSD_CM'),
    )
    expect((await route('corrupt-checksum', { symbol: 'BTCUSD_CM' })).code).toBe('00000')
    expect((await route('step', { symbol: 'NOPE' })).code).not.toBe('00000')
  })
})

describe('tickers follow the book', () => {
  test('decision: a step that moves the top of the book pushes a ticker update with the new best bid and ask on both paths, as REST answers them; a step that leaves the top pushes none', async () => {
    const own = await start()
    try {
      const { sandbox, api } = own
      const unified = await connect(`${sandbox.wsUrl}/v3/ws/public`)
      const classic = await connect(`${sandbox.wsUrl}/v2/ws/public`)
      unified.send({
        op: 'subscribe',
        args: [{ instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' }],
      })
      classic.send({
        op: 'subscribe',
        args: [{ instType: 'USDT-FUTURES', channel: 'ticker', instId: 'BTCUSDT' }],
      })
      await Promise.all([unified.take(2), classic.take(2)])
      const top = () => {
        const book = sandbox.admin.ws.market.book('BTCUSDT')
        return [book.bids[0], book.asks[0]] as [[string, string], [string, string]]
      }
      // Seed 7: about one step in forty moves the top of this book.
      let moved = 0
      let kept = 0
      for (let i = 0; i < 200; i++) {
        const before = JSON.stringify(top())
        sandbox.admin.ws.market.step('BTCUSDT')
        const [bid, ask] = top()
        unified.send('ping')
        classic.send('ping')
        if (JSON.stringify([bid, ask]) === before) {
          kept++
          // Nothing before the pong: the top stayed, no ticker.
          expect(await unified.next()).toBe('pong')
          expect(await classic.next()).toBe('pong')
          continue
        }
        moved++
        const [pushed, pong] = await unified.take(2)
        expect(pong).toBe('pong')
        expect(pushed).toMatchObject({ action: 'update', arg: { topic: 'ticker' } })
        expect(pushed.data[0]).toMatchObject({
          lastPrice: '65000.0',
          bid1Price: bid[0],
          bid1Size: bid[1],
          ask1Price: ask[0],
          ask1Size: ask[1],
        })
        const [classicPush, classicPong] = await classic.take(2)
        expect(classicPong).toBe('pong')
        expect(classicPush.data[0]).toMatchObject({
          bidPr: bid[0],
          bidSz: bid[1],
          askPr: ask[0],
          askSz: ask[1],
        })
        const rest = (
          await api.get('/api/v3/market/tickers', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
        ).body.data[0]
        expect(pushed.data[0]).toMatchObject({
          bid1Price: rest.bid1Price,
          bid1Size: rest.bid1Size,
          ask1Price: rest.ask1Price,
          ask1Size: rest.ask1Size,
        })
      }
      expect(moved).toBeGreaterThan(0)
      expect(kept).toBeGreaterThan(0)
      unified.close()
      classic.close()
    } finally {
      await own.sandbox.close()
    }
  })
})
