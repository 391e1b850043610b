import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { getProducts } from './getProducts.js'

describe('getProducts', () => {
  test('docs/records.md: "query `coin` ..., `filter` (`available`, `held`, `available_and_held`, `all`)"', () => {
    expect(Endpoint.validate(getProducts, {})).toBe(true)
    for (const filter of ['available', 'held', 'available_and_held', 'all'])
      expect(Endpoint.validate(getProducts, { coin: 'USDT', filter })).toBe(true)
    expect(Endpoint.check(getProducts, { filter: 'some' }).issues?.[0]?.path).toEqual(['filter'])
  })
})
