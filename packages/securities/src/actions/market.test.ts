/**
 * Market data and option discovery against the sandbox over HTTP, and the list and field checks
 * of the symbol-list calls and the execution iterator.
 */
import { ApiError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { marketBuy, setup, T0 } from '../test/sandbox.js'

let ctx: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  ctx = await setup()
})
afterAll(() => ctx.sandbox.close())

async function refusal(run: () => Promise<unknown>): Promise<ValidationError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(ValidationError.isInstance(error)).toBe(true)
  return error as ValidationError
}

describe('option discovery: expiry dates -> chain -> contract', () => {
  test('a live contract is found through the chain and quoted Normal', async () => {
    const client = ctx.client()
    const dates = await client.market.getOptionExpiryDates({ symbol: 'AAPL.US' })
    expect(dates[0]).toBe('2026-07-03')
    expect(dates.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true)
    const chain = await client.market.getOptionChain({
      symbol: 'AAPL.US',
      expiryDate: String(dates[2]),
    })
    expect(chain).toHaveLength(11)
    const middle = chain[5]
    expect(middle?.standard).toBe(true)
    expect(middle?.callSymbol).toMatch(/^AAPL260717C\d{8}\.US$/)
    const [quote] = await client.market.getOptionQuote({ symbol: [String(middle?.callSymbol)] })
    expect(quote?.tradeStatus).toEqual({ code: '0', name: 'Normal' })
    expect(quote?.expiryDate).toBe('2026-07-17')
    expect(quote?.strikePrice).toBe(middle?.price)
    expect(client.sent).toEqual([
      'securities.getOptionExpiryDates',
      'securities.getOptionChain',
      'securities.getOptionQuote',
    ])
  })

  test('option volume: calls and puts as decimal strings', async () => {
    const volume = await ctx.client().market.getOptionVolume({ symbol: 'TSLA.US' })
    expect(volume.c).toMatch(/^\d+$/)
    expect(volume.p).toMatch(/^\d+$/)
  })
})

describe('quotes and candles', () => {
  test('quote: any number of symbols in the order given, sub-quotes null where none is sent', async () => {
    const quotes = await ctx.client().market.getQuote({ symbol: 'TSLA.US, AAPL.US' })
    expect(quotes.map((q) => q.symbol)).toEqual(['TSLA.US', 'AAPL.US'])
    const [tsla] = quotes
    expect(tsla?.timestamp).toBe(T0)
    expect(tsla?.tradeStatus?.name).toBe('Normal')
    expect(tsla?.preMarketQuote?.lastDone).toMatch(/^\d+(\.\d+)?$/)
    expect(tsla?.postMarketQuote).toBeNull()
    expect(tsla?.overnightQuote).toBeNull()
  })

  test('candles: the latest, oldest first, timestamps in Unix ms; history from a time agrees', async () => {
    const client = ctx.client()
    const latest = await client.market.getCandles({ symbol: 'AAPL.US', period: '1m', count: 5 })
    expect(latest.map((c) => c.timestamp)).toEqual([4, 3, 2, 1, 0].map((i) => T0 - i * 60_000))
    expect(latest[0]?.tradeSession).toEqual({ code: 'Intraday', name: 'Intraday' })
    const back = await client.market.getHistoryCandles({
      symbol: 'AAPL.US',
      period: '1m',
      count: 3,
      forward: false,
      time: T0 - 2 * 60_000,
    })
    expect(back).toEqual(latest.slice(0, 3))
  })

  test('a bad candle period is refused naming the field, nothing sent', async () => {
    const client = ctx.client()
    const error = await refusal(() =>
      client.market.getCandles({ symbol: 'AAPL.US', period: '2m' as never }),
    )
    expect(error.issues[0]?.path).toEqual(['period'])
    expect(client.sent).toEqual([])
  })
})

describe('expired options', () => {
  test('past 16:00 New York of its expiry date a contract is quoted Expired and an order on it refused', async () => {
    const own = await setup()
    try {
      const client = own.client()
      const [nearest] = await client.market.getOptionExpiryDates({ symbol: 'NVDA.US' })
      const chain = await client.market.getOptionChain({
        symbol: 'NVDA.US',
        expiryDate: String(nearest),
      })
      const put = String(chain[0]?.putSymbol)
      own.setNow(Date.UTC(2026, 6, 3, 20, 0))
      const [quote] = await client.market.getQuote({ symbol: [put] })
      expect(quote?.tradeStatus).toEqual({ code: '8', name: 'Expired (derivatives)' })
      const error = await client.orders.place(marketBuy(put)).catch((e: unknown) => e)
      expect(ApiError.isInstance(error)).toBe(true)
      expect((error as ApiError).code).toBe('40017')
    } finally {
      await own.sandbox.close()
    }
  })
})

describe('symbol lists are checked whole before anything is sent', () => {
  const symbols = (bad: number) =>
    Array.from({ length: 1000 }, (_, i) => (i === bad ? 'NOT A SYMBOL' : `S${i}.US`))

  test.each([
    ['static', 899],
    ['optionQuote', 899],
    ['quote', 899],
    ['static', 3],
  ] as const)(
    'market.%s with a bad symbol at index %i: refused naming that index, nothing sent',
    async (method, bad) => {
      const client = ctx.client()
      const error = await refusal(() => client.market[method]({ symbol: symbols(bad) }))
      expect(error.issues.map((issue) => issue.path)).toEqual([['symbol', bad]])
      expect(error.message).toContain(`symbol[${bad}]`)
      expect(client.sent).toEqual([])
    },
  )

  test('the caller index counts repeats and comma-separated items as given', async () => {
    const client = ctx.client()
    const list = ['AAPL.US', 'AAPL.US', ...symbols(-1).slice(0, 600), 'bad']
    const error = await refusal(() => client.market.getStatic({ symbol: list.join(',') }))
    expect(error.issues[0]?.path).toEqual(['symbol', 602])
    expect(client.sent).toEqual([])
  })

  test.each(['static', 'optionQuote', 'quote'] as const)(
    'market.%s with an unknown field is refused naming it, nothing sent',
    async (method) => {
      const client = ctx.client()
      const error = await refusal(() =>
        client.market[method]({ symbol: ['AAPL.US'], extra: 1 } as never),
      )
      expect(error.issues.map((issue) => [issue.type, issue.path])).toEqual([
        ['unknown', ['extra']],
      ])
      expect(client.sent).toEqual([])
    },
  )
})

describe('executions', () => {
  test('iterate({ startAt, endat }) is refused naming endat, nothing sent', async () => {
    const client = ctx.client()
    const error = await refusal(async () => {
      for await (const _ of client.executions.iterate({
        startAt: 1767225600,
        endat: 1769904000,
      } as never));
    })
    expect(error.issues.map((issue) => [issue.type, issue.path])).toEqual([['unknown', ['endat']]])
    expect(client.sent).toEqual([])
  })

  // Decision (README): the exchange documents a 90-day default, not a 90-day maximum, so a
  // single history call sends the range it is given; iterate walks windows of at most 90 days.
  test('history sends a 365-day range as given and the answer holds its executions', async () => {
    const own = await setup()
    try {
      const client = own.client()
      own.sandbox.admin.seedExecutions({
        count: 20,
        from: Date.UTC(2025, 0, 10),
        to: Date.UTC(2025, 11, 20),
        uid: client.uid,
      })
      const page = await client.executions.getHistory({
        startAt: Date.UTC(2025, 0, 1) / 1000,
        endAt: Date.UTC(2026, 0, 1) / 1000,
      })
      expect(page.trades.length).toBeGreaterThan(0)
      expect(client.sent).toEqual(['securities.getHistoryExecutions'])
    } finally {
      await own.sandbox.close()
    }
  })
})
