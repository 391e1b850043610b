/**
 * What a TypeScript user writes: the retry of an unknown outcome passed back as it is, an `ok`
 * batch outcome's `orderId` read as a string, a misspelt record field refused, a caught error
 * narrowed by `isInstance` or `name`.
 */
import { describe, expectTypeOf, test } from 'vitest'
import {
  ApiError,
  createUnifiedClient,
  type getTickers,
  type OrderNotPlacedError,
  OrderOutcomeUnknownError,
  type placeBatch,
  type placeOrder,
  type placeOrders,
  ValidationError,
} from './index.js'
import { restingBuy } from './test/sandbox.js'

const client = createUnifiedClient()
const order = restingBuy satisfies placeOrder.Parameters

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
      if (error.name === 'OrderOutcomeUnknownError') await client.orders.place(error.retryWith)
    }
  })

  test('of a single batch is the list of its orders: the retry compiles', async () => {
    try {
      await client.batch.placeOne([order])
    } catch (caught) {
      const error = caught as placeBatch.ErrorType
      if (OrderOutcomeUnknownError.isInstance(error)) {
        expectTypeOf(error.retryWith).toMatchTypeOf<placeBatch.Parameters>()
        await client.batch.placeOne(error.retryWith)
      }
    }
  })

  test('without the action’s type the parameters are a plain record (not any)', () => {
    const error = {} as unknown
    if (OrderOutcomeUnknownError.isInstance(error))
      expectTypeOf(error.retryWith).toEqualTypeOf<Readonly<Record<string, unknown>>>()
  })
})

describe('batch outcomes', () => {
  test('an ok outcome of a batch placement carries a string orderId', async () => {
    const outcomes = await client.batch.place([order])
    expectTypeOf(outcomes).toEqualTypeOf<placeOrders.ReturnType>()
    for (const outcome of outcomes) {
      if (outcome.status === 'ok') expectTypeOf(outcome.orderId).toEqualTypeOf<string>()
      if (outcome.status === 'rejected')
        expectTypeOf(outcome.orderId).toEqualTypeOf<string | null>()
      if (outcome.status === 'failed') expectTypeOf(outcome).not.toHaveProperty('orderId')
    }
  })
})

describe('records are closed for known fields', () => {
  test('a misspelt field is a type error; a known one is typed', async () => {
    const [ticker] = await client.market.getTickers({ category: 'SPOT' })
    if (ticker === undefined) return
    expectTypeOf(ticker.lastPrice).toEqualTypeOf<string | null>()
    // @ts-expect-error `lastPrize` is no field of a ticker
    ticker.lastPrize
    expectTypeOf<getTickers.ReturnType[number]>().not.toHaveProperty('lastPrize')
  })
})

describe('ErrorType narrows', () => {
  test('by isInstance and by name, to the errors the action throws', () => {
    const error = {} as placeOrder.ErrorType
    if (ApiError.isInstance(error)) expectTypeOf(error.code).toEqualTypeOf<string>()
    if (ValidationError.isInstance(error)) expectTypeOf(error).toMatchTypeOf<ValidationError>()
    if (error.name === 'OrderNotPlacedError')
      expectTypeOf(error).toMatchTypeOf<OrderNotPlacedError>()
    expectTypeOf<placeOrder.ErrorType['name']>().toEqualTypeOf<
      | 'ValidationError'
      | 'MissingCredentialsError'
      | 'ApiError'
      | 'RateLimitedError'
      | 'ResponseError'
      | 'NetworkError'
      | 'TimeoutError'
      | 'UnknownOutcomeError'
      | 'OrderOutcomeUnknownError'
      | 'OrderNotPlacedError'
      | 'OrderIdUnresolvedError'
    >()
  })

  test('a read throws no outcome errors', () => {
    expectTypeOf<'UnknownOutcomeError'>().not.toMatchTypeOf<getTickers.ErrorType['name']>()
    expectTypeOf<'OrderOutcomeUnknownError'>().not.toMatchTypeOf<getTickers.ErrorType['name']>()
  })
})
