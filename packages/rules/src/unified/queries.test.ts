import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { kinds } from '../test/issues.js'
import {
  getFills,
  getHistoryOrders,
  getOrderInfo,
  getUnfilledOrders,
  historyWindowRule,
  timeOrderRule,
} from './queries.js'

const day = 86_400_000

describe('getOrderInfo', () => {
  test('decision: provided at `/api/v3/trade/order-info`', () => {
    expect([getOrderInfo.id, getOrderInfo.method, getOrderInfo.path]).toEqual([
      'unified.getOrderInfo',
      'GET',
      '/api/v3/trade/order-info',
    ])
  })

  test('the exchange docs: "`orderId` or `clientOid` (orderId wins)"', () => {
    expect(kinds(Endpoint.check(getOrderInfo, {}).issues)).toEqual([['one_of', 'orderId']])
    expect(Endpoint.validate(getOrderInfo, { orderId: '1', clientOid: 'a' })).toBe(true)
    expect(kinds(Endpoint.check(getOrderInfo, { clientOid: 'x'.repeat(65) }).issues)).toEqual([
      ['length', 'clientOid'],
      ['one_of', 'orderId'],
    ])
  })
})

describe('getUnfilledOrders', () => {
  test('decision: provided at `/api/v3/trade/unfilled-orders`', () => {
    expect([getUnfilledOrders.method, getUnfilledOrders.path]).toEqual([
      'GET',
      '/api/v3/trade/unfilled-orders',
    ])
  })

  test('the exchange docs: "`category`, `symbol`, `startTime`, `endTime`, `limit` (<= 100), `cursor`"', () => {
    const query = {
      category: 'spot',
      symbol: 'BTCUSDT',
      startTime: 1,
      endTime: '2',
      limit: 100,
      cursor: 'c',
    }
    expect(Endpoint.check(getUnfilledOrders, query).output).toEqual({
      category: 'SPOT',
      symbol: 'BTCUSDT',
      startTime: '1',
      endTime: '2',
      limit: '100',
      cursor: 'c',
    })
    expect(Endpoint.validate(getUnfilledOrders, {})).toBe(true)
    expect(kinds(Endpoint.check(getUnfilledOrders, { limit: '101', side: 'buy' }).issues)).toEqual([
      ['range', 'limit'],
      ['unknown', 'side'],
    ])
  })

  test('GET query values travel as strings: limit and times are integers, sent as strings', () => {
    expect(kinds(Endpoint.check(getUnfilledOrders, { limit: '0' }).issues)).toEqual([
      ['range', 'limit'],
    ])
    expect(kinds(Endpoint.check(getUnfilledOrders, { limit: 1.5 }).issues)).toEqual([
      ['format', 'limit'],
    ])
    expect(kinds(Endpoint.check(getUnfilledOrders, { startTime: '2024-01-01' }).issues)).toEqual([
      ['format', 'startTime'],
    ])
  })
})

describe('getHistoryOrders', () => {
  test('the exchange docs: "`category` (required)"', () => {
    expect([getHistoryOrders.method, getHistoryOrders.path]).toEqual([
      'GET',
      '/api/v3/trade/history-orders',
    ])
    expect(kinds(Endpoint.check(getHistoryOrders, {}).issues)).toEqual([['missing', 'category']])
    expect(
      Endpoint.validate(getHistoryOrders, { category: 'MARGIN', limit: '10', cursor: 'x' }),
    ).toBe(true)
  })

  test('the exchange docs: "times (<= 30 days within 90)": a span of at most 30 days', () => {
    const start = 1_000 * day
    const query = (end: number) => ({ category: 'SPOT', startTime: start, endTime: end })
    expect(Endpoint.validate(getHistoryOrders, query(start + 30 * day))).toBe(true)
    expect(
      Endpoint.check(getHistoryOrders, query(start + 30 * day + 1)).issues,
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "at most 30 days after startTime",
          "message": "endTime: expected at most 30 days after startTime, received "88992000001"",
          "path": [
            "endTime",
          ],
          "received": ""88992000001"",
          "type": "range",
        },
      ]
    `)
  })

  test('the exchange docs: "times (<= 30 days within 90)": within the last 90 days of `now` from the context', () => {
    const now = 2_000 * day
    const query = { category: 'SPOT', startTime: now - 90 * day - 1, endTime: now - 80 * day }
    expect(kinds(Endpoint.check(getHistoryOrders, query, { now }).issues)).toEqual([
      ['range', 'startTime'],
    ])
    expect(
      Endpoint.validate(getHistoryOrders, { ...query, startTime: now - 90 * day }, { now }),
    ).toBe(true)
    // Rules never read the clock: without `now` the 90-day window is not checked.
    expect(Endpoint.validate(getHistoryOrders, query)).toBe(true)
  })
})

describe('getFills', () => {
  test('the exchange docs: "`category`, `orderId`, times, `limit`, `cursor`"', () => {
    expect([getFills.method, getFills.path]).toEqual(['GET', '/api/v3/trade/fills'])
    const query = {
      category: 'USDT-FUTURES',
      orderId: '1',
      startTime: '1',
      endTime: '2',
      limit: '5',
      cursor: 'c',
    }
    expect(Endpoint.check(getFills, query).output).toEqual(query)
    expect(kinds(Endpoint.check(getFills, { limit: 101, symbol: 'BTCUSDT' }).issues)).toEqual([
      ['range', 'limit'],
      ['unknown', 'symbol'],
    ])
  })
})

describe('timeOrderRule', () => {
  test('an endTime before the startTime is a range issue', () => {
    expect(kinds(timeOrderRule({ startTime: '10', endTime: '9' }))).toEqual([['range', 'endTime']])
    expect(timeOrderRule({ startTime: '10', endTime: '10' })).toEqual([])
    expect(kinds(Endpoint.check(getFills, { startTime: 5, endTime: 4 }).issues)).toEqual([
      ['range', 'endTime'],
    ])
  })
})

describe('historyWindowRule', () => {
  test('each given time is checked against the 90-day window; a lone time has no span', () => {
    const now = 200 * day
    expect(kinds(historyWindowRule({ endTime: String(now - 91 * day) }, now))).toEqual([
      ['range', 'endTime'],
    ])
    expect(historyWindowRule({ startTime: String(now - 89 * day) }, now)).toEqual([])
    expect(historyWindowRule({ startTime: '0' }, undefined)).toEqual([])
  })
})
