import { describe, expectTypeOf, test } from 'vitest'
import type * as Category from '../Category.js'
import type * as Endpoint from '../Endpoint.js'
import type { JsonNumber } from '../JsonNumber.js'
import type { batchModifyOrder } from './batchModifyOrder.js'
import type { cancelBatch } from './cancelBatch.js'
import type { modifyOrder } from './modifyOrder.js'
import type { placeBatch } from './placeBatch.js'
import type { placeOrder } from './placeOrder.js'
import type { getHistoryOrders } from './queries.js'

describe('unified endpoint types', () => {
  test('place-order: prices and quantities are strings, category is sent upper-case', () => {
    expectTypeOf<placeOrder.Parameters['qty']>().toEqualTypeOf<string>()
    expectTypeOf<placeOrder.Parameters['category']>().toEqualTypeOf<Category.Input>()
    expectTypeOf<placeOrder.Request['category']>().toEqualTypeOf<
      'SPOT' | 'MARGIN' | 'USDT-FUTURES' | 'COIN-FUTURES' | 'USDC-FUTURES'
    >()
    expectTypeOf<placeOrder.Request['side']>().toEqualTypeOf<'buy' | 'sell'>()
  })

  test('place-order context is the second type parameter of the endpoint', () => {
    expectTypeOf<Endpoint.ContextOf<typeof placeOrder>>().toEqualTypeOf<placeOrder.Context>()
  })

  test('modify-order: requestId goes in as a string, a number or a JsonNumber and out as a JsonNumber', () => {
    expectTypeOf<modifyOrder.Parameters['requestId']>().toEqualTypeOf<
      string | number | JsonNumber | undefined
    >()
    expectTypeOf<modifyOrder.Request['requestId']>().toEqualTypeOf<JsonNumber | undefined>()
  })

  test('batches are lists of items; batch items have no reduceOnly or tp/sl fields', () => {
    expectTypeOf<placeBatch.Parameters>().toEqualTypeOf<readonly placeBatch.Item[]>()
    expectTypeOf<placeBatch.Item>().not.toHaveProperty('reduceOnly')
    expectTypeOf<placeBatch.Item>().not.toHaveProperty('takeProfit')
    expectTypeOf<batchModifyOrder.Parameters>().toEqualTypeOf<readonly batchModifyOrder.Item[]>()
    expectTypeOf<cancelBatch.Item['symbol']>().toEqualTypeOf<string>()
  })

  test('history-orders takes `now` in its context', () => {
    expectTypeOf<getHistoryOrders.Context['now']>().toEqualTypeOf<number | undefined>()
  })
})
