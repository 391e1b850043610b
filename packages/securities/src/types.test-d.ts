/**
 * What a TypeScript user writes: a misspelt quote field refused, a caught error narrowed to the
 * errors the call throws.
 */
import { describe, expectTypeOf, test } from 'vitest'
import {
  type ApiError,
  type getQuote,
  type modifyOrder,
  type placeOrder,
  StockOrderOutcomeUnknownError,
} from './index.js'

describe('records are closed for known fields', () => {
  test('quote.lastPrize is a type error; quote.lastDone is a decimal string', () => {
    const quote = {} as getQuote.ReturnType[number]
    expectTypeOf(quote.lastDone).toEqualTypeOf<string | null>()
    // @ts-expect-error `lastPrize` is no field of a quote
    quote.lastPrize
  })
})

describe('ErrorType narrows', () => {
  test('a placement narrows to the stock order’s unknown outcome, with its candidates', () => {
    const error = {} as placeOrder.ErrorType
    if (StockOrderOutcomeUnknownError.isInstance(error))
      expectTypeOf(error.candidates).toEqualTypeOf<readonly string[]>()
    if (error.name === 'ApiError') expectTypeOf(error).toMatchTypeOf<ApiError>()
    // A stock order carries no client id: no retry is offered.
    expectTypeOf<'OrderOutcomeUnknownError'>().not.toMatchTypeOf<placeOrder.ErrorType['name']>()
  })
})

describe('prices, quantities and amounts are decimal strings, never numbers', () => {
  test('placeOrder: a number is not assignable to a price, a quantity or an offset', () => {
    type Parameters = placeOrder.Parameters
    expectTypeOf<number>().not.toMatchTypeOf<Parameters['submittedQuantity']>()
    expectTypeOf<number>().not.toMatchTypeOf<NonNullable<Parameters['submittedPrice']>>()
    expectTypeOf<number>().not.toMatchTypeOf<NonNullable<Parameters['triggerPrice']>>()
    expectTypeOf<number>().not.toMatchTypeOf<NonNullable<Parameters['limitOffset']>>()
    expectTypeOf<number>().not.toMatchTypeOf<NonNullable<Parameters['trailingAmount']>>()
    expectTypeOf<number>().not.toMatchTypeOf<NonNullable<Parameters['trailingPercent']>>()
    expectTypeOf<number>().not.toMatchTypeOf<NonNullable<Parameters['monitorPrice']>>()
    expectTypeOf<Parameters['submittedQuantity']>().toEqualTypeOf<string>()
  })

  test('modifyOrder: a number is not assignable to quantity or price', () => {
    type Parameters = modifyOrder.Parameters
    expectTypeOf<number>().not.toMatchTypeOf<Parameters['quantity']>()
    expectTypeOf<number>().not.toMatchTypeOf<NonNullable<Parameters['price']>>()
    // @ts-expect-error a quantity is a decimal string, not a number
    const order: Parameters = { orderId: '1001', quantity: 5 }
    expectTypeOf(order.quantity).toEqualTypeOf<string>()
  })
})
