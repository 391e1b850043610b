import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { defaultMaxLeverage } from '../exchange/accountSettings.js'
import { defaultInstruments } from '../state.js'
import { btc, paths, start } from '../test/unified.js'
import { connect } from '../test/ws.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const minute = 60_000
const query = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const
const get = async (endpoint: { path: string }, extra: Record<string, string> = {}) => {
  const { body } = await ctx.api.get(endpoint.path, { ...query, ...extra })
  expect(body.code, JSON.stringify(body)).toBe('00000')
  return body.data
}
const freshMinute = () => {
  const now = ctx.sandbox.admin.advanceClock(10 * minute)
  return now - (now % minute)
}
/** A unified BTCUSDT buy of `qty` filled at `price`. */
const fillAt = async (price: string, qty: string) => {
  const placed = await ctx.api.post(paths.place, btc({ price, qty }))
  expect(placed.body.code).toBe('00000')
  ctx.sandbox.admin.fill(placed.body.data.orderId)
}

describe('candles', () => {
  test('a fill in a minute: the candle of that minute has its price and volume; MARK candles only the admin prices; PREMIUM is flat at 0', async () => {
    const m = freshMinute()
    await fillAt('64000.0', '0.5')
    ctx.sandbox.admin.setPrice('BTCUSDT', '65100.0')
    const [market] = await get(Unified.getCandles, { interval: '1m', startTime: String(m) })
    expect(market).toEqual([String(m), '65000.0', '65100.0', '64000', '65100.0', '0.5', '32000'])
    const [mark] = await get(Unified.getCandles, {
      interval: '1m',
      startTime: String(m),
      type: 'MARK',
    })
    expect(mark).toEqual([String(m), '65000.0', '65100.0', '65000.0', '65100.0', '0', '0'])
    const [premium] = await get(Unified.getCandles, {
      interval: '1m',
      startTime: String(m),
      type: 'PREMIUM',
    })
    expect(premium).toEqual([String(m), '0', '0', '0', '0', '0', '0'])
  })

  test('the REST candle and the kline channel’s candle are one candle', async () => {
    freshMinute()
    await fillAt('64900.0', '0.1')
    const client = await connect(`${ctx.sandbox.wsUrl}/v3/ws/public`)
    const arg = { instType: 'usdt-futures', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' }
    client.send({ op: 'subscribe', args: [arg] })
    const [, snapshot] = await client.take(2)
    const { start: s, open, high, low, close, volume, turnover } = snapshot.data[0]
    const [rest] = await get(Unified.getCandles, { interval: '1m', limit: '1' })
    expect(rest).toEqual([s, open, high, low, close, volume, turnover])
    client.close()
  })

  test('history candles leave the open candle out', async () => {
    const m = freshMinute()
    const rows = await get(Unified.getHistoryCandles, { interval: '1m', limit: '100' })
    expect(rows.at(-1)[0]).toBe(String(m - minute))
  })
})

describe('order book, public fills, open interest, risk reserve', () => {
  test('the order book is the book of the books5 channel: 5 levels a side by default, JSON numbers', async () => {
    const client = await connect(`${ctx.sandbox.wsUrl}/v3/ws/public`)
    const arg = { instType: 'usdt-futures', topic: 'books5', symbol: 'BTCUSDT' }
    client.send({ op: 'subscribe', args: [arg] })
    const [, snapshot] = await client.take(2)
    const book = await get(Unified.getOrderBook)
    const numbers = (levels: [string, string][]) => levels.map(([p, s]) => [Number(p), Number(s)])
    expect(book.a).toEqual(numbers(snapshot.data[0].a))
    expect(book.b).toEqual(numbers(snapshot.data[0].b))
    expect((await get(Unified.getOrderBook, { limit: '200' })).b.length).toBe(
      ctx.sandbox.admin.ws.market.book('BTCUSDT').bids.length,
    )
    client.close()
  })

  test('public fills: the newest fill first, execId, price, size, side, time, isRPI no', async () => {
    freshMinute()
    await fillAt('64800.0', '0.2')
    const [fill] = await get(Unified.getPublicFills, { limit: '1' })
    expect(fill).toMatchObject({
      price: '64800',
      size: '0.2',
      side: 'buy',
      ts: String(ctx.sandbox.admin.now()),
      isRPI: 'no',
    })
    expect(fill.execLinkId).toBe(fill.execId)
  })

  test('open interest: the open positions of the symbol; without a symbol every symbol of the category', async () => {
    const before = (await get(Unified.getOpenInterest)).list[0].openInterest
    await fillAt('64000.0', '0.3')
    const after = await get(Unified.getOpenInterest)
    expect(Number(after.list[0].openInterest) - Number(before)).toBeCloseTo(0.3)
    const { body } = await ctx.api.get(Unified.getOpenInterest.path, { category: 'USDT-FUTURES' })
    expect(body.data.list.map((i: { symbol: string }) => i.symbol)).toContain('BTCUSDT')
  })

  test('risk reserve: the settlement coin and a daily record on the sandbox clock', async () => {
    const data = await get(Unified.getRiskReserve)
    expect(data.coin).toBe('USDT')
    const day = 86_400_000
    const now = ctx.sandbox.admin.now()
    expect(data.riskReserveRecords[0]).toEqual({
      type: '',
      amount: '0',
      balance: '1000000',
      ts: String(now - (now % day)),
    })
  })

  test('a symbol the category does not list answers 40034', async () => {
    const { body } = await ctx.api.get(Unified.getOrderBook.path, {
      category: 'SPOT',
      symbol: 'BTCUSDT',
    })
    expect(body.code).toBe('40034')
  })
})

describe('position tiers', () => {
  test("one tier: a futures symbol's at its maxLeverage (what set-leverage allows), a margin coin's or symbol's at 1; an unknown one answers 40034", async () => {
    const tier = { tier: '1', minTierValue: '0', maxTierValue: '', leverage: '1', mmr: '0' }
    const listed = defaultInstruments.find((i) => i.symbol === 'BTCUSDT')
    const max = listed?.maxLeverage ?? defaultMaxLeverage
    expect(await get(Unified.getPositionTier)).toEqual([{ ...tier, leverage: max }])
    const above = String(Number(max) + 1)
    const refused = await ctx.api.post(Unified.setLeverage.path, { ...query, leverage: above })
    expect(refused.body.code).toBe('25223')
    const allowed = await ctx.api.post(Unified.setLeverage.path, { ...query, leverage: max })
    expect(allowed.body.code).toBe('00000')
    const margin = await ctx.api.get(Unified.getPositionTier.path, {
      category: 'MARGIN',
      coin: 'ETH',
    })
    expect(margin.body.data).toEqual([tier])
    // A MARGIN symbol as its coin, and as its instrument record's maxLeverage: 1 (was 125, the
    // futures default, read by ccxt's fetchMarketLeverageTiers as maxLeverage).
    const bySymbol = await ctx.api.get(Unified.getPositionTier.path, {
      category: 'MARGIN',
      symbol: 'ETHUSDT',
    })
    expect(bySymbol.body.data).toEqual([tier])
    const unknown = await ctx.api.get(Unified.getPositionTier.path, {
      category: 'MARGIN',
      coin: 'DOGE',
    })
    expect(unknown.body.code).toBe('40034')
  })
})
