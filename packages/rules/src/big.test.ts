import { Decimal as DecimalJs } from 'decimal.js'
import { describe, expect, test } from 'vitest'
import * as Big from './big.js'
import * as Decimal from './Decimal.js'
import { BaseError } from './Errors.js'

describe('parse', () => {
  test('is exact where numbers are not: 0.1 + 0.2', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(Big.parse('0.1').plus(Big.parse('0.2')).toString()).toBe('0.3')
  })

  test.each([
    '1e3',
    '1E-7',
    'NaN',
    'Infinity',
    '',
    ' 1',
    '1 ',
    '+1',
    '1.2.3',
    '.5',
    '5.',
    '01',
    '1,5',
    '0x10',
    '1_000',
    '--1',
  ])('throws Decimal.InvalidError on %j', (value) => {
    expect(() => Big.parse(value)).toThrow(Decimal.InvalidError)
  })

  test('takes a sign', () => {
    expect(Big.parse('-0.5').toFixed()).toBe('-0.5')
  })

  test('the error names what it received', () => {
    let caught: unknown
    try {
      Big.parse('1e3')
    } catch (error) {
      caught = error
    }
    expect(Decimal.InvalidError.isInstance(caught)).toBe(true)
    expect(BaseError.isInstance(caught)).toBe(true)
    expect((caught as Error).name).toBe('Decimal.InvalidError')
    expect((caught as Error).message).toMatchInlineSnapshot(
      `"Expected a decimal string, received "1e3"."`,
    )
  })
})

describe('Big', () => {
  test('is a clone: global decimal.js settings do not change it', () => {
    const before = DecimalJs.precision
    DecimalJs.set({ precision: 5 })
    try {
      expect(new Big.Big('1').div(3).toFixed()).toBe(`0.${'3'.repeat(64)}`)
    } finally {
      DecimalJs.set({ precision: before })
    }
  })

  test('parse returns a Big', () => {
    expect(Big.parse('1.5')).toBeInstanceOf(Big.Big)
  })
})
