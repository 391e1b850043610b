/**
 * What a TypeScript user writes: a misspelt record field refused, a caught error narrowed to the
 * errors the call throws.
 */
import { describe, expectTypeOf, test } from 'vitest'
import { type getProducts, SavingsOutcomeUnknownError, type subscribe } from './index.js'

describe('records are closed for known fields', () => {
  test('a misspelt field is a type error', () => {
    const product = {} as getProducts.ReturnType[number]
    expectTypeOf(product.productId).toEqualTypeOf<string>()
    // @ts-expect-error `productID` is no field of a product (the field is `productId`)
    product.productID
  })
})

describe('ErrorType narrows', () => {
  test('a subscription narrows to its unknown outcome', () => {
    const error = {} as subscribe.ErrorType
    if (SavingsOutcomeUnknownError.isInstance(error))
      expectTypeOf(error.ambiguity).toEqualTypeOf<'none-found' | 'several-found'>()
    if (error.name === 'SavingsOutcomeUnknownError')
      expectTypeOf(error.operation).toEqualTypeOf<'subscribe' | 'redeem'>()
  })
})
