/**
 * What a TypeScript user writes: a misspelt quote field refused, a caught error narrowed to the
 * errors the call throws.
 */
import { describe, expectTypeOf, test } from 'vitest'
import {
  type ApiError,
  type getQuote,
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
