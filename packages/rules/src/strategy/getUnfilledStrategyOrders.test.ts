import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { getUnfilledStrategyOrders } from './getUnfilledStrategyOrders.js'

const kinds = (input: object) =>
  Endpoint.check(getUnfilledStrategyOrders, input).issues?.map((issue) => [
    issue.type,
    issue.path.join('.'),
  ]) ?? []

describe('getUnfilledStrategyOrders', () => {
  test('decision: endpoints named only in navigation are provided at the exchange\'s public paths ("/api/v3/trade/unfilled-strategy-orders")', () => {
    expect([
      getUnfilledStrategyOrders.id,
      getUnfilledStrategyOrders.method,
      getUnfilledStrategyOrders.path,
    ]).toEqual([
      'strategy.getUnfilledStrategyOrders',
      'GET',
      '/api/v3/trade/unfilled-strategy-orders',
    ])
  })

  test('the exchange docs: "strategy lists | ... | `category`, `type`" (category required, as the public SDKs send it)', () => {
    expect(kinds({ type: 'tpsl' })).toEqual([['missing', 'category']])
    expect(kinds({ category: 'SPOT', type: 'grid' })).toEqual([['value', 'type']])
  })

  test('GET query values travel as strings: numbers are accepted and sent as strings', () => {
    expect(
      Endpoint.check(getUnfilledStrategyOrders, {
        category: 'usdt-futures',
        type: 'trailing_stop',
        symbol: 'BTCUSDT',
        startTime: 1700000000000,
        endTime: '1700000600000',
        limit: 100,
        cursor: 'abc',
      }).output,
    ).toEqual({
      category: 'USDT-FUTURES',
      type: 'trailing_stop',
      symbol: 'BTCUSDT',
      startTime: '1700000000000',
      endTime: '1700000600000',
      limit: '100',
      cursor: 'abc',
    })
  })

  test.each([
    [0, 'range'],
    [101, 'range'],
    ['ten', 'format'],
  ] as const)('the exchange docs: "`limit` (<= 100)": %s -> %s', (limit, type) => {
    expect(kinds({ category: 'SPOT', limit })).toEqual([[type, 'limit']])
  })

  test('decision: a time window that ends before it starts is refused', () => {
    expect(
      kinds({ category: 'SPOT', startTime: '1700000600000', endTime: '1700000000000' }),
    ).toEqual([['range', 'endTime']])
    expect(kinds({ category: 'SPOT', startTime: '17e11' })).toEqual([['format', 'startTime']])
  })
})
