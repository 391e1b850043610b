import type { ClassicFutures, Instrument } from '@tradeline/rules'
import { describe, expectTypeOf, test } from 'vitest'
import type { modifyOrder } from './actions/modifyOrder.js'
import { placeOrder } from './actions/placeOrder.js'
import {
  type ClassicFuturesClient,
  createClassicFuturesClient,
} from './createClassicFuturesClient.js'
import type { BatchOutcome } from './internal/batches.js'
import type { OrderDetail, PendingPage, SettledBatchResult } from './schemas/records.js'

const client = createClassicFuturesClient()

const order = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  side: 'buy',
  orderType: 'limit',
  price: '60000',
} as const

describe('createClassicFuturesClient', () => {
  test('the client and its groups', () => {
    expectTypeOf(client).toEqualTypeOf<ClassicFuturesClient>()
    expectTypeOf(client.orders).toHaveProperty('place')
    expectTypeOf(client.orders).toHaveProperty('reverse')
    expectTypeOf(client.orders).toHaveProperty('modify')
    expectTypeOf(client.orders).toHaveProperty('cancel')
    expectTypeOf(client.orders).toHaveProperty('get')
    expectTypeOf(client.orders).toHaveProperty('getPending')
    expectTypeOf(client.orders).toHaveProperty('cancelAll')
    expectTypeOf(client.orders).toHaveProperty('closePositions')
    expectTypeOf(client.batch).toHaveProperty('place')
    expectTypeOf(client.batch).toHaveProperty('placeOne')
    expectTypeOf(client.batch).toHaveProperty('cancel')
    expectTypeOf(client.batch).toHaveProperty('cancelOne')
    expectTypeOf(client.market).toHaveProperty('getContracts')
    expectTypeOf(client.instruments.get).returns.resolves.toEqualTypeOf<Instrument | undefined>()
    expectTypeOf(client.instruments.load).returns.toEqualTypeOf<Promise<void>>()
  })

  test('methods take the actions parameters without the client', () => {
    expectTypeOf(client.orders.place)
      .parameter(0)
      .toEqualTypeOf<ClassicFutures.placeOrder.Parameters>()
    expectTypeOf(client.orders.place).parameter(1).toEqualTypeOf<placeOrder.Options | undefined>()
    expectTypeOf(client.orders.modify).parameter(0).toEqualTypeOf<modifyOrder.Parameters>()
  })

  test('typed inputs: a wrong product type, side or a number size does not compile', () => {
    // @ts-expect-error: 'FUTURES' is not a classic product type
    void client.orders.place({ ...order, productType: 'FUTURES' })
    // @ts-expect-error: 'FUTURES' is not a classic product type
    void client.orders.getPending({ productType: 'FUTURES' })
    // @ts-expect-error: 'FUTURES' is not a classic product type
    void client.batch.place([{ ...order, productType: 'FUTURES' }])
    // @ts-expect-error: side is 'buy' or 'sell'
    void client.orders.place({ ...order, side: 'long' })
    // @ts-expect-error: a size is a decimal string, never a number
    void client.orders.place({ ...order, size: 0.01 })
    // @ts-expect-error: positionMode is 'hedge' or 'one_way'
    createClassicFuturesClient({ positionMode: 'two_way' })
  })

  test('typed results', () => {
    expectTypeOf(placeOrder).returns.resolves.toEqualTypeOf<{
      readonly orderId: string
      readonly clientOid: string
    }>()
    expectTypeOf(client.orders.place).returns.resolves.toEqualTypeOf<placeOrder.ReturnType>()
    expectTypeOf(client.orders.modify).toEqualTypeOf<modifyOrder.Bound>()
    expectTypeOf(client.orders.get).returns.resolves.toEqualTypeOf<OrderDetail>()
    expectTypeOf(client.orders.getPending).returns.resolves.toEqualTypeOf<PendingPage>()
    expectTypeOf(client.batch.place).returns.resolves.toEqualTypeOf<BatchOutcome<string>[]>()
    expectTypeOf(client.batch.cancel).returns.resolves.toEqualTypeOf<BatchOutcome[]>()
    expectTypeOf(client.batch.placeOne).returns.resolves.toEqualTypeOf<SettledBatchResult>()
    expectTypeOf(client.batch.cancelOne).returns.resolves.toEqualTypeOf<SettledBatchResult>()
  })
})
