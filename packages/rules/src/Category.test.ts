import { describe, expect, test } from 'vitest'
import * as Category from './Category.js'

describe('categories', () => {
  test('Allowed values: `SPOT`, `MARGIN`, `USDT-FUTURES`, `COIN-FUTURES`, `USDC-FUTURES`.', () => {
    expect(Category.categories).toEqual([
      'SPOT',
      'MARGIN',
      'USDT-FUTURES',
      'COIN-FUTURES',
      'USDC-FUTURES',
    ])
  })
})

describe('futuresCategories', () => {
  test('the three futures lines, all of them categories', () => {
    expect(Category.futuresCategories).toEqual(['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'])
    for (const category of Category.futuresCategories)
      expect(Category.categories).toContain(category)
  })
})

describe('isFutures', () => {
  test.each([
    ['SPOT', false],
    ['MARGIN', false],
    ['USDT-FUTURES', true],
    ['COIN-FUTURES', true],
    ['USDC-FUTURES', true],
  ] as const)('isFutures(%j) is %j', (category, expected) => {
    expect(Category.isFutures(category)).toBe(expected)
    expect(Category.futuresCategories.includes(category as never)).toBe(expected)
  })
})

describe('normalize', () => {
  test.each([
    ['usdt-futures', 'USDT-FUTURES'],
    ['Spot', 'SPOT'],
    ['margin', 'MARGIN'],
    ['COIN-FUTURES', 'COIN-FUTURES'],
    ['usdc-Futures', 'USDC-FUTURES'],
  ])(
    'decision: `category` values: accepted in either case, sent upper-case (%j)',
    (value, expected) => {
      expect(Category.normalize(value)).toBe(expected)
    },
  )

  test.each(['', ' spot', 'spot ', 'usdt_futures', 'futures', 'OPTIONS', 'USDT FUTURES'])(
    'not a category: %j',
    (value) => {
      expect(Category.normalize(value)).toBeUndefined()
    },
  )
})
