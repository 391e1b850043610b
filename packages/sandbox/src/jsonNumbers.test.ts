import { describe, expect, test } from 'vitest'
import { doubleHoldsExactly, plainDecimal } from './jsonNumbers.js'

describe('doubleHoldsExactly', () => {
  test.each(['0.5', '1.50', '5e-7', '1E+308', '-0', '60000.5', '9007199254740993e-3'])(
    '%s: a double holds it',
    (text) => {
      expect(doubleHoldsExactly(text)).toBe(text !== '9007199254740993e-3')
    },
  )

  test.each(['0.1234567890123456789', '60000.00000000000000001', '9007199254740993'])(
    '%s: a double rounds it',
    (text) => {
      expect(doubleHoldsExactly(text)).toBe(false)
    },
  )
})

describe('plainDecimal', () => {
  test.each([
    ['5e-7', '0.0000005'],
    ['1.50', '1.5'],
    ['-1.2E+3', '-1200'],
    ['60000.00000000000000001', '60000.00000000000000001'],
    ['0', '0'],
    ['-0.0', '0'],
    ['12e-1', '1.2'],
    ['1e65', '1e65'],
    ['abc', 'abc'],
  ])('%s is %s', (text, plain) => {
    expect(plainDecimal(text)).toBe(plain)
  })
})
