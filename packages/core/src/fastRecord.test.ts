// The fast field readers follow the lenient rules of `Fields`, and decline what they refuse.
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { decimal, decimalish, text } from './Fields.js'
import { FastFields as F, notCovered, readFast } from './fastRecord.js'

describe('FastFields', () => {
  const values = [
    ...['', '0', '1.5', '-2.25', 'live', 'NaN', 'Infinity', '-Infinity', '1e5x', '1E-8', ' 1'],
    ...[null, undefined, true, 0.1, -0, 1e21, Number.NaN, {}, []],
  ]
  test.each([
    ['text', F.text, text],
    ['decimal', F.decimal, decimal],
    ['decimalish', F.decimalish, decimalish],
  ] as const)(
    '%s gives what its Fields schema gives, or declines what it refuses',
    (_, fast, schema) => {
      for (const value of values) {
        const slow = v.safeParse(schema, value)
        const got = readFast((r) => ({ x: fast(r.x) }), { x: value })
        if (slow.success) expect(got).toEqual({ x: slow.output })
        else expect(got).toBe(notCovered)
      }
    },
  )

  test('decision: a decimal whose text is no decimal number declines (the schema names it); an exponent is written out', () => {
    for (const text of ['NaN', 'Infinity', '-Infinity', '1e5x', 'abc']) {
      expect(readFast((r) => ({ x: F.decimal(r.x) }), { x: text })).toBe(notCovered)
      expect(readFast((r) => ({ x: F.decimalish(r.x) }), { x: text })).toBe(notCovered)
    }
    expect(readFast((r) => ({ x: F.decimal(r.x) }), { x: '' })).toEqual({ x: null })
    expect(readFast((r) => ({ x: F.decimal(r.x) }), { x: '1E-8' })).toEqual({ x: '0.00000001' })
  })

  test('string, nullable string, list, upper, rest', () => {
    expect(readFast((r) => F.string(r.a), { a: 1 })).toBe(notCovered)
    expect(readFast((r) => F.nullableString(r.a, 'a' in r), {})).toBe(notCovered)
    expect(readFast((r) => F.nullableString(r.a, 'a' in r), { a: null })).toBeNull()
    expect(readFast((r) => F.list(r.a, (i) => F.text(i.b)), { a: null })).toEqual([])
    expect(readFast((r) => F.list(r.a, (i) => F.text(i.b)), { a: [{ b: 2 }] })).toEqual(['2'])
    expect(readFast((r) => F.list(r.a, (i) => F.text(i.b)), { a: [3] })).toBe(notCovered)
    expect(F.upper('spot')).toBe('SPOT')
    const input = JSON.parse('{"a":1,"b":2,"__proto__":{"x":1}}') as Record<string, unknown>
    expect(F.rest({ a: 'one' }, input, new Set(['a']))).toEqual({ a: 'one', b: 2 })
    expect(readFast(() => 1, [])).toBe(notCovered)
  })
})
