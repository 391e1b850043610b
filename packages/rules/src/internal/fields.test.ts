import { describe, expect, test } from 'vitest'
import * as ClassicFutures from '../ClassicFutures.js'
import * as Endpoint from '../Endpoint.js'
import * as Securities from '../Securities.js'
import * as Strategy from '../Strategy.js'
import * as Unified from '../Unified.js'

describe('decimal fields are sent normalised', () => {
  const spot = { category: 'SPOT', symbol: 'ETHUSDT', side: 'buy', orderType: 'limit' } as const
  test.each([
    [
      'unified place-order',
      Unified.placeOrder,
      { ...spot, qty: '0.0100', price: '3000.50', takeProfit: '3500.0' },
      { qty: '0.01', price: '3000.5', takeProfit: '3500' },
    ],
    [
      'unified modify-order',
      Unified.modifyOrder,
      { orderId: '1', price: '3000.00', stopLoss: '0.0' },
      { price: '3000', stopLoss: '0' },
    ],
    [
      'place-batch item',
      Unified.placeBatch,
      [{ ...spot, qty: '1.10', price: '100.00' }],
      [{ qty: '1.1', price: '100' }],
    ],
    [
      'strategy trigger',
      Strategy.placeStrategyOrder,
      {
        category: 'SPOT',
        symbol: 'ETHUSDT',
        type: 'trigger',
        side: 'buy',
        qty: '2.0',
        triggerPrice: '3100.10',
        triggerOrderType: 'market',
      },
      { qty: '2', triggerPrice: '3100.1' },
    ],
    [
      'classic place-order',
      ClassicFutures.placeOrder,
      {
        symbol: 'BTCUSDT',
        productType: 'USDT-FUTURES',
        marginMode: 'crossed',
        marginCoin: 'USDT',
        size: '0.010',
        side: 'buy',
        orderType: 'limit',
        price: '65000.0',
        presetStopLossPrice: '60000.00',
      },
      { size: '0.01', price: '65000', presetStopLossPrice: '60000' },
    ],
    [
      'classic modify-order',
      ClassicFutures.modifyOrder,
      {
        symbol: 'BTCUSDT',
        productType: 'USDT-FUTURES',
        newClientOid: 'n-1',
        orderId: '1',
        newSize: '0.020',
        newPrice: '64000.0',
        newPresetStopLossPrice: '',
      },
      { newSize: '0.02', newPrice: '64000', newPresetStopLossPrice: '' },
    ],
    [
      'securities place-order',
      Securities.placeOrder,
      {
        symbol: 'AAPL.US',
        orderType: 'LO',
        side: 'Buy',
        submittedQuantity: '10.0',
        submittedPrice: '150.50',
        timeInForce: 'Day',
        outsideRth: 'RTHOnly',
      },
      { submittedQuantity: '10', submittedPrice: '150.5' },
    ],
    [
      'securities transfer',
      Securities.transfer,
      { coin: 'USDC', amount: '100.00', direction: 'in' },
      { amount: '100' },
    ],
  ] as const)(
    'decision: %s sends prices and quantities without trailing fractional zeros ("100.0" -> "100")',
    (_, endpoint, input, expected) => {
      const check = Endpoint.check as (e: unknown, i: unknown) => { output?: unknown }
      expect(check(endpoint, input).output).toMatchObject(expected)
    },
  )

  test('decision: a price written with trailing zeros passes the precision it has once normalised', () => {
    const instrument = { symbol: 'ETHUSDT', pricePrecision: 1, priceMultiplier: '0.1' }
    const result = Endpoint.check(
      Unified.placeOrder,
      { ...spot, category: 'USDT-FUTURES', symbol: 'ETHUSDT', qty: '1', price: '100.50' },
      { instrument },
    )
    expect(result.success).toBe(true)
    expect(result.output?.price).toBe('100.5')
  })
})
