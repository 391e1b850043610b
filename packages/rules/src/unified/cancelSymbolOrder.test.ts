import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { cancelSymbolOrder } from './cancelSymbolOrder.js'

describe('cancelSymbolOrder', () => {
  test('decision: "cancel all orders" is provided at `/api/v3/trade/cancel-symbol-order`', () => {
    expect([cancelSymbolOrder.id, cancelSymbolOrder.method, cancelSymbolOrder.path]).toEqual([
      'unified.cancelSymbolOrder',
      'POST',
      '/api/v3/trade/cancel-symbol-order',
    ])
  })

  test('the exchange docs: "`category` (required), `symbol`"', () => {
    expect(Endpoint.check(cancelSymbolOrder, { category: 'spot' }).output).toEqual({
      category: 'SPOT',
    })
    expect(
      Endpoint.check(cancelSymbolOrder, { symbol: 'BTCUSDT' }).issues?.map((i) => i.type),
    ).toEqual(['missing'])
    expect(Endpoint.validate(cancelSymbolOrder, { category: 'SPOT', symbol: 'BTCUSDT' })).toBe(true)
  })
})
