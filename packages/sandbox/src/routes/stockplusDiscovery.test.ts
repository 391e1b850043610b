/**
 * The securities market data and option discovery routes over HTTP: option expiries and chains
 * generated from the sandbox clock, option volume, quotes with extended-session sub-quotes,
 * candles from the seed and clock, and options expiring at 16:00 New York of their expiry date.
 */
import { Securities } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start, T0 } from '../test/unified.js'

const paths = {
  expiries: Securities.getOptionExpiryDates.path,
  chain: Securities.getOptionChain.path,
  volume: Securities.getOptionVolume.path,
  quote: Securities.getQuote.path,
  candles: Securities.getCandlestick.path,
  history: Securities.getHistoryCandlestick.path,
  optionQuote: Securities.getOptionQuote.path,
  place: Securities.placeOrder.path,
  transfer: Securities.transfer.path,
} as const

type Started = Awaited<ReturnType<typeof start>>
let ctx: Started
let accounts = 0

beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

function account(into: Started = ctx) {
  const uid = String(6_610_000_000 + ++accounts)
  const credentials = into.sandbox.admin.addKey({
    uid,
    permissions: ['trade_rw', 'optionQuote'],
  })
  return into.as(credentials)
}

/** Moves the sandbox clock through its admin HTTP API. */
async function advance(into: Started, ms: number): Promise<number> {
  const response = await fetch(`${into.sandbox.url}/sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  })
  return ((await response.json()) as { data: { now: number } }).data.now
}

describe('option discovery from the sandbox clock', () => {
  it('expiry dates at 2026-07-01 10:00 New York: the next four Fridays and the monthly third Fridays', async () => {
    const { body } = await account().get(paths.expiries, { symbol: 'AAPL.US' })
    expect(body.code).toBe('00000')
    expect(body.data.expiryDate).toEqual([
      '20260703',
      '20260710',
      '20260717',
      '20260724',
      '20260821',
      '20260918',
      '20261016',
    ])
  })

  it('a chain lists eleven strikes 5 apart around the underlying price, call and put each live', async () => {
    const api = account()
    const { body } = await api.get(paths.chain, { symbol: 'AAPL.US', expiryDate: '20260717' })
    const rows = body.data.strikePriceInfo
    expect(rows).toHaveLength(11)
    expect(Object.keys(rows[0]).sort()).toEqual(['callSymbol', 'price', 'putSymbol', 'standard'])
    const strikes = rows.map((row: { price: string }) => Number(row.price))
    expect(strikes[1] - strikes[0]).toBe(5)
    const price = Number(
      (await api.get(Securities.getDepth.path, { symbol: 'AAPL.US' })).body.data.bids[0].price,
    )
    expect(Math.abs(strikes[5] - price)).toBeLessThanOrEqual(3)
    expect(rows[5].callSymbol).toBe(`AAPL260717C00${String(strikes[5] * 1000).padStart(6, '0')}.US`)
    const quotes = await api.get(paths.optionQuote, {
      symbol: `${rows[5].callSymbol},${rows[5].putSymbol}`,
    })
    expect(quotes.body.data.secuQuote.map((q: { tradeStatus: string }) => q.tradeStatus)).toEqual([
      '0',
      '0',
    ])
  })

  it('a date not listed (past or never) has an empty chain; an option symbol is no underlying', async () => {
    const api = account()
    const past = await api.get(paths.chain, { symbol: 'AAPL.US', expiryDate: '20260626' })
    expect(past.body.data.strikePriceInfo).toEqual([])
    const thursday = await api.get(paths.chain, { symbol: 'AAPL.US', expiryDate: '20260716' })
    expect(thursday.body.data.strikePriceInfo).toEqual([])
    const option = await api.get(paths.expiries, { symbol: 'AAPL260918C00230000.US' })
    expect(option.body.code).toBe('40034')
  })

  it('option volume: c and p as digit strings, the same for the same day', async () => {
    const api = account()
    const { body } = await api.get(paths.volume, { symbol: 'TSLA.US' })
    expect(body.data.c).toMatch(/^\d+$/)
    expect(body.data.p).toMatch(/^\d+$/)
    expect((await api.get(paths.volume, { symbol: 'TSLA.US' })).body.data).toEqual(body.data)
  })
})

describe('options expire at 16:00 New York of their expiry date', () => {
  it('a contract of the nearest Friday is live before the close, quoted 8 and refused after it, and drops off the list', async () => {
    const own = await start()
    try {
      const api = account(own)
      const [nearest] = (await api.get(paths.expiries, { symbol: 'AAPL.US' })).body.data.expiryDate
      expect(nearest).toBe('20260703')
      const chain = await api.get(paths.chain, { symbol: 'AAPL.US', expiryDate: nearest })
      const call: string = chain.body.data.strikePriceInfo[5].callSymbol
      // To 2026-07-03 15:59 New York (19:59 UTC): still live.
      await advance(own, Date.UTC(2026, 6, 3, 19, 59) - T0)
      const status = async () => ({
        option: (await api.get(paths.optionQuote, { symbol: call })).body.data.secuQuote[0]
          .tradeStatus,
        quote: (await api.get(paths.quote, { symbol: call })).body.data.list[0].tradeStatus,
      })
      expect(await status()).toEqual({ option: '0', quote: '0' })
      // 16:00 New York: expired.
      await advance(own, 60_000)
      expect(await status()).toEqual({ option: '8', quote: '8' })
      const placed = await api.post(paths.place, {
        symbol: call,
        orderType: 'MO',
        side: 'Buy',
        submittedQuantity: '1',
        timeInForce: 'Day',
        outsideRth: 'RTHOnly',
      })
      expect(placed.body.code).toBe('40017')
      expect(placed.body.msg).toContain('expired')
      expect((await api.get(paths.expiries, { symbol: 'AAPL.US' })).body.data.expiryDate[0]).toBe(
        '20260710',
      )
    } finally {
      await own.sandbox.close()
    }
  })
})

describe('quotes', () => {
  it('a stock at 10:00 New York carries its pre-market sub-quote, no after-hours or overnight one', async () => {
    const { body } = await account().get(paths.quote, { symbol: 'AAPL.US,TSLA.US,ZZZZ.US' })
    expect(body.data.list.map((q: { symbol: string }) => q.symbol)).toEqual(['AAPL.US', 'TSLA.US'])
    const [aapl] = body.data.list
    expect(aapl.tradeStatus).toBe('0')
    expect(Object.keys(aapl.preMarketQuote).sort()).toEqual([
      'high',
      'lastDone',
      'low',
      'prevClose',
      'timestamp',
      'turnover',
      'volume',
    ])
    expect(aapl.postMarketQuote).toBeNull()
    expect(aapl.overnightQuote).toBeNull()
    expect(aapl.timestamp).toBe(String(T0))
  })

  it('at 21:00 New York a stock has after-hours and overnight sub-quotes', async () => {
    const own = await start()
    try {
      await advance(own, 11 * 3_600_000)
      const { body } = await account(own).get(paths.quote, { symbol: 'NVDA.US' })
      const [quote] = body.data.list
      expect(quote.postMarketQuote).not.toBeNull()
      expect(quote.overnightQuote).not.toBeNull()
    } finally {
      await own.sandbox.close()
    }
  })
})

describe('candles from the sandbox seed and clock', () => {
  it('5m regular-session candles end with the one holding now, oldest first, OHLC consistent', async () => {
    const { body } = await account().get(paths.candles, {
      symbol: 'AAPL.US',
      period: '5m',
      count: '20',
      tradeSessions: '0',
    })
    const list = body.data.list
    expect(list).toHaveLength(20)
    expect(list.at(-1).timestamp).toBe(new Date(T0).toISOString())
    // 10:00 back to 09:30 is 7 candles; the 13 before are yesterday's last (15:55 back).
    expect(list[13].timestamp).toBe('2026-07-01T13:30:00.000Z')
    expect(list[12].timestamp).toBe('2026-06-30T19:55:00.000Z')
    for (const c of list) {
      expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)))
      expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)))
      expect(c.tradeSession).toBe('Intraday')
    }
  })

  it('all sessions include the pre-market; day candles skip the weekend', async () => {
    const api = account()
    const all = await api.get(paths.candles, {
      symbol: 'AAPL.US',
      period: '60m',
      count: '3',
      tradeSessions: '100',
    })
    expect(all.body.data.list.map((c: { tradeSession: string }) => c.tradeSession)).toEqual([
      'Pre',
      'Pre',
      'Intraday',
    ])
    const days = await api.get(paths.candles, { symbol: 'AAPL.US', period: 'day', count: '4' })
    expect(days.body.data.list.map((c: { timestamp: string }) => c.timestamp)).toEqual([
      '2026-06-26T04:00:00.000Z',
      '2026-06-29T04:00:00.000Z',
      '2026-06-30T04:00:00.000Z',
      '2026-07-01T04:00:00.000Z',
    ])
  })

  it('history candles: backward to time and forward from it agree with the latest candles; forward stops at now', async () => {
    const api = account()
    const latest = (await api.get(paths.candles, { symbol: 'TSLA.US', period: '1m', count: '30' }))
      .body.data.list
    const time = String(Date.parse(latest[9].timestamp))
    const back = await api.get(paths.history, {
      symbol: 'TSLA.US',
      period: '1m',
      count: '10',
      forward: 'false',
      time,
    })
    expect(back.body.data.list).toEqual(latest.slice(0, 10))
    const ahead = await api.get(paths.history, {
      symbol: 'TSLA.US',
      period: '1m',
      count: '100',
      forward: 'true',
      time,
    })
    expect(ahead.body.data.list).toEqual(latest.slice(9))
  })

  it('the same seed and clock answer the same candles in another sandbox; the clock moves them', async () => {
    const other = await start()
    try {
      const query = { symbol: 'NVDA.US', period: '15m', count: '8' }
      const a = (await account().get(paths.candles, query)).body.data.list
      const b = (await account(other).get(paths.candles, query)).body.data.list
      expect(b).toEqual(a)
      await advance(other, 15 * 60_000)
      const c = (await account(other).get(paths.candles, query)).body.data.list
      expect(c.slice(0, 7)).toEqual(a.slice(1))
      expect(c.at(-1).timestamp).toBe(new Date(T0 + 15 * 60_000).toISOString())
    } finally {
      await other.sandbox.close()
    }
  })

  it('an unknown symbol is refused with 40034; a bad period never reaches the route (strict rules)', async () => {
    const api = account()
    expect((await api.get(paths.candles, { symbol: 'ZZZZ.US', period: 'day' })).body.code).toBe(
      '40034',
    )
    const bad = await api.get(paths.candles, { symbol: 'AAPL.US', period: '2m' })
    expect(bad.body.code).not.toBe('00000')
  })
})
