import { UnknownOutcomeError, ValidationError } from '@tradeline/core'
import { describe, expect, test } from 'vitest'
import { Fail, fakeClient, type Received } from '../test/exchange.js'
import { ExecutionsOverflowError } from './iterateExecutions.js'

const place = '/api/v3/stockplus/trade/place-order'
const ack = (call: Received) => ({
  orderId: '1001',
  clientOid: '',
  symbol: (call.body as { symbol: string }).symbol,
})

describe('orders.place', () => {
  const base = {
    symbol: 'AAPL.US',
    side: 'Buy',
    submittedQuantity: '1',
    timeInForce: 'Day',
    outsideRth: 'RTHOnly',
  } as const
  // The securities place-order page: each order type with its conditional fields.
  test.each([
    ['LO', { submittedPrice: '150' }],
    ['MO', {}],
    ['LIT', { submittedPrice: '150', triggerPrice: '149' }],
    ['MIT', { triggerPrice: '149' }],
    ['TSLPAMT', { trailingAmount: '1.5', limitOffset: '0.1' }],
    ['TSLPPCT', { trailingPercent: '2.5', limitDepthLevel: -1, triggerCount: 2 }],
  ] as const)('%s with its fields is sent', async (orderType, fields) => {
    const client = fakeClient({ [place]: ack })
    const result = await client.orders.place({ ...base, orderType, ...fields } as never)
    expect(result).toEqual({ orderId: '1001', clientOid: null, symbol: 'AAPL.US' })
    expect(client.received[0]?.body).toMatchObject({ orderType, ...fields })
  })

  test.each([
    ['LO', {}, 'submittedPrice'],
    ['LIT', { submittedPrice: '150' }, 'triggerPrice'],
    ['TSLPAMT', { trailingAmount: '1' }, 'limitOffset'],
    ['TSLPPCT', { trailingPercent: '2', limitDepthLevel: 1, limitOffset: '0.1' }, 'limitOffset'],
    ['MO', { submittedPrice: '150' }, 'submittedPrice'],
  ] as const)('%s %j is refused before sending (%s)', async (orderType, fields, path) => {
    const client = fakeClient({ [place]: ack })
    const error = await client.orders
      .place({ ...base, orderType, ...fields } as never)
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((issue) => issue.path.join('.'))).toContain(path)
    expect(client.received).toEqual([])
  })

  // Decision (README): stockplus orders have no clientOid, so an unknown outcome is never resent;
  // without reconciliation it is thrown as it came (reconciled on the sandbox: orders.test.ts).
  test('an unknown outcome without reconciliation throws UnknownOutcomeError and nothing is sent twice', async () => {
    const client = fakeClient({ [place]: () => new Fail('40010', 'Request timed out') })
    const error = await client.orders
      .place({ ...base, orderType: 'LO', submittedPrice: '150' }, { reconcile: false })
      .catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(client.received.length).toBe(1)
  })
})

describe('market.getStatic and market.optionQuote', () => {
  const symbols = Array.from({ length: 1201 }, (_, i) => `S${1200 - i}.US`)
  const answer = (call: Received) =>
    call.query.symbol
      ?.split(',')
      .reverse()
      .map((symbol) => ({ symbol, lotSize: '1' }))

  test('more than 500 symbols: several calls of at most 500, merged in input order', async () => {
    const client = fakeClient({ '/api/v3/stockplus/market/static': (c) => ({ list: answer(c) }) })
    const result = await client.market.getStatic({ symbol: symbols })
    expect(client.received.map((c) => c.query.symbol?.split(',').length)).toEqual([500, 500, 201])
    expect(result.map((r) => r.symbol)).toEqual(symbols)
    expect(result[0]?.lotSize).toBe(1)
  })

  test('option quotes likewise', async () => {
    const client = fakeClient({
      '/api/v3/stockplus/market/option-quote': (c) => ({ secuQuote: answer(c) }),
    })
    const result = await client.market.getOptionQuote({ symbol: symbols.slice(0, 600) })
    expect(client.received.length).toBe(2)
    expect(result.map((r) => r.symbol)).toEqual(symbols.slice(0, 600))
  })
})

describe('executions.iterate', () => {
  const day = 86_400
  const start = 1_735_689_600 // 2025-01-01
  // 300 days of executions, two per order, some orders with several trades at the same second.
  const records = Array.from({ length: 240 }, (_, i) => ({
    orderId: String(Math.floor(i / 2)),
    tradeId: String(i),
    symbol: 'AAPL.US',
    at: start + Math.floor(i * 1.25 * day) + (i % 2),
    quantity: 1,
    price: 150,
  }))
  /** Answers at most `limit` orders per query, with `hasMore` beyond (the exchange documentation's 1000, made small). */
  const history = (limit: number) => (call: Received) => {
    const from = Number(call.query.startAt)
    const to = Number(call.query.endAt)
    const inside = records.filter((r) => r.at >= from && r.at <= to).reverse()
    const orders = [...new Set(inside.map((r) => r.orderId))]
    const kept = new Set(orders.slice(0, limit))
    return {
      hasMore: orders.length > limit,
      trades: inside
        .filter((r) => kept.has(r.orderId))
        .map(({ at, ...r }) => ({ ...r, tradeDoneAt: new Date(at * 1000).toISOString() })),
    }
  }

  test('a range of several windows and pages yields every execution once, none missed', async () => {
    const client = fakeClient({ '/api/v3/stockplus/trade/history-executions': history(20) })
    const seen: string[] = []
    for await (const execution of client.executions.iterate({
      startAt: start,
      endAt: start + 300 * day,
    }))
      seen.push(execution.tradeId)
    expect(seen.sort((a, b) => Number(a) - Number(b))).toEqual(records.map((r) => r.tradeId))
    const spans = client.received.map((c) => Number(c.query.endAt) - Number(c.query.startAt))
    expect(Math.max(...spans)).toBeLessThanOrEqual(90 * day)
    expect(client.received.length).toBeGreaterThan(4)
  })

  test('a one-second window with more than the page holds throws after yielding it', async () => {
    const client = fakeClient({ '/api/v3/stockplus/trade/history-executions': history(0) })
    const error = await (async () => {
      for await (const _ of client.executions.iterate({ startAt: start, endAt: start + 1 })) void _
    })().catch((e: unknown) => e)
    expect(ExecutionsOverflowError.isInstance(error)).toBe(true)
  })

  test.each([
    ['0', 0],
    ['-1', -1],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ["''", ''],
    ['{}', {}],
    ['a Date', new Date(0)],
    ['1e-9', 1e-9],
    ['1.5', 1.5],
    ['91 (past the endpoint span)', 91],
    ["'30' (a string)", '30'],
    ['a Symbol', Symbol('days')],
    ['a BigInt', 30n],
  ])(
    'windowDays validation: %s is refused with a ValidationError naming windowDays and the rule, before anything is sent (no endless loop, no TypeError)',
    async (_, windowDays) => {
      const client = fakeClient({})
      const error = await client.executions
        .iterate({ startAt: start, endAt: start + day, windowDays: windowDays as number })
        .next()
        .catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues).toHaveLength(1)
      expect((error as ValidationError).issues[0]?.path).toEqual(['windowDays'])
      expect((error as ValidationError).message).toContain('windowDays: expected ')
      if (typeof windowDays === 'number' && !Number.isNaN(windowDays))
        expect((error as ValidationError).message).toContain('a whole number of days from 1 to 90')
      expect(client.received).toEqual([])
    },
  )

  test.each([1, 30, 90, undefined, null])('windowDays %s is taken', async (windowDays) => {
    const client = fakeClient({ '/api/v3/stockplus/trade/history-executions': history(20) })
    for await (const _ of client.executions.iterate({
      startAt: start,
      endAt: start + 3 * day,
      windowDays: windowDays as number,
    }))
      void _
    expect(client.received.length).toBeGreaterThan(0)
  })

  test('startAt after endAt is refused before sending', async () => {
    const client = fakeClient({})
    const run = client.executions.iterate({ startAt: 10, endAt: 5 }).next()
    await expect(run).rejects.toThrow(/startAt/)
    expect(client.received).toEqual([])
  })
})

describe('the other reads and transfer', () => {
  test('depth, trades, intraday, funds, positions, one history page, transfer', async () => {
    const client = fakeClient({
      '/api/v3/stockplus/market/depth': () => ({
        asks: [{ position: 1, price: 150.1, volume: 200, orderNum: 3 }],
        bids: null,
      }),
      '/api/v3/stockplus/market/trade': () => [
        {
          price: 150,
          volume: 1,
          timestamp: '2026-01-16T14:30:00Z',
          tradeType: ' ',
          direction: 'Up',
          tradeSession: 'Pre',
        },
      ],
      '/api/v3/stockplus/market/intraday': () => ({
        list: [
          {
            price: '150',
            timestamp: '2026-01-16T14:30:00Z',
            volume: 1,
            turnover: 150,
            avgPrice: 150,
          },
        ],
      }),
      '/api/v3/stockplus/asset/account': () => ({
        list: [{ totalCash: 5, riskLevel: 0, currency: 'USD' }],
      }),
      '/api/v3/stockplus/asset/stock-position': () => ({
        channels: [{ accountChannel: 'a', positions: [] }],
      }),
      '/api/v3/stockplus/trade/history-executions': () => ({ hasMore: false, trades: [] }),
      '/api/v3/stockplus/asset/transfer': () => ({ transferId: 77 }),
    })
    const results = [
      await client.market.getDepth({ symbol: 'AAPL.US' }),
      await client.market.getTrades({ symbol: 'AAPL.US', count: 1 }),
      await client.market.getIntraday({ symbol: 'AAPL.US' }),
      await client.account.getFunds({ currency: 'USD' }),
      await client.account.getPositions(),
      await client.executions.getHistory({ startAt: 1, endAt: 2 }),
      await client.transfer({ coin: 'USDC', amount: '10', direction: 'in' }),
    ]
    expect(results).toMatchObject([
      { asks: [{ position: 1, price: '150.1', volume: '200', orderNum: 3 }], bids: [] },
      [
        {
          price: '150',
          timestamp: 1768573800000,
          tradeType: { code: ' ', name: 'Regular sale' },
          tradeSession: { code: 'Pre', name: 'Pre' },
        },
      ],
      [{ price: '150', timestamp: 1768573800000, turnover: '150' }],
      [{ totalCash: '5', riskLevel: { code: '0', name: 'Safe' }, cashInfos: [] }],
      [{ accountChannel: 'a', positions: [] }],
      { hasMore: false, trades: [] },
      { transferId: '77' },
    ])
  })
})
