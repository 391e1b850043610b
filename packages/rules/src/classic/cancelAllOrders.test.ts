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

  test('the exchange docs: "productType, marginCoin" with productType required', () => {
    expect(issuesOf({})).toEqual([['missing', 'productType']])
    const body = { productType: 'USDT-FUTURES', marginCoin: 'USDT' }
    expect(Endpoint.check(cancelAllOrders, body)).toEqual({ success: true, output: body })
  })

  test('decision: a symbol is refused: the page names none, and an exchange that ignored it would cancel every symbol', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })).toEqual([
      ['unknown', 'symbol'],
    ])
  })

  test('marginCoin is capitalized as in the other classic endpoints', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', marginCoin: 'usdt' })).toEqual([
      ['format', 'marginCoin'],
    ])
  })
})
