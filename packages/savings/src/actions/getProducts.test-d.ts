import type { Savings } from '@tradeline/rules'
import { describe, expectTypeOf, test } from 'vitest'
import type { createSavingsClient } from '../createSavingsClient.js'
import type { ProductRecord } from '../schemas/records.js'

describe('products() → subscribeInfo()', () => {
  test('periodType is the enum the docs list (flexible, fixed), not string | null', () => {
    expectTypeOf<ProductRecord['periodType']>().toEqualTypeOf<Savings.PeriodType>()
    expectTypeOf<ProductRecord['periodType']>().toEqualTypeOf<'flexible' | 'fixed'>()
  })

  test('a listed product passes to subscribeInfo without a cast', () => {
    type Client = ReturnType<typeof createSavingsClient>
    const use = async (client: Client) => {
      const [product] = await client.getProducts()
      if (!product) return
      await client.getSubscribeInfo({
        productId: product.productId,
        periodType: product.periodType,
      })
    }
    expectTypeOf(use).toBeFunction()
  })
})
