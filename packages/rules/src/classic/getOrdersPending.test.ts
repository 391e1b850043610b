import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getOrdersPending } from './getOrdersPending.js'

const issuesOf = issuesFor(getOrdersPending)

describe('getOrdersPending', () => {
  test('decision: "classic ... pending ... provided at the exchange\'s public path" /api/v2/mix/order/orders-pending', () => {
    expect([getOrdersPending.method, getOrdersPending.path]).toEqual([
      'GET',
      '/api/v2/mix/order/orders-pending',
    ])
  })

  test('the exchange docs: "productType" is required', () => {
    expect(issuesOf({})).toEqual([['missing', 'productType']])
    expect(issuesOf({ productType: 'USDC-FUTURES' })).toEqual([])
  })

  test('the exchange docs: "productType, symbol, orderId, clientOid, status, idLessThan, times, limit"', () => {
    const query = {
      productType: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      orderId: '1',
      clientOid: 'c-1',
      status: 'partially_filled',
      idLessThan: '99',
      startTime: '1700000000000',
      endTime: '1700000360000',
      limit: '100',
    }
    expect(Endpoint.check(getOrdersPending, query)).toEqual({ success: true, output: query })
    expect(issuesOf({ ...query, status: 'filled' })).toEqual([['value', 'status']])
  })

  test('query values travel as strings: numbers for times and limit are sent as text', () => {
    expect(
      Endpoint.check(getOrdersPending, {
        productType: 'USDT-FUTURES',
        startTime: 1700000000000,
        limit: 20,
      }).output,
    ).toEqual({ productType: 'USDT-FUTURES', startTime: '1700000000000', limit: '20' })
  })

  test.each([
    ['limit', '0', 'range'],
    ['limit', '101', 'range'],
    ['limit', 2.5, 'format'],
    ['limit', 'ten', 'format'],
    ['startTime', -1, 'format'],
    ['endTime', true, 'type'],
  ])('%s = %j is a %s issue', (field, value, type) => {
    expect(issuesOf({ productType: 'USDT-FUTURES', [field]: value })).toEqual([[type, field]])
  })

  test('decision: endTime before startTime is a range issue', () => {
    expect(
      issuesOf({
        productType: 'USDT-FUTURES',
        startTime: '1700000360000',
        endTime: '1700000000000',
      }),
    ).toEqual([['range', 'endTime']])
  })
})
