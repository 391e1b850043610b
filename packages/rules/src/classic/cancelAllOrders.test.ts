import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { cancelAllOrders } from './cancelAllOrders.js'

const issuesOf = issuesFor(cancelAllOrders)

describe('cancelAllOrders', () => {
  test('decision: "classic ... cancel all ... provided at the exchange\'s public path" /api/v2/mix/order/cancel-all-orders', () => {
    expect([cancelAllOrders.method, cancelAllOrders.path]).toEqual([
      'POST',
      '/api/v2/mix/order/cancel-all-orders',
    ])
  })

  test('the exchange docs: "productType, symbol, marginCoin" with productType required', () => {
    expect(issuesOf({})).toEqual([['missing', 'productType']])
    const body = { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', marginCoin: 'USDT' }
    expect(Endpoint.check(cancelAllOrders, body)).toEqual({ success: true, output: body })
  })

  test('marginCoin is capitalized as in the other classic endpoints', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', marginCoin: 'usdt' })).toEqual([
      ['format', 'marginCoin'],
    ])
  })
})
