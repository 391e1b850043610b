import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { JsonNumber } from '../JsonNumber.js'
import {
  category,
  cursor,
  integerString,
  keepableDecimal,
  keepableTriggerBy,
  pageLimit,
  requestId,
  symbol,
  timestamp,
} from './fields.js'

const ok = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).success

describe('category', () => {
  test('decision: "`category` values: accepted in either case, sent upper-case"', () => {
    expect(v.parse(category, 'coin-futures')).toBe('COIN-FUTURES')
    expect(ok(category, 'FUTURES')).toBe(false)
  })
})

describe('symbol', () => {
  test('a non-empty trading pair', () => {
    expect(ok(symbol, 'BTCUSDT')).toBe(true)
    expect(ok(symbol, '')).toBe(false)
  })
})

describe('requestId', () => {
  test('requestId "up to 18 digits"', () => {
    expect(v.parse(requestId, '123456789012345678').text).toBe('123456789012345678')
    expect(ok(requestId, '1234567890123456789')).toBe(false)
    expect(ok(requestId, '-1')).toBe(false)
    expect(v.parse(requestId, 7).text).toBe('7')
  })

  test('decision: "a field typed `number` (`requestId`, ...) goes out as a JSON number written from its exact decimal text": a JsonNumber out, also from a JsonNumber in', () => {
    const out = v.parse(requestId, '123456789012345678')
    expect(JsonNumber.is(out)).toBe(true)
    expect(v.parse(requestId, JsonNumber.from('123456789012345678')).text).toBe(
      '123456789012345678',
    )
    expect(ok(requestId, JsonNumber.from('1234567890123456789'))).toBe(false)
    expect(ok(requestId, JsonNumber.from('1.5'))).toBe(false)
  })
})

describe('keepableDecimal', () => {
  test('empty or omitted keeps existing; `0` cancels it', () => {
    expect(v.parse(keepableDecimal, '')).toBe('')
    expect(v.parse(keepableDecimal, '0')).toBe('0')
    expect(ok(keepableDecimal, ' ')).toBe(false)
  })
})

describe('keepableTriggerBy', () => {
  test('`market`, `mark`; ... empty or omitted keeps the existing value', () => {
    for (const value of ['market', 'mark', '']) expect(ok(keepableTriggerBy, value)).toBe(true)
    expect(ok(keepableTriggerBy, 'index')).toBe(false)
  })
})

describe('integerString', () => {
  test('a decimal integer string or a safe integer, sent as a string', () => {
    expect(v.parse(integerString, 12)).toBe('12')
    expect(v.parse(integerString, '12')).toBe('12')
    expect(ok(integerString, '012')).toBe(false)
    expect(ok(integerString, -1)).toBe(false)
  })
})

describe('pageLimit', () => {
  test('from 1 to the maximum', () => {
    const limit = pageLimit(100)
    expect(ok(limit, '1')).toBe(true)
    expect(ok(limit, 100)).toBe(true)
    expect(ok(limit, '0')).toBe(false)
    expect(ok(limit, '101')).toBe(false)
  })
})

describe('timestamp', () => {
  test('Unix milliseconds, sent as a string', () => {
    expect(v.parse(timestamp, 1_700_000_000_000)).toBe('1700000000000')
    expect(ok(timestamp, 1.5)).toBe(false)
  })
})

describe('cursor', () => {
  test('a non-empty cursor', () => {
    expect(ok(cursor, 'abc')).toBe(true)
    expect(ok(cursor, '')).toBe(false)
  })
})
