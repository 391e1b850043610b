import { JsonNumber } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { checkStructure, jsonBounds, parseJson, withDecimalStrings } from './json.js'

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
      'a decimal a double holds exactly stays a number, also with 16 digits or an exponent',
      '{"a":0.5,"b":1234567890.123456,"c":5e-7,"d":1e308}',
      { a: 0.5, b: 1234567890.123456, c: 5e-7, d: 1e308 },
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

  test('a decimal a double does not hold exactly becomes a JsonNumber of its text (it was rounded to a double)', () => {
    const value = parseJson('{"a":0.1234567890123456789,"b":[60000.00000000000000001]}') as {
      a: JsonNumber
      b: JsonNumber[]
    }
    expect([value.a.text, value.b[0]?.text]).toEqual([
      '0.1234567890123456789',
      '60000.00000000000000001',
    ])
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

describe('checkStructure', () => {
  const list = (n: number, item = '0') => `[${Array(n).fill(item).join(',')}]`
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

  test.each([
    ['32 levels', nested(jsonBounds.depth), undefined],
    ['33 levels', nested(jsonBounds.depth + 1), 'body: expected at most 32 levels of nesting'],
    ['1000 numbers', list(jsonBounds.items), undefined],
    ['1001 numbers', list(jsonBounds.items + 1), 'body: expected a list of at most 1000 items'],
    ['1000 strings', list(jsonBounds.items, '"a"'), undefined],
    [
      '1001 strings',
      list(jsonBounds.items + 1, '"a"'),
      'body: expected a list of at most 1000 items',
    ],
    [
      '1001 objects',
      list(jsonBounds.items + 1, '{}'),
      'body: expected a list of at most 1000 items',
    ],
    ['brackets and commas inside strings', `{"a":"${'[,'.repeat(2000)}\\""}`, undefined],
    ['the same key in two objects', '[{"a":1},{"a":2}]', undefined],
    ['the same key at two depths', '{"a":{"a":1}}', undefined],
    ['a key sent twice', '{"a":1,"b":{},"a":2}', 'a: expected a key sent once, received it twice'],
    [
      'a key sent twice, once escaped',
      '{"ab":1,"\\u0061b":2}',
      'ab: expected a key sent once, received it twice',
    ],
    ['a value equal to a key', '{"a":"a","b":"a"}', undefined],
    [
      '1001 keys',
      `{${Array.from({ length: jsonBounds.keys + 1 }, (_, i) => `"k${i}":0`).join(',')}}`,
      'body: expected an object of at most 1000 keys',
    ],
  ])('%s', (_name, text, expected) => {
    expect(checkStructure(text)).toBe(expected)
  })
})
