import { ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'
import { getCandles } from './getCandles.js'
import { getDepth } from './getDepth.js'
import { getPrices } from './getPrices.js'

/** The sandbox clock: a fixed minute, moved only by the admin. */
const T0 = Date.UTC(2026, 6, 1, 14, 0)
let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ clock: { now: () => T0 } })
  made.sandbox.admin.setPrice('BTCUSDT', '65000.0')
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const minute = 60_000

describe('market data reads against the sandbox', () => {
  test('a fill shows in the recent trades and in the candle of its minute; the history candle comes once the minute ends', async () => {
    const client = made.client({ instruments: false })
    const start = made.sandbox.admin.advanceClock(10 * minute)
    const ack = await client.orders.place(restingBuy)
    made.sandbox.admin.fill(ack.orderId as string)
    const [trade] = await client.market.getTrades({ ...pair, limit: 1 })
    expect(trade).toMatchObject({ price: '30000', size: '0.01', side: 'buy', symbol: 'BTCUSDT' })
    const candles = await getCandles(client, { ...pair, granularity: '1m', startTime: start })
    expect(candles).toEqual([
      [String(start), '65000.0', '65000.0', '30000', '30000', '0.01', '300'],
    ])
    made.sandbox.admin.advanceClock(minute)
    const [finished] = await client.market.getHistoryCandles({
      ...pair,
      granularity: '1m',
      limit: 1,
    })
    expect(finished?.[0]).toBe(String(start))
    const [older] = await client.market.getHistoryTrades({ ...pair, idLessThan: trade?.tradeId })
    expect(older?.tradeId).not.toBe(trade?.tradeId)
    expect(client.sent.filter((id) => id.includes('Candles') || id.includes('Trades'))).toEqual([
      'classic.getRecentTrades',
      'classic.getCandles',
      'classic.getHistoryCandles',
      'classic.getHistoryTrades',
    ])
  })

  test('an admin price moves the mark: prices, ticker and tickers read it', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.setPrice('BTCUSDT', '65500.5')
    expect(await getPrices(client, pair)).toEqual([
      expect.objectContaining({ price: '65500.5', indexPrice: '65500.5', markPrice: '65500.5' }),
    ])
    const [ticker] = await client.market.getTicker(pair)
    expect(ticker).toMatchObject({ lastPr: '65500.5', markPrice: '65500.5', deliveryTime: null })
    const tickers = await client.market.getTickers({ productType: 'usdt-futures' })
    expect(tickers.find((t) => t.symbol === 'BTCUSDT')?.markPrice).toBe('65500.5')
  })

  test('depth: the sandbox book, JSON numbers read as decimal strings, the same levels as the admin book', async () => {
    const client = made.client({ instruments: false })
    const depth = await getDepth(client, { ...pair, limit: '5' })
    const book = made.sandbox.admin.ws.market.book('BTCUSDT')
    const same = (levels: readonly (readonly [string, string])[]) =>
      levels.slice(0, 5).map(([p, s]) => [String(Number(p)), String(Number(s))])
    expect(depth.bids).toEqual(same(book.bids))
    expect(depth.asks).toEqual(same(book.asks))
    expect(depth).toMatchObject({ precision: 'scale0', scale: '0.1', isMaxPrecision: 'NO' })
  })

  test('open interest: the open positions of the symbol', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.setPosition({
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '2',
      entryPrice: '65000',
      marginMode: 'crossed',
    })
    const after = await client.market.getOpenInterest(pair)
    expect(after.openInterestList).toEqual([{ symbol: 'BTCUSDT', size: '2' }])
  })

  test('bad input is a ValidationError naming the field and the rule; nothing is sent', async () => {
    const client = made.client({ instruments: false })
    const error = await client.market
      .getCandles({ ...pair, granularity: '2m' as never, limit: 1001 })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['value', ['granularity']],
      ['range', ['limit']],
    ])
    const depth = await client.market
      .getDepth({ ...pair, limit: '100' as never })
      .catch((e: unknown) => e)
    expect((depth as ValidationError).issues.map((i) => i.path)).toEqual([['limit']])
    expect(client.sent).toEqual([])
  })

  test('history mark candles follow the admin prices only; the next funding time is on the 8-hour grid', async () => {
    const client = made.client({ instruments: false })
    const start = made.sandbox.admin.advanceClock(10 * minute)
    made.sandbox.admin.setPrice('BTCUSDT', '65600.0')
    made.sandbox.admin.advanceClock(minute)
    const [mark] = await client.market.getHistoryMarkCandles({
      ...pair,
      granularity: '1m',
      startTime: start,
    })
    expect(mark?.slice(2, 5)).toEqual(['65600.0', mark?.[1], '65600.0'])
    const [index] = await client.market.getHistoryIndexCandles({
      ...pair,
      granularity: '1m',
      startTime: start,
    })
    expect(index).toEqual(mark)
    const [next] = await client.market.getFundingTime(pair)
    expect(Number(next?.nextFundingTime) % (8 * 3_600_000)).toBe(0)
    expect(next?.ratePeriod).toBe('8')
  })
})
