import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { getHistoryStrategyOrders } from './getHistoryStrategyOrders.js'

describe('getHistoryStrategyOrders', () => {
  test('decision: endpoints named only in navigation are provided at the exchange\'s public paths ("/api/v3/trade/history-strategy-orders")', () => {
    expect([
      getHistoryStrategyOrders.id,
      getHistoryStrategyOrders.method,
      getHistoryStrategyOrders.path,
    ]).toEqual([
      'strategy.getHistoryStrategyOrders',
      'GET',
      '/api/v3/trade/history-strategy-orders',
    ])
  })

  test('the exchange docs: "strategy lists | ... | `category`, `type`", with times, limit and cursor for paging', () => {
    expect(
      Endpoint.check(getHistoryStrategyOrders, {
        category: 'spot',
        type: 'twap',
        startTime: 1700000000000,
        limit: '50',
        cursor: 'next',
      }).output,
    ).toEqual({
      category: 'SPOT',
      type: 'twap',
      startTime: '1700000000000',
      limit: '50',
      cursor: 'next',
    })
    expect(Endpoint.check(getHistoryStrategyOrders, { type: 'twap' }).issues?.[0]?.path).toEqual([
      'category',
    ])
  })

  test('the exchange docs: "`limit` (<= 100)"', () => {
    expect(
      Endpoint.check(getHistoryStrategyOrders, { category: 'SPOT', limit: '101' }).issues?.[0]
        ?.expected,
    ).toBe('an integer in [1, 100]')
  })
})
