import { describe, expect, test } from 'vitest'
import * as ClassicFutures from './ClassicFutures.js'
import * as Market from './Market.js'
import * as Public from './Public.js'
import type { EndpointId, Rule } from './RateLimits.js'
import * as RateLimits from './RateLimits.js'
import * as Savings from './Savings.js'
import * as Securities from './Securities.js'
import * as Strategy from './Strategy.js'
import * as Unified from './Unified.js'

/** A rule without key and source: what a limit row decides. */
function shape(rule: Rule) {
  const { key: _key, source: _source, ...rest } = rule
  return rest
}
const perSecond = (limit: number, scope: 'uid' | 'ip' = 'uid') =>
  ({ kind: 'window', scope, limit, windowMs: 1000 }) as const
const tradeWindow = [
  { kind: 'window', scope: 'uid', limit: 30, windowMs: 30_000 },
  { kind: 'spacing', scope: 'uid', minIntervalMs: 20 },
] as const
const marketWindow = [perSecond(10), { kind: 'concurrency', scope: 'uid', limit: 5 }] as const

/** Every endpoint the package defines, collected from its product-line namespaces. */
const definedIds = [Unified, Strategy, ClassicFutures, Securities, Savings, Public, Market].flatMap(
  (line) =>
    Object.values(line).flatMap((value) =>
      typeof value === 'object' && value !== null && 'path' in value && 'method' in value
        ? [(value as { id: string }).id]
        : [],
    ),
)

describe('table', () => {
  test.each<[string, readonly EndpointId[], readonly ReturnType<typeof shape>[]]>([
    [
      'place-order, modify-order, cancel-order | 10 per second per UID',
      ['unified.placeOrder', 'unified.modifyOrder', 'unified.cancelOrder'],
      [perSecond(10)],
    ],
    [
      'countdown-cancel-all | 1 per second per UID; countdown 5 to 60 seconds',
      ['unified.countdownCancelAll'],
      [perSecond(1)],
    ],
    [
      'place-batch | 5 per second per UID; 20 orders per batch',
      ['unified.placeBatch'],
      [perSecond(5)],
    ],
    [
      'batch-modify-order | 10 per second per UID; 20 orders per batch; 5 in-flight requests',
      ['unified.batchModifyOrder'],
      [perSecond(10), { kind: 'concurrency', scope: 'uid', limit: 5 }],
    ],
    [
      'cancel-batch | 5 per second per UID; 20 orders per batch',
      ['unified.cancelBatch'],
      [perSecond(5)],
    ],
    [
      'place-strategy-order | 10 per second per UID',
      ['strategy.placeStrategyOrder'],
      [perSecond(10)],
    ],
    ['market/states | 1 per second per IP', ['unified.getMarketStates'], [perSecond(1, 'ip')]],
    [
      'account/reality-fills | 10 per second per UID; limit at most 100; last 3 months',
      ['unified.getRealityFills'],
      [perSecond(10)],
    ],
  ])('%s', (row, ids, expected) => {
    for (const id of ids) {
      expect(RateLimits.table[id].map(shape)).toEqual(expected)
      for (const rule of RateLimits.table[id]) expect(rule.source).toContain(row)
    }
  })

  test.each<[string, readonly EndpointId[], readonly ReturnType<typeof shape>[]]>([
    ['classic place-order | 10 per second per UID', ['classic.placeOrder'], [perSecond(10)]],
    [
      'classic reversal | 10 per second per UID; 1 per second for copy-trading traders',
      ['classic.clickBackhand'],
      [perSecond(10)],
    ],
    [
      'classic batch-place-order | 5 per second per UID; 1 per second for copy-trading traders; orderList at most 50',
      ['classic.batchPlaceOrder'],
      [perSecond(5)],
    ],
    [
      'classic modify-order, batch-cancel-orders | 10 per second per UID; orderIdList at most 50',
      ['classic.modifyOrder', 'classic.batchCancelOrders'],
      [perSecond(10)],
    ],
    // The row names no scope; the endpoint is signed, so the budget is the account's.
    ['classic cancel-order | 10 per second', ['classic.cancelOrder'], [perSecond(10)]],
    [
      'stockplus place-order, history-executions | 30 per 30 seconds per UID, minimum interval 0.02 seconds',
      ['securities.placeOrder', 'securities.getHistoryExecutions'],
      tradeWindow,
    ],
    [
      'stockplus market endpoints (depth, trade, intraday, static, option-quote) | 10 per second per UID, up to 5 concurrent requests',
      [
        'securities.getDepth',
        'securities.getTrades',
        'securities.getIntraday',
        'securities.getStatic',
        'securities.getOptionQuote',
      ],
      marketWindow,
    ],
    ['stockplus transfer | 5 per second per UID', ['securities.transfer'], [perSecond(5)]],
    [
      'savings endpoints | 10 per second per UID',
      ['savings.getSubscribeInfo', 'savings.getSubscribeResult'],
      [perSecond(10)],
    ],
  ])('%s', (row, ids, expected) => {
    for (const id of ids) {
      expect(RateLimits.table[id].map(shape)).toEqual(expected)
      for (const rule of RateLimits.table[id]) expect(rule.source).toContain(row)
    }
  })

  test('stockplus market endpoints (depth, trade, intraday, static, option-quote) | … up to 5 concurrent requests: one concurrency key for the group', () => {
    const ids = [
      'securities.getDepth',
      'securities.getTrades',
      'securities.getIntraday',
      'securities.getStatic',
      'securities.getOptionQuote',
    ] as const
    const keys = ids.map(
      (id) => RateLimits.table[id].find((rule) => rule.kind === 'concurrency')?.key,
    )
    expect(new Set(keys)).toEqual(new Set([RateLimits.stockplusMarketConcurrencyKey]))
  })

  test.each<[string, readonly EndpointId[], number]>([
    ['unified order details | 20/s per UID', ['unified.getOrderInfo'], 20],
    ['unified open orders | 20/s', ['unified.getUnfilledOrders'], 20],
    ['unified order history | 20/s', ['unified.getHistoryOrders'], 20],
    ['unified fills | 20/s', ['unified.getFills'], 20],
    ['unified cancel all | 5/s', ['unified.cancelSymbolOrder'], 5],
    [
      'strategy modify / cancel | 10/s',
      ['strategy.modifyStrategyOrder', 'strategy.cancelStrategyOrder'],
      10,
    ],
    [
      'strategy lists | 20/s',
      ['strategy.getUnfilledStrategyOrders', 'strategy.getHistoryStrategyOrders'],
      20,
    ],
    ['classic order detail | 10/s', ['classic.getOrderDetail'], 10],
    ['classic pending orders | 10/s', ['classic.getOrdersPending'], 10],
    ['classic cancel all | 10/s', ['classic.cancelAllOrders'], 10],
    ['classic flash close | 1/s', ['classic.closePositions'], 1],
  ])('endpoints the exchange pages list with their own limit: "%s"', (row, ids, limit) => {
    for (const id of ids) {
      expect(RateLimits.table[id].map(shape)).toEqual([perSecond(limit)])
      expect(RateLimits.table[id][0]?.source).toContain(row)
    }
  })

  test.each([
    ['classic.getOrdersHistory', 'Get History Order', 'Rate limit: 10 req/sec/UID'],
    ['classic.getFills', 'Get Order Fill Details', 'Speed limit is 10 times/s'],
  ] as const)('%s: 10 per second per UID, quoting the exchange page "%s"', (id, page, quote) => {
    expect(RateLimits.table[id].map(shape)).toEqual([perSecond(10)])
    expect(RateLimits.table[id][0]?.source).toContain(page)
    expect(RateLimits.table[id][0]?.source).toContain(quote)
  })

  test('decision: "Rate limits not shown (stockplus account and positions): a conservative default of 10 per second, marked as an assumption in the table."', () => {
    for (const id of ['securities.getAccount', 'securities.getStockPositions'] as const) {
      expect(RateLimits.table[id].map(shape)).toEqual([{ ...perSecond(10), assumed: true }])
      expect(RateLimits.table[id][0]?.source).toContain(
        'stockplus asset/account and asset/stock-position rate limit | not shown',
      )
    }
  })

  test('server time: 20 per second per IP as the exchange documents it, marked assumed', () => {
    for (const id of ['public.getTime', 'public.getTimeV3'] as const) {
      expect(RateLimits.table[id].map(shape)).toEqual([{ ...perSecond(20, 'ip'), assumed: true }])
    }
  })

  test('only the rules without a published figure are marked assumed', () => {
    const assumed = RateLimits.endpointIds.filter((id) =>
      RateLimits.table[id].some((rule) => rule.kind === 'window' && rule.assumed === true),
    )
    expect(assumed).toEqual([
      'securities.getAccount',
      'securities.getStockPositions',
      'public.getTime',
      'public.getTimeV3',
      'public.getSpotCoins',
      'unified.getAccountAssets',
      'securities.getCashFlow',
      'securities.getTransferRecords',
      // securities market data and option discovery: no published figure
      'securities.getOptionExpiryDates',
      'securities.getOptionChain',
      'securities.getOptionVolume',
      'securities.getQuote',
      'securities.getCandlestick',
      'securities.getHistoryCandlestick',
      'securities.cancelOrder',
      'securities.modifyOrder',
      'securities.getOrderDetail',
      'securities.getTodayOrders',
      'securities.getHistoryOrders',
      'securities.getTodayExecutions',
    ])
  })

  test('decision: stockplus cash-flow and transfer-records publish no limit: 10 per second per UID, marked assumed', () => {
    for (const id of ['securities.getCashFlow', 'securities.getTransferRecords'] as const) {
      expect(RateLimits.table[id].map(shape)).toEqual([{ ...perSecond(10), assumed: true }])
      expect(RateLimits.table[id][0]?.source).toContain('no published limit')
    }
  })

  test("securities order management: no published limit, place-order's 30 per 30 s and 20 ms spacing, assumed", () => {
    const rules = RateLimits.table['securities.cancelOrder']
    expect(rules.map((rule) => rule.kind)).toEqual(['window', 'spacing'])
    expect(rules[0]).toMatchObject({ limit: 30, windowMs: 30_000, assumed: true })
    expect(rules[1]).toMatchObject({ minIntervalMs: 20 })
    expect(rules[0]?.source).toContain('no published limit')
  })

  test('every endpoint the package defines has rules, and no other id', () => {
    expect(Object.keys(RateLimits.table).sort()).toEqual([...definedIds].sort())
    expect([...RateLimits.endpointIds].sort()).toEqual([...definedIds].sort())
    for (const id of RateLimits.endpointIds) expect(RateLimits.table[id].length).toBeGreaterThan(0)
  })

  test("a row listing several operations gives each operation its own budget (own key), save the stockplus market group's shared concurrency", () => {
    const shared = RateLimits.stockplusMarketConcurrencyKey
    const keys = RateLimits.endpointIds.flatMap((id) =>
      RateLimits.table[id].map((r) => r.key).filter((key) => key !== shared),
    )
    expect(new Set(keys).size).toBe(keys.length)
    for (const id of RateLimits.endpointIds) {
      for (const rule of RateLimits.table[id])
        if (rule.key !== shared) expect(rule.key.startsWith(id)).toBe(true)
    }
  })

  test('stockplus place-order and history-executions: one budget each, not one shared budget', () => {
    const keys = (id: EndpointId) => RateLimits.table[id].map((rule) => rule.key)
    expect(keys('securities.placeOrder')).toEqual([
      'securities.placeOrder',
      'securities.placeOrder.spacing',
    ])
    expect(keys('securities.getHistoryExecutions')).toEqual([
      'securities.getHistoryExecutions',
      'securities.getHistoryExecutions.spacing',
    ])
  })

  test('every rule has a source, a positive limit and a positive window', () => {
    for (const rule of RateLimits.endpointIds.flatMap((id) => RateLimits.table[id])) {
      expect(rule.source.length).toBeGreaterThan(10)
      if (rule.kind === 'spacing') expect(rule.minIntervalMs).toBeGreaterThan(0)
      else expect(Number.isInteger(rule.limit) && rule.limit > 0).toBe(true)
      if (rule.kind === 'window') expect(rule.windowMs).toBeGreaterThan(0)
    }
  })
})

describe('rToken', () => {
  test('place-order and cancel-order on rToken pairs | 5 per second per UID, 30 for whitelisted users', () => {
    expect(shape(RateLimits.rToken.standard)).toEqual(perSecond(5))
    expect(shape(RateLimits.rToken.whitelisted)).toEqual(perSecond(30))
    expect(RateLimits.rToken.standard.key).toBe('unified.rToken')
    expect(RateLimits.rToken.whitelisted.key).toBe('unified.rToken')
  })
})

describe('copyTrader', () => {
  test.each([
    [
      'classic reversal | 10 per second per UID; 1 per second for copy-trading traders',
      'classic.clickBackhand',
    ],
    [
      'classic batch-place-order | 5 per second per UID; 1 per second for copy-trading traders; orderList at most 50',
      'classic.batchPlaceOrder',
    ],
  ] as const)('%s', (row, id) => {
    const rules = RateLimits.copyTrader[id] ?? []
    expect(rules.map(shape)).toEqual([perSecond(1)])
    expect(rules[0]?.key).toBe(id)
    expect(rules[0]?.source).toContain(row)
  })

  test('only reversal and batch-place have copy-trader budgets', () => {
    expect(Object.keys(RateLimits.copyTrader).sort()).toEqual([
      'classic.batchPlaceOrder',
      'classic.clickBackhand',
    ])
  })
})

describe('isEndpointId', () => {
  test('knows every id of the table and nothing else', () => {
    expect(RateLimits.endpointIds.every((id) => RateLimits.isEndpointId(id))).toBe(true)
    expect(RateLimits.isEndpointId('unified.nope')).toBe(false)
    expect(RateLimits.isEndpointId('toString')).toBe(false)
  })
})

describe('resolve', () => {
  const keys = (rules: readonly Rule[]) => rules.map((rule) => rule.key)

  test('place-order and cancel-order on rToken pairs | 5 per second per UID is taken on top of the endpoint budget', () => {
    const rules = RateLimits.resolve('unified.placeOrder', { symbol: 'rAAPLUSDT', qty: '1' })
    expect(keys(rules)).toEqual(['unified.placeOrder', 'unified.rToken'])
    expect(rules[1]).toBe(RateLimits.rToken.standard)
  })

  test('30 for whitelisted users', () => {
    const rules = RateLimits.resolve(
      'unified.placeOrder',
      { symbol: 'rTSLAUSDT' },
      { rTokenWhitelisted: true },
    )
    expect(rules.map(shape)).toEqual([perSecond(10), perSecond(30)])
  })

  test('place-order and cancel-order on rToken pairs share one key', () => {
    const place = RateLimits.resolve('unified.placeOrder', { symbol: 'rAAPLUSDT' })
    const cancel = RateLimits.resolve('unified.cancelOrder', { orderId: '1', symbol: 'rNVDAUSDT' })
    expect(place[1]?.key).toBe('unified.rToken')
    expect(cancel[1]?.key).toBe(place[1]?.key)
  })

  test('cancel-order by id without a symbol cannot be known as rToken: only its own budget', () => {
    expect(keys(RateLimits.resolve('unified.cancelOrder', { orderId: '1' }))).toEqual([
      'unified.cancelOrder',
    ])
  })

  test('no rToken budget for other pairs, other endpoints or no request', () => {
    expect(keys(RateLimits.resolve('unified.placeOrder', { symbol: 'RUNEUSDT' }))).toEqual([
      'unified.placeOrder',
    ])
    expect(keys(RateLimits.resolve('unified.modifyOrder', { symbol: 'rAAPLUSDT' }))).toEqual([
      'unified.modifyOrder',
    ])
    expect(keys(RateLimits.resolve('unified.placeBatch', [{ symbol: 'rAAPLUSDT' }]))).toEqual([
      'unified.placeBatch',
    ])
    expect(keys(RateLimits.resolve('unified.placeOrder'))).toEqual(['unified.placeOrder'])
    expect(keys(RateLimits.resolve('unified.placeOrder', { symbol: 42 }))).toEqual([
      'unified.placeOrder',
    ])
  })

  test('1 per second for copy-trading traders replaces the reversal and batch-place budgets', () => {
    const options = { copyTrader: true }
    expect(RateLimits.resolve('classic.clickBackhand', {}, options).map(shape)).toEqual([
      perSecond(1),
    ])
    expect(RateLimits.resolve('classic.batchPlaceOrder', {}, options).map(shape)).toEqual([
      perSecond(1),
    ])
    expect(RateLimits.resolve('classic.placeOrder', {}, options)).toBe(
      RateLimits.table['classic.placeOrder'],
    )
    expect(RateLimits.resolve('classic.clickBackhand').map(shape)).toEqual([perSecond(10)])
  })

  test('minimum interval 0.02 seconds comes with the 30 per 30 seconds window', () => {
    expect(RateLimits.resolve('securities.placeOrder').map(shape)).toEqual(tradeWindow)
  })

  test('within one set of options a key always names the same limit', () => {
    for (const options of [{}, { copyTrader: true, rTokenWhitelisted: true }]) {
      const seen = new Map<string, string>()
      for (const id of RateLimits.endpointIds) {
        for (const rule of RateLimits.resolve(id, { symbol: 'rAAPLUSDT' }, options)) {
          const text = JSON.stringify(shape(rule))
          expect(seen.get(rule.key) ?? text).toBe(text)
          seen.set(rule.key, text)
        }
      }
    }
  })

  test('an unknown id throws RateLimits.UnknownEndpointError', () => {
    expect(() =>
      RateLimits.resolve('unified.nope' as EndpointId),
    ).toThrowErrorMatchingInlineSnapshot(
      `[RateLimits.UnknownEndpointError: Unknown endpoint id "unified.nope": it has no rate-limit rules.]`,
    )
  })
})

describe('the per-line tables', () => {
  const lines = {
    public: RateLimits.publicTable,
    unified: RateLimits.unifiedTable,
    classic: RateLimits.classicTable,
    securities: RateLimits.securitiesTable,
    savings: RateLimits.savingsTable,
  }

  test('every endpoint sits in exactly one line, and the lines together are the table', () => {
    const ids = Object.values(lines).flatMap((line) => Object.keys(line))
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual([...RateLimits.endpointIds].sort())
    for (const [name, line] of Object.entries(lines))
      for (const [id, rules] of Object.entries(line)) {
        expect(RateLimits.table[id as RateLimits.EndpointId]).toBe(rules)
        expect([name, id.split('.')[0]]).toSatisfy(
          ([line, prefix]: string[]) =>
            line === prefix || (line === 'unified' && prefix === 'strategy'),
        )
      }
  })

  test('resolveIn reads only the part it is given; the rToken budget applies as in resolve', () => {
    const unified = { ...RateLimits.publicTable, ...RateLimits.unifiedTable }
    expect(RateLimits.resolveIn(unified, 'unified.placeOrder', { symbol: 'rAAPLUSDT' })).toEqual(
      RateLimits.resolve('unified.placeOrder', { symbol: 'rAAPLUSDT' }),
    )
    expect(() => RateLimits.resolveIn(unified, 'classic.placeOrder')).toThrow(
      RateLimits.UnknownEndpointError,
    )
    expect(() => RateLimits.resolveIn(unified, 'constructor')).toThrow(
      RateLimits.UnknownEndpointError,
    )
  })
})
