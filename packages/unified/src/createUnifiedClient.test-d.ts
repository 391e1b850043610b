import { describe, expectTypeOf, test } from 'vitest'
import { placeOrder } from './actions/placeOrder.js'
import type { placeStrategyOrder } from './actions/placeStrategyOrder.js'
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

  test('twap offsets and prices are decimal strings (sent as JSON numbers of that text), never numbers', () => {
    type TwapParam = NonNullable<placeStrategyOrder.Parameters['twapParams']>[number]
    expectTypeOf<TwapParam['limitOffsetPercentage']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<TwapParam['limitOffsetSpread']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<TwapParam['twapTriggerPrice']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<TwapParam['twapTerminationPrice']>().toEqualTypeOf<string | undefined>()
    const twap = { category: 'SPOT', symbol: 'X', type: 'twap', side: 'buy', qty: '1' } as const
    const base = { duration: '60', interval: '30', orderType: 'limit' } as const
    void client.strategy.place({
      ...twap,
      twapParams: [{ ...base, limitOffsetPercentage: '0.005', twapTriggerPrice: '61000.5' }],
    })
    // @ts-expect-error: limitOffsetPercentage is a decimal string, never a number
    void client.strategy.place({ ...twap, twapParams: [{ ...base, limitOffsetPercentage: 0.005 }] })
    void client.strategy.place({
      ...twap,
      // @ts-expect-error: limitOffsetSpread is a decimal string, never a number
      twapParams: [{ ...base, limitOffsetType: 'spread', limitOffsetSpread: 12.5 }],
    })
    // @ts-expect-error: twapTriggerPrice is a decimal string, never a number
    void client.strategy.place({ ...twap, twapParams: [{ ...base, twapTriggerPrice: 61000 }] })
    // @ts-expect-error: twapTerminationPrice is a decimal string, never a number
    void client.strategy.place({ ...twap, twapParams: [{ ...base, twapTerminationPrice: 65000 }] })
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
