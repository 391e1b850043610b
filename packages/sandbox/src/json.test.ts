import { JsonNumber } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { parseJson, withDecimalStrings } from './json.js'

describe('parseJson', () => {
  test('an integer a double cannot hold becomes a JsonNumber of its exact digits', () => {
    const value = parseJson('{"requestId":123456789012345678,"list":[-99999999999999999]}') as {
      requestId: JsonNumber
      list: JsonNumber[]
    }
    expect([value.requestId.text, value.list[0]?.text]).toEqual([
      '123456789012345678',
      '-99999999999999999',
    ])
  })

  test.each([
    [
      'a safe integer of 16 digits stays a number',
      '{"a":9007199254740991}',
      { a: 9007199254740991 },
    ],
    [
      'a decimal stays a number',
      '{"a":0.1234567890123456789}',
      { a: Number('0.1234567890123456789') },
    ],
    [
      'digits and escaped quotes inside strings are left alone',
      '{"a":"1234567890123456789 \\" 1234567890123456789","b":1}',
      { a: '1234567890123456789 " 1234567890123456789', b: 1 },
    ],
    ['no long digits: plain JSON.parse', '{"a":[1,2]}', { a: [1, 2] }],
  ])('%s', (_, text, expected) => {
    expect(parseJson(text)).toEqual(expected)
  })

  test('a string that imitates the internal mark stays a string', () => {
    const text = '{"a":"\\uE000json-number-x:5","b":1234567890123456789}'
    expect((parseJson(text) as { a: unknown }).a).toBe('\uE000json-number-x:5')
  })

  test('malformed JSON throws as JSON.parse does', () => {
    expect(() => parseJson('{"a":1234567890123456789')).toThrow(SyntaxError)
  })
})

describe('withDecimalStrings', () => {
  test('replaces JsonNumbers by their text at any depth, and keeps a value without one as is', () => {
    const plain = { a: [{ b: '1' }] }
    expect(withDecimalStrings(plain)).toBe(plain)
    expect(
      withDecimalStrings({ a: [{ b: JsonNumber.from('0.005') }], c: JsonNumber.from('7'), d: 'x' }),
    ).toEqual({ a: [{ b: '0.005' }], c: '7', d: 'x' })
  })
})
