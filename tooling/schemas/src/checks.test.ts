import { describe, expect, test } from 'vitest'
import { expressCheck, integerRange } from './checks.js'

const decimal = /^(?:0|[1-9]\d*)(?:\.\d+)?$/
const always = () => true

describe('expressCheck', () => {
  test('a pattern is kept only when the requirement agrees on every probe', () => {
    expect(expressCheck('format', 'a decimal string', (t) => decimal.test(t), always)).toEqual({
      kind: 'keywords',
      keywords: { pattern: '^(?:0|[1-9]\\d*)(?:\\.\\d+)?$' },
    })
    // Same prose, another rule (zero refused): no candidate agrees, so it is described.
    const notZero = (t: string) => decimal.test(t) && /[1-9]/.test(t)
    expect(expressCheck('format', 'a decimal string', notZero, always)).toEqual({
      kind: 'described',
      text: 'format: a decimal string',
    })
  })

  test('only probes that reach the check are compared (the earlier checks of the pipe)', () => {
    // "greater than 0" after the decimal check: `[1-9]` is right for decimals only.
    const positive = (t: string) => !decimal.test(t) || /[1-9]/.test(t)
    expect(
      expressCheck('range', 'a value greater than 0', positive, (t) => decimal.test(t)),
    ).toEqual({
      kind: 'keywords',
      keywords: { pattern: '[1-9]' },
    })
    expect(expressCheck('range', 'a value greater than 0', positive, always).kind).toBe('described')
  })

  test('a length check becomes maxLength', () => {
    expect(expressCheck('length', 'at most 32 characters', (t) => t.length <= 32, always)).toEqual({
      kind: 'keywords',
      keywords: { maxLength: 32 },
    })
  })

  test('an integer range becomes a pattern when the requirement agrees', () => {
    const range = (t: string) => /^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= 100
    expect(
      expressCheck('range', 'an integer from 1 to 100', range, (t) => /^(?:0|[1-9]\d*)$/.test(t)),
    ).toEqual({
      kind: 'keywords',
      keywords: { pattern: integerRange(1n, 100n) },
    })
  })

  test('prose without a known form is described', () => {
    expect(expressCheck('format', 'a real day written YYYY-MM-DD', always, always).kind).toBe(
      'described',
    )
  })
})

describe('integerRange', () => {
  test.each([
    [1, 100],
    [0, 3],
    [-5, 5],
    [1, 1440],
    [5, 60],
    [0, 9999999999],
    [1, 1000000],
    [37, 4521],
  ])('the integers from %i to %i and no other', (lo, hi) => {
    const pattern = new RegExp(integerRange(BigInt(lo), BigInt(hi)), 'u')
    for (let n = lo - 50; n <= Math.min(hi + 50, lo + 5000); n++)
      expect([n, pattern.test(String(n))]).toEqual([n, n >= lo && n <= hi])
    for (const n of [hi - 1, hi, hi + 1]) expect([n, pattern.test(String(n))]).toEqual([n, n <= hi])
    for (const text of ['01', '1.0', '', '+1', '-0']) expect(pattern.test(text)).toBe(false)
  })
})
