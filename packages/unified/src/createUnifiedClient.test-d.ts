import { describe, expectTypeOf, test } from 'vitest'
import { placeOrder } from './actions/placeOrder.js'
import { createUnifiedClient } from './createUnifiedClient.js'
import type { BatchOutcome } from './internal/batches.js'
import type { OrderRecord } from './schemas/order.js'

const client = createUnifiedClient()

describe('createUnifiedClient', () => {
  test('typed inputs: a wrong side or a number price does not compile', () => {
    expectTypeOf(client.orders.place)
      .parameter(0)
      .toMatchTypeOf<{ side: 'buy' | 'sell'; category: string; qty: string }>()
    void client.orders.place({
      category: 'SPOT',
      symbol: 'X',
      // @ts-expect-error: side is 'buy' or 'sell'
      side: 'long',
      orderType: 'market',
      qty: '1',
    })
    void client.orders.place({
      category: 'SPOT',
      symbol: 'X',
      side: 'buy',
      orderType: 'limit',
      qty: '1',
      // @ts-expect-error: a price is a decimal string, never a number
      price: 1.5,
    })
  })

  test('typed results', () => {
    expectTypeOf(placeOrder).returns.resolves.toEqualTypeOf<{
      readonly orderId: string
      readonly clientOid: string
    }>()
    expectTypeOf(client.orders.get).returns.resolves.toEqualTypeOf<OrderRecord>()
    expectTypeOf(client.batch.place).returns.resolves.toEqualTypeOf<BatchOutcome<string>[]>()
    expectTypeOf(client.countdown.set).returns.resolves.toEqualTypeOf<string>()
  })
})
