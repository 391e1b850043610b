import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getOrderDetail } from './getOrderDetail.js'

const base = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', clientOid: 'c-1' } as const

const issuesOf = issuesFor(getOrderDetail)

describe('getOrderDetail', () => {
  test('decision: "classic order detail ... provided at the exchange\'s public path" /api/v2/mix/order/detail', () => {
    expect([getOrderDetail.method, getOrderDetail.path, getOrderDetail.auth]).toEqual([
      'GET',
      '/api/v2/mix/order/detail',
      true,
    ])
  })

  test('a query by clientOid passes unchanged', () => {
    expect(Endpoint.check(getOrderDetail, base)).toEqual({ success: true, output: base })
  })

  test.each(['symbol', 'productType'] as const)('the exchange docs: "%s" is required', (field) => {
    const { [field]: _, ...rest } = base
    expect(issuesOf(rest)).toEqual([['missing', field]])
  })

  test('the exchange docs: "orderId or clientOid"', () => {
    expect(issuesOf({ symbol: 'BTCUSDT', productType: 'USDT-FUTURES' })).toEqual([
      ['one_of', 'orderId'],
    ])
    expect(issuesOf({ symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: '1' })).toEqual([])
  })
})
