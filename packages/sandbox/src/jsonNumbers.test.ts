import { describe, expect, test } from 'vitest'
import { parseJson } from './json.js'
import { decimalOfNumber, doubleHoldsExactly, plainDecimal } from './jsonNumbers.js'

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

describe('decimalOfNumber', () => {
  test('a JSON number as parseJson gave it is the decimal written: a double that holds it, or a JsonNumber of its text', () => {
    expect(decimalOfNumber(parseJson('3400.50'))).toBe('3400.5')
    expect(decimalOfNumber(parseJson('5e-7'))).toBe('0.0000005')
    expect(decimalOfNumber(parseJson('12.5000000000000000001'))).toBe('12.5000000000000000001')
  })

  test('any other value is answered as it is, for the rules to judge', () => {
    expect(decimalOfNumber('12.50')).toBe('12.50')
    expect(decimalOfNumber(null)).toBe(null)
    expect(decimalOfNumber(true)).toBe(true)
  })
})
