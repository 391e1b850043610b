import { ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { futuresBuy, setup } from '../test/sandbox.js'
import { getCandles } from './getCandles.js'
import { getOrderBook } from './getOrderBook.js'

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

const btc = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const
const minute = 60_000

describe('market data reads against the sandbox', () => {
  test('a fill shows in the public fills and in the candle of its minute; MARK candles follow the admin price', async () => {
    const client = made.client({ instruments: false })
    const start = made.sandbox.admin.advanceClock(10 * minute)
    const ack = await client.orders.place(futuresBuy)
    made.sandbox.admin.fill(ack.orderId as string)
    made.sandbox.admin.setPrice('BTCUSDT', '65010.0')
    const [fill] = await client.market.getPublicFills({ ...btc, limit: 1 })
    expect(fill).toMatchObject({ price: '60000', size: '0.01', side: 'buy', isRPI: 'no' })
    expect(await getCandles(client, { ...btc, interval: '1m', startTime: start })).toEqual([
      [String(start), '65000.0', '65010.0', '60000', '65010.0', '0.01', '600'],
    ])
    const [mark] = await client.market.getCandles({
      ...btc,
      interval: '1m',
      type: 'mark',
      startTime: start,
    })
    expect(mark?.slice(1, 5)).toEqual(['65000.0', '65010.0', '65000.0', '65010.0'])
    made.sandbox.admin.advanceClock(minute)
    const history = await client.market.getHistoryCandles({ ...btc, interval: '1m', limit: 1 })
    expect(history.map((row) => row[0])).toEqual([String(start)])
  })

  test('order book: the sandbox book’s top levels, JSON numbers read as decimal strings', async () => {
    const client = made.client({ instruments: false })
    const book = await getOrderBook(client, { ...btc, limit: 3 })
    const held = made.sandbox.admin.ws.market.book('BTCUSDT')
    const same = (levels: readonly (readonly [string, string])[]) =>
      levels.slice(0, 3).map(([p, s]) => [String(Number(p)), String(Number(s))])
    expect(book.a).toEqual(same(held.asks))
    expect(book.b).toEqual(same(held.bids))
  })

  test('open interest and risk reserve', async () => {
    const client = made.client({ instruments: false })
    const { list } = await client.market.getOpenInterest(btc)
    expect(list).toEqual([{ symbol: 'BTCUSDT', openInterest: '0.01' }])
    const reserve = await client.market.getRiskReserve(btc)
    expect(reserve).toMatchObject({ totalBalance: null, coin: 'USDT' })
    expect(reserve.riskReserveRecords[0]).toMatchObject({ amount: '0', balance: '1000000' })
  })

  test('bad input is a ValidationError naming the field and the rule; nothing is sent', async () => {
    const client = made.client({ instruments: false })
    const error = await client.market
      .getCandles({ ...btc, interval: '1W' as never, limit: 1001 })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['value', ['interval']],
      ['range', ['limit']],
    ])
    const book = await client.market.getOrderBook({ ...btc, limit: 201 }).catch((e: unknown) => e)
    expect((book as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['range', ['limit']],
    ])
    expect(client.sent).toEqual([])
  })

  test("position tiers: one tier without an upper bound, at the symbol's maximum leverage (what set-leverage allows)", async () => {
    const client = made.client({ instruments: false })
    expect(
      await client.market.getPositionTier({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' }),
    ).toEqual([{ tier: '1', minTierValue: '0', maxTierValue: null, leverage: '125', mmr: '0' }])
  })
})
