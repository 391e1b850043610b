import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getFills } from './getFills.js'
import { getOrdersHistory } from './getOrdersHistory.js'

describe('getOrdersHistory', () => {
  const issuesOf = issuesFor(getOrdersHistory)
  test("the exchange's path: GET /api/v2/mix/order/orders-history, signed", () => {
    expect([getOrdersHistory.method, getOrdersHistory.path, getOrdersHistory.auth]).toEqual([
      'GET',
      '/api/v2/mix/order/orders-history',
      true,
    ])
  })

  test('"productType | Yes": required, accepted in either case and sent upper-case', () => {
    expect(issuesOf({})).toEqual([['missing', 'productType']])
    expect(Endpoint.check(getOrdersHistory, { productType: 'usdt-futures' }).output).toEqual({
      productType: 'USDT-FUTURES',
    })
  })

  test('the documented filters: orderId, clientOid, symbol, idLessThan, orderSource, times, limit', () => {
    const query = {
      productType: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      orderId: '1',
      clientOid: 'c-1',
      idLessThan: '99',
      orderSource: 'profit_market',
      startTime: '1700000000000',
      endTime: '1700000360000',
      limit: '100',
    }
    expect(Endpoint.check(getOrdersHistory, query)).toEqual({ success: true, output: query })
  })

  test.each([
    ['limit', '0', 'range'],
    ['limit', '101', 'range'],
    ['startTime', 'yesterday', 'format'],
  ])('%s %j: a %s issue ("Maximum: 100")', (field, value, type) => {
    expect(issuesOf({ productType: 'USDT-FUTURES', [field]: value })).toEqual([[type, field]])
  })

  test('an endTime before startTime is refused on endTime', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', startTime: '2000', endTime: '1000' })).toEqual([
      ['range', 'endTime'],
    ])
  })

  test('an unknown field is refused (a typo is a bug)', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', status: 'filled' })).toEqual([
      ['unknown', 'status'],
    ])
  })
})

describe('getFills', () => {
  const issuesOf = issuesFor(getFills)
  test("the exchange's path: GET /api/v2/mix/order/fills, signed", () => {
    expect([getFills.method, getFills.path, getFills.auth]).toEqual([
      'GET',
      '/api/v2/mix/order/fills',
      true,
    ])
  })

  test('"productType | Yes"; orderId, symbol, idLessThan (a tradeId), times and limit optional', () => {
    expect(issuesOf({})).toEqual([['missing', 'productType']])
    const query = {
      productType: 'COIN-FUTURES',
      orderId: '121212',
      symbol: 'BTCUSD',
      idLessThan: '123',
      startTime: 1700000000000,
      endTime: 1700000360000,
      limit: 20,
    }
    expect(Endpoint.check(getFills, query).output).toEqual({
      ...query,
      startTime: '1700000000000',
      endTime: '1700000360000',
      limit: '20',
    })
  })

  test('"Number of queries: Default: 100, maximum: 100"', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', limit: '101' })).toEqual([['range', 'limit']])
  })

  test('an endTime before startTime is refused on endTime', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', startTime: 2, endTime: 1 })).toEqual([
      ['range', 'endTime'],
    ])
  })
})
