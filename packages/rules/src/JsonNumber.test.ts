import { inspect } from 'node:util'
import { describe, expect, test } from 'vitest'
import { JsonNumber } from './JsonNumber.js'

describe('JsonNumber.from', () => {
  test('keeps the exact text: 18 digits, and decimals a double cannot hold', () => {
    expect(JsonNumber.from('123456789012345678').text).toBe('123456789012345678')
    expect(JsonNumber.from('0.30000000000000000001').text).toBe('0.30000000000000000001')
  })

  test.each([
    ['an empty string', ''],
    ['a leading +', '+1'],
    ['a leading zero', '01'],
    ['a trailing dot', '1.'],
    ['a leading dot', '.5'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['white space', ' 1'],
    ['a quote (JSON injection)', '1,"x":"y"'],
    ['a hex literal', '0x10'],
  ])('refuses text that is not a JSON number: %s', (_, text) => {
    expect(() => JsonNumber.from(text)).toThrow(TypeError)
  })

  test('is frozen, reads as its text in String() and JSON.stringify (a decimal string), and is no plain string', () => {
    const n = JsonNumber.from('0.005')
    expect(Object.isFrozen(n)).toBe(true)
    expect([String(n), `${n}`, JSON.stringify({ n })]).toEqual(['0.005', '0.005', '{"n":"0.005"}'])
    expect(inspect(n)).toContain('0.005')
    expect(typeof n).toBe('object')
  })
})

describe('JsonNumber.is', () => {
  test('recognises a JsonNumber, also from another copy of the package (Symbol.for brand)', async () => {
    const copyUrl: string = './JsonNumber.js?copy'
    const copy = ((await import(/* @vite-ignore */ copyUrl)) as typeof import('./JsonNumber.js'))
      .JsonNumber
    expect(copy).not.toBe(JsonNumber)
    expect(JsonNumber.is(copy.from('1'))).toBe(true)
    expect(copy.from('1')).not.toBeInstanceOf(JsonNumber)
    expect([JsonNumber.is('1'), JsonNumber.is(1), JsonNumber.is({ text: '1' })]).toEqual([
      false,
      false,
      false,
    ])
  })
})

describe('JsonNumber.written', () => {
  test('counts each JsonNumber JSON.stringify writes, those of another copy of the package too', async () => {
    const copyUrl: string = './JsonNumber.js?counted-copy'
    const copy = ((await import(/* @vite-ignore */ copyUrl)) as typeof import('./JsonNumber.js'))
      .JsonNumber
    const before = JsonNumber.written()
    JSON.stringify({ a: JsonNumber.from('1'), b: [copy.from('2')], c: '3' })
    expect(JsonNumber.written() - before).toBe(2)
    expect(copy.written()).toBe(JsonNumber.written())
    JSON.stringify({ c: '3', d: 4 })
    expect(JsonNumber.written() - before).toBe(2)
  })
})
