import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  isoDate,
  looseInteger,
  looseIntegerText,
  maxCharacters,
  positiveDecimalString,
  symbol,
  symbolList,
  unixSeconds,
} from './fields.js'

const parse = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).output
const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success

describe('symbol', () => {
  test('ticker.region', () => {
    expect(ok(symbol, 'AAPL.US')).toBe(true)
    expect(ok(symbol, 'AAPL')).toBe(false)
  })
})

describe('symbolList', () => {
  test('array or comma-separated string in, comma-separated string out', () => {
    const list = symbolList({ max: 2 })
    expect(parse(list, ['A.US', 'B.US'])).toBe('A.US,B.US')
    expect(parse(list, ' A.US ,B.US')).toBe('A.US,B.US')
    expect(ok(list, 'A.US,B.US,C.US')).toBe(false)
    expect(ok(symbolList(), Array(1000).fill('A.US'))).toBe(true)
  })
})

describe('looseInteger', () => {
  test('number or integer string in, number out, range checked', () => {
    const level = looseInteger({ min: -5, max: 5 })
    expect(parse(level, '-5')).toBe(-5)
    expect(parse(level, 5)).toBe(5)
    expect(ok(level, '05')).toBe(false)
    expect(ok(level, ' 1')).toBe(false)
    expect(ok(level, 6)).toBe(false)
  })
})

describe('looseIntegerText', () => {
  test('sent as a string', () => {
    expect(parse(looseIntegerText({ min: 1, max: 1000 }), 7)).toBe('7')
  })
})

describe('unixSeconds', () => {
  test('at most 10 digits, sent as a string', () => {
    expect(parse(unixSeconds, 9_999_999_999)).toBe('9999999999')
    expect(ok(unixSeconds, 10_000_000_000)).toBe(false)
    expect(parse(unixSeconds, '0')).toBe('0')
  })
})

describe('positiveDecimalString', () => {
  test('a decimal string greater than zero, normalised; a number is refused', () => {
    expect(parse(positiveDecimalString, '0.50')).toBe('0.5')
    expect(ok(positiveDecimalString, '0.00')).toBe(false)
    expect(ok(positiveDecimalString, 0.5)).toBe(false)
    expect(ok(positiveDecimalString, Number.POSITIVE_INFINITY)).toBe(false)
  })
})

describe('isoDate', () => {
  test('a real day written YYYY-MM-DD', () => {
    expect(ok(isoDate, '2026-12-31')).toBe(true)
    expect(ok(isoDate, '2026-02-30')).toBe(false)
  })
})

describe('maxCharacters', () => {
  test('counts code points', () => {
    expect(ok(maxCharacters(2), '😀😀')).toBe(true)
    expect(ok(maxCharacters(2), 'abc')).toBe(false)
  })
})
