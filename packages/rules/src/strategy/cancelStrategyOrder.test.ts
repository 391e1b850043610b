import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { cancelStrategyOrder } from './cancelStrategyOrder.js'

describe('cancelStrategyOrder', () => {
  test('decision: endpoints named only in navigation are provided at the exchange\'s public paths ("/api/v3/trade/cancel-strategy-order")', () => {
    expect([cancelStrategyOrder.id, cancelStrategyOrder.method, cancelStrategyOrder.path]).toEqual([
      'strategy.cancelStrategyOrder',
      'POST',
      '/api/v3/trade/cancel-strategy-order',
    ])
  })

  test('the exchange docs: "strategy modify / cancel | ... | `orderId` or `clientOid`"', () => {
    expect(Endpoint.check(cancelStrategyOrder, { symbol: 'BTCUSDT' }).issues?.[0]?.message).toBe(
      'orderId: one of orderId or clientOid is required',
    )
    expect(Endpoint.check(cancelStrategyOrder, { clientOid: 'sl-1' }).success).toBe(true)
  })

  test('decision: `category` values: accepted in either case, sent upper-case', () => {
    expect(
      Endpoint.check(cancelStrategyOrder, {
        orderId: '1',
        category: 'usdt-futures',
        symbol: 'BTCUSDT',
      }).output,
    ).toEqual({ orderId: '1', category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
  })
})
