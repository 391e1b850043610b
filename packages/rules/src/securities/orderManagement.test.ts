import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { cancelOrder } from './cancelOrder.js'
import { getHistoryOrders } from './getHistoryOrders.js'
import { getOrderDetail } from './getOrderDetail.js'
import { getTodayExecutions } from './getTodayExecutions.js'
import { getTodayOrders } from './getTodayOrders.js'
import { modifyOrder } from './modifyOrder.js'
import { isLiveOrderStatus, orderStatuses } from './orderQueries.js'

describe('securities order management endpoints', () => {
  test.each([
    [cancelOrder, 'POST', '/api/v3/stockplus/trade/cancel-order'],
    [modifyOrder, 'POST', '/api/v3/stockplus/trade/modify-order'],
    [getOrderDetail, 'GET', '/api/v3/stockplus/trade/order-detail'],
    [getTodayOrders, 'GET', '/api/v3/stockplus/trade/today-orders'],
    [getHistoryOrders, 'GET', '/api/v3/stockplus/trade/history-orders'],
    [getTodayExecutions, 'GET', '/api/v3/stockplus/trade/today-executions'],
  ] as const)('%o is signed %s %s', (endpoint, method, path) => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual([method, path, true])
  })
})

describe('cancelOrder', () => {
  const issuesOf = issuesFor(cancelOrder)
  test('bitget-api: symbol, orderId or clientOid; one of the ids is required', () => {
    expect(issuesOf({ symbol: 'AAPL.US', orderId: '1001' })).toEqual([])
    expect(issuesOf({ symbol: 'AAPL.US', clientOid: 'a-1' })).toEqual([])
    expect(issuesOf({ symbol: 'AAPL.US' })).toEqual([['one_of', 'orderId']])
    expect(issuesOf({ orderId: '1001' })).toEqual([['missing', 'symbol']])
    expect(issuesOf({ symbol: 'AAPL.US', orderId: 'abc' })).toEqual([['format', 'orderId']])
  })
})

describe('modifyOrder', () => {
  const issuesOf = issuesFor(modifyOrder)
  test('quantity and orderId are required; prices are sent as normalised decimal strings', () => {
    expect(
      Endpoint.check(modifyOrder, { orderId: '1001', quantity: '5', price: '149.50' }).output,
    ).toEqual({ orderId: '1001', quantity: '5', price: '149.5' })
    expect(issuesOf({ orderId: '1001' })).toEqual([['missing', 'quantity']])
    expect(issuesOf({ quantity: '1' })).toEqual([['missing', 'orderId']])
    expect(issuesOf({ orderId: '1001', quantity: '0' })).toEqual([['range', 'quantity']])
    expect(issuesOf({ orderId: '1001', quantity: '1', price: '0' })).toEqual([['range', 'price']])
  })

  test('limitDepthLevel, triggerCount and remark keep their place-order bounds', () => {
    expect(issuesOf({ orderId: '1', quantity: '1', limitDepthLevel: 6 })).toEqual([
      ['range', 'limitDepthLevel'],
    ])
    expect(issuesOf({ orderId: '1', quantity: '1', triggerCount: 4 })).toEqual([
      ['range', 'triggerCount'],
    ])
    expect(issuesOf({ orderId: '1', quantity: '1', remark: 'x'.repeat(65) })).toEqual([
      ['length', 'remark'],
    ])
  })

  test.each([
    'quantity',
    'price',
    'triggerPrice',
    'limitOffset',
    'trailingAmount',
    'trailingPercent',
    'monitorPrice',
  ])(
    'a price, quantity or amount is a decimal string: %s given as a number is refused naming it',
    (field) => {
      const result = Endpoint.check(modifyOrder, { orderId: '1', quantity: '1', [field]: 5 })
      expect(result.issues?.map((issue) => issue.message)).toEqual([
        `${field}: expected a decimal string such as "150.5" (not a number), received 5`,
      ])
    },
  )

  test('a field place-order names differently is unknown here (price, not submittedPrice)', () => {
    expect(issuesOf({ orderId: '1', quantity: '1', submittedPrice: '1' })).toEqual([
      ['unknown', 'submittedPrice'],
    ])
  })
})

describe('order reads', () => {
  test('getOrderDetail needs an orderId of digits', () => {
    const issuesOf = issuesFor(getOrderDetail)
    expect(issuesOf({ orderId: '1001' })).toEqual([])
    expect(issuesOf({})).toEqual([['missing', 'orderId']])
  })

  test('a status filter is one status or several, sent comma-separated without repeats', () => {
    expect(
      Endpoint.check(getTodayOrders, {
        status: ['NewStatus', 'FilledStatus', 'NewStatus'],
        side: 'Buy',
        market: 'US',
      }).output,
    ).toEqual({ status: 'NewStatus,FilledStatus', side: 'Buy', market: 'US' })
    expect(Endpoint.check(getTodayOrders, { status: 'NewStatus, FilledStatus' }).output).toEqual({
      status: 'NewStatus,FilledStatus',
    })
    const issuesOf = issuesFor(getTodayOrders)
    expect(issuesOf({ status: 'Open' })).toEqual([['value', 'status.0']])
    expect(issuesOf({ status: [] })).toEqual([['length', 'status']])
    expect(issuesOf({ side: 'buy' })).toEqual([['value', 'side']])
    expect(issuesOf({ market: 'CN' })).toEqual([['value', 'market']])
    expect(issuesOf({ status: 'x'.repeat(10_000) })).toEqual([['length', 'status']])
  })

  test('getHistoryOrders: startAt may not be after endAt (Unix seconds)', () => {
    const issuesOf = issuesFor(getHistoryOrders)
    expect(Endpoint.check(getHistoryOrders, { startAt: 1, endAt: '2' }).output).toEqual({
      startAt: '1',
      endAt: '2',
    })
    expect(issuesOf({ startAt: 3, endAt: 2 })).toEqual([['range', 'startAt']])
    expect(issuesOf({ startAt: 1767225600000 })).toEqual([['range', 'startAt']])
  })

  test('getTodayExecutions filters by symbol and orderId', () => {
    const issuesOf = issuesFor(getTodayExecutions)
    expect(issuesOf({ symbol: 'AAPL.US', orderId: '1' })).toEqual([])
    expect(issuesOf({ symbol: 'AAPL' })).toEqual([['format', 'symbol']])
  })

  test('the final statuses end an order; every other status is live', () => {
    expect(orderStatuses.filter((s) => !isLiveOrderStatus(s))).toEqual([
      'FilledStatus',
      'RejectedStatus',
      'CanceledStatus',
      'ExpiredStatus',
      'PartialWithdrawal',
    ])
  })
})
