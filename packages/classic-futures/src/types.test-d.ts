/**
 * What a TypeScript user writes: the retry of an unknown outcome passed back as it is, the
 * `orderId` of `modify(..., { waitForNew: true })` and of an `ok` batch outcome read as a
 * string, a misspelt record field refused, a caught error narrowed by `isInstance` or `name`.
 */
import { describe, expectTypeOf, test } from 'vitest'
import {
  ApiError,
  createClassicFuturesClient,
  type getTicker,
  type modifyOrder,
  NewOrderNotFoundError,
  OrderOutcomeUnknownError,
  type placeOrder,
} from './index.js'
import { restingBuy } from './test/sandbox.js'

const client = createClassicFuturesClient()
const order = restingBuy satisfies placeOrder.Parameters
const change = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  orderId: '1001',
  newSize: '0.02',
  newPrice: '59000',
} satisfies modifyOrder.Parameters

describe('retryWith', () => {
  test('is the action’s parameters once the error is narrowed: the retry compiles', async () => {
    try {
      await client.orders.place(order)
    } catch (caught) {
      const error = caught as placeOrder.ErrorType
      if (OrderOutcomeUnknownError.isInstance(error)) {
        expectTypeOf(error.retryWith).toEqualTypeOf<placeOrder.Parameters>()
        await client.orders.place(error.retryWith)
      }
    }
  })

  test('a modification’s retry is the modification', async () => {
    try {
      await client.orders.modify(change)
    } catch (caught) {
      const error = caught as modifyOrder.ErrorType
      if (error.name === 'OrderOutcomeUnknownError') await client.orders.modify(error.retryWith)
      if (NewOrderNotFoundError.isInstance(error))
        expectTypeOf(error.newClientOid).toEqualTypeOf<string>()
    }
  })
})

describe('orderId is a string where the client guarantees one', () => {
  test('modify with waitForNew: true returns the new order’s orderId', async () => {
    const waited = await client.orders.modify(change, { waitForNew: true })
    expectTypeOf(waited.orderId).toEqualTypeOf<string>()
    const acknowledged = await client.orders.modify(change)
    expectTypeOf(acknowledged.orderId).toEqualTypeOf<string | null>()
    const maybe = await client.orders.modify(change, { waitForNew: Math.random() > 0.5 })
    expectTypeOf(maybe.orderId).toEqualTypeOf<string | null>()
  })

  test('an ok outcome of a batch placement carries a string orderId', async () => {
    for (const outcome of await client.batch.place([order]))
      if (outcome.status === 'ok') expectTypeOf(outcome.orderId).toEqualTypeOf<string>()
  })
})

describe('records are closed for known fields', () => {
  test('a misspelt field is a type error; a known one is typed', () => {
    const ticker = {} as getTicker.ReturnType[number]
    expectTypeOf(ticker.lastPr).toEqualTypeOf<string | null>()
    // @ts-expect-error `lastPrize` is no field of a ticker
    ticker.lastPrize
  })
})

describe('ErrorType narrows', () => {
  test('a read narrows to ApiError; its name is one of a closed list', () => {
    const error = {} as getTicker.ErrorType
    if (ApiError.isInstance(error)) expectTypeOf(error.code).toEqualTypeOf<string>()
    expectTypeOf<'OrderOutcomeUnknownError'>().not.toMatchTypeOf<getTicker.ErrorType['name']>()
  })
})
