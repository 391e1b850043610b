import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, order, pair } from '../test/classic.js'
import { start } from '../test/unified.js'
import { connect } from '../test/ws.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const minute = 60_000
const get = async (endpoint: { path: string }, query: Record<string, string> = {}) => {
  const { body } = await ctx.api.get(endpoint.path, { ...pair, ...query })
  expect(body.code, JSON.stringify(body)).toBe('00000')
  return body.data
}
/** Moves the sandbox clock to the start of a minute nobody traded in yet; answers that minute. */
const freshMinute = () => {
  const now = ctx.sandbox.admin.advanceClock(10 * minute)
  return now - (now % minute)
}
/** A classic buy of `size` BTCUSDT filled at `price`; answers the fill's trade id. */
const fillAt = async (price: string, size = '1') => {
  const a = classicAccount(ctx)
  const placed = await a.api.post('/api/v2/mix/order/place-order', order({ price, size }))
  expect(placed.body.code).toBe('00000')
  ctx.sandbox.admin.fill(placed.body.data.orderId)
  const [trade] = await get(ClassicFutures.getRecentTrades, { limit: '1' })
  return trade.tradeId as string
}

describe('candles from the sandbox’s own prints (admin prices and fills)', () => {
  test('a fill at a price appears in the candle of its minute: open the price before, high/low/close of the prints, volume and turnover of the fill', async () => {
    const m = freshMinute()
    ctx.sandbox.admin.setPrice('BTCUSDT', '65100.0')
    await fillAt('64000', '2')
    ctx.sandbox.admin.setPrice('BTCUSDT', '65050.0')
    const candles = await get(ClassicFutures.getCandles, {
      granularity: '1m',
      startTime: String(m - minute),
    })
    expect(candles).toEqual([
      [String(m - minute), '65000.0', '65000.0', '65000.0', '65000.0', '0', '0'],
      [String(m), '65000.0', '65100.0', '64000', '65050.0', '2', '128000'],
    ])
    // A minute later the next candle opens at the close, flat, with no volume.
    ctx.sandbox.admin.advanceClock(minute)
    const [, , next] = await get(ClassicFutures.getCandles, {
      granularity: '1m',
      startTime: String(m - minute),
    })
    expect(next).toEqual([String(m + minute), '65050.0', '65050.0', '65050.0', '65050.0', '0', '0'])
  })

  test('the 5m candle holds the minutes inside it; limit keeps the newest; endTime cuts the window', async () => {
    const m = freshMinute()
    await fillAt('64500', '1')
    ctx.sandbox.admin.advanceClock(minute)
    await fillAt('64600', '3')
    const five = await get(ClassicFutures.getCandles, { granularity: '5m', limit: '1' })
    expect(five).toHaveLength(1)
    const [start, , , low, close, volume, turnover] = five[0]
    expect(Number(start)).toBe(m - (m % (5 * minute)))
    expect([low, close, volume]).toEqual(['64500', '64600', '4'])
    expect(turnover).toBe(new Big('64500').plus(new Big('64600').times(3)).toFixed())
    const cut = await get(ClassicFutures.getCandles, {
      granularity: '1m',
      startTime: String(m),
      endTime: String(m),
    })
    expect(cut.map((c: string[]) => c[5])).toEqual(['1'])
  })

  test('an admin price moves the mark: MARK candles follow admin prices and leave fills out; symbol-price answers it as last, index and mark', async () => {
    const m = freshMinute()
    await fillAt('64000')
    ctx.sandbox.admin.setPrice('BTCUSDT', '65200.0')
    const [mark] = await get(ClassicFutures.getCandles, {
      granularity: '1m',
      kLineType: 'MARK',
      startTime: String(m),
    })
    expect(mark).toEqual([String(m), '65000.0', '65200.0', '65000.0', '65200.0', '0', '0'])
    expect(await get(ClassicFutures.getSymbolPrice)).toEqual([
      {
        symbol: 'BTCUSDT',
        price: '65200.0',
        indexPrice: '65200.0',
        markPrice: '65200.0',
        ts: String(ctx.sandbox.admin.now()),
      },
    ])
  })

  test('history candles are the finished ones: the open candle is left out until its interval ends', async () => {
    const m = freshMinute()
    await fillAt('64100')
    const open = await get(ClassicFutures.getHistoryCandles, { granularity: '1m', limit: '1' })
    expect(open[0][0]).toBe(String(m - minute))
    ctx.sandbox.admin.advanceClock(minute)
    const finished = await get(ClassicFutures.getHistoryCandles, { granularity: '1m', limit: '1' })
    expect(finished[0].slice(0, 1).concat(finished[0].slice(3, 6))).toEqual([
      String(m),
      '64100',
      '64100',
      '1',
    ])
  })
})

describe('public trades from the sandbox’s fills', () => {
  test('recent trades: the newest first, with the fill’s id, price, size, side, time and symbol', async () => {
    freshMinute()
    const first = await fillAt('64200', '1')
    const second = await fillAt('64300', '2')
    const trades = await get(ClassicFutures.getRecentTrades, { limit: '2' })
    expect(trades).toEqual([
      {
        tradeId: second,
        price: '64300',
        size: '2',
        side: 'buy',
        ts: String(ctx.sandbox.admin.now()),
        symbol: 'BTCUSDT',
      },
      expect.objectContaining({ tradeId: first, price: '64200' }),
    ])
  })

  test('history trades: idLessThan pages to older trades; a window of a week ends at endTime', async () => {
    const before = freshMinute()
    const first = await fillAt('64200')
    ctx.sandbox.admin.advanceClock(minute)
    const second = await fillAt('64300')
    const [newest] = await get(ClassicFutures.getHistoryTrades, { limit: '1' })
    expect(newest.tradeId).toBe(second)
    const [older] = await get(ClassicFutures.getHistoryTrades, { limit: '1', idLessThan: second })
    expect(older.tradeId).toBe(first)
    const window = await get(ClassicFutures.getHistoryTrades, {
      startTime: String(before),
      endTime: String(before + 30_000),
    })
    expect(window.map((t: { tradeId: string }) => t.tradeId)).toEqual([first])
  })
})

describe('merged depth: the book the WebSocket book channels push', () => {
  test('scale0 with limit max is the whole book, level for level, as JSON numbers; it follows a step', async () => {
    const depth = await get(ClassicFutures.getMergeDepth, { limit: 'max' })
    const book = ctx.sandbox.admin.ws.market.book('BTCUSDT')
    const numbers = (levels: readonly (readonly [string, string])[]) =>
      levels.map(([p, s]) => [Number(p), Number(s)])
    expect(depth).toMatchObject({ precision: 'scale0', scale: '0.1', isMaxPrecision: 'NO' })
    expect(depth.bids).toEqual(numbers(book.bids))
    expect(depth.asks).toEqual(numbers(book.asks))
    ctx.sandbox.admin.ws.market.step('BTCUSDT', 3)
    const after = await get(ClassicFutures.getMergeDepth, { limit: 'max' })
    expect(after.bids).toEqual(numbers(ctx.sandbox.admin.ws.market.book('BTCUSDT').bids))
  })

  test('the REST depth and a WebSocket books15 snapshot taken together agree', async () => {
    const client = await connect(`${ctx.sandbox.wsUrl}/v2/ws/public`)
    const arg = { instType: 'USDT-FUTURES', channel: 'books15', instId: 'BTCUSDT' }
    client.send({ op: 'subscribe', args: [arg] })
    const [, snapshot] = await client.take(2)
    const depth = await get(ClassicFutures.getMergeDepth, { limit: '15' })
    const numbers = (levels: [string, string][]) => levels.map(([p, s]) => [Number(p), Number(s)])
    expect(depth.bids).toEqual(numbers(snapshot.data[0].bids))
    expect(depth.asks).toEqual(numbers(snapshot.data[0].asks))
    client.close()
  })

  test('scale1 merges levels to ten ticks (bids down, asks up), summing their sizes; scale3 is the maximum', async () => {
    const whole = await get(ClassicFutures.getMergeDepth, { limit: 'max' })
    const merged = await get(ClassicFutures.getMergeDepth, { limit: 'max', precision: 'scale1' })
    expect(merged.scale).toBe('1')
    const sum = (levels: number[][]) =>
      levels.reduce((total, [, size]) => total.plus(String(size)), new Big(0)).toFixed()
    expect(sum(merged.bids)).toBe(sum(whole.bids))
    for (const [price] of [...merged.bids, ...merged.asks])
      expect(Number.isInteger(price)).toBe(true)
    expect(merged.bids[0][0]).toBe(Math.floor(whole.bids[0][0]))
    expect(merged.asks[0][0]).toBe(Math.ceil(whole.asks[0][0]))
    const coarsest = await get(ClassicFutures.getMergeDepth, { precision: 'scale3', limit: '1' })
    expect(coarsest).toMatchObject({ scale: '100', isMaxPrecision: 'YES' })
    expect(coarsest.bids).toHaveLength(1)
  })
})

describe('tickers, open interest, unknown symbols', () => {
  test('tickers: every priced symbol of the product type', async () => {
    const { body } = await ctx.api.get(ClassicFutures.getTickers.path, {
      productType: 'USDT-FUTURES',
    })
    expect(body.data.map((t: { symbol: string }) => t.symbol)).toContain('BTCUSDT')
    expect(body.data.find((t: { symbol: string }) => t.symbol === 'BTCUSDT')).toMatchObject({
      lastPr: '65000.0',
      markPrice: '65000.0',
    })
  })

  test('open interest is the size of the open positions of the symbol', async () => {
    const [before] = (await get(ClassicFutures.getOpenInterest)).openInterestList
    classicAccount(ctx).hold('net', '3')
    const data = await get(ClassicFutures.getOpenInterest)
    expect(data.openInterestList).toEqual([
      { symbol: 'BTCUSDT', size: new Big(before.size).plus(3).toFixed() },
    ])
    expect(data.ts).toBe(String(ctx.sandbox.admin.now()))
  })

  test('a symbol the product type does not list answers 40034; a granularity the page does not list is refused before any route', async () => {
    const unknown = await ctx.api.get(ClassicFutures.getCandles.path, {
      symbol: 'DOGEUSDT',
      productType: 'USDT-FUTURES',
      granularity: '1m',
    })
    expect(unknown.body.code).toBe('40034')
    const wrongLine = await ctx.api.get(ClassicFutures.getSymbolPrice.path, {
      symbol: 'BTCUSDT',
      productType: 'COIN-FUTURES',
    })
    expect(wrongLine.body.code).toBe('40034')
    const bad = await ctx.api.get(ClassicFutures.getCandles.path, { ...pair, granularity: '2m' })
    expect(bad.body.code).not.toBe('00000')
    expect(bad.body.msg).toContain('granularity')
  })
})

describe('history mark and index candles, next funding time', () => {
  test.each([ClassicFutures.getHistoryMarkCandles, ClassicFutures.getHistoryIndexCandles])(
    '%#: finished candles of the admin prices, fills left out',
    async (endpoint) => {
      const m = freshMinute()
      await fillAt('64000')
      ctx.sandbox.admin.setPrice('BTCUSDT', '65300.0')
      ctx.sandbox.admin.advanceClock(minute)
      const [candle] = await get(endpoint, { granularity: '1m', startTime: String(m) })
      expect(candle).toEqual([String(m), '65000.0', '65300.0', '65000.0', '65300.0', '0', '0'])
    },
  )

  test('funding time: the next 8-hour settlement on the sandbox clock, period "8"', async () => {
    const now = ctx.sandbox.admin.now()
    const eight = 8 * 3_600_000
    expect(await get(ClassicFutures.getFundingTime)).toEqual([
      {
        symbol: 'BTCUSDT',
        nextFundingTime: String((Math.floor(now / eight) + 1) * eight),
        ratePeriod: '8',
      },
    ])
  })
})
