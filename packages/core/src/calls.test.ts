import { Issue } from '@tradeline/rules'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { combineSignals, createClientOid, parseData, requireArgument } from './calls.js'
import { ResponseError } from './Errors.js'
import * as Fields from './Fields.js'

const endpoint = { id: 'x.get', method: 'GET', path: '/x', auth: false } as never

describe('createClientOid', () => {
  test('24 characters both published patterns accept (docs/architecture.md)', () => {
    const ids = new Set(Array.from({ length: 200 }, createClientOid))
    expect(ids.size).toBe(200)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/)
  })
})

describe('requireArgument', () => {
  test('refuses a wrong top-level argument with a ValidationError naming it', () => {
    expect(() => requireArgument({ id: 'x' }, null, 'object')).toThrow(
      'parameters: expected an object',
    )
    expect(() => requireArgument({ id: 'x' }, {}, 'array', 'orders')).toThrow(
      'orders: expected an array',
    )
    expect(() => requireArgument({ id: 'x' }, [], 'array')).not.toThrow()
    expect(Issue.describe(null)).toBe('null')
  })
})

describe('parseData', () => {
  test('a mismatch is a ResponseError naming the field', () => {
    const error = (() => {
      try {
        parseData(endpoint, v.object({ a: v.string() }), { a: 1 })
      } catch (e) {
        return e
      }
    })()
    expect(ResponseError.isInstance(error)).toBe(true)
    expect(String((error as Error).message)).toContain('a:')
  })
})

describe('combineSignals', () => {
  test('either alone, or both', () => {
    const a = new AbortController()
    const b = new AbortController()
    expect(combineSignals(undefined, a.signal)).toBe(a.signal)
    expect(combineSignals(a.signal, undefined)).toBe(a.signal)
    const both = combineSignals(a.signal, b.signal)
    b.abort()
    expect(both?.aborted).toBe(true)
  })

  test('fuzz counterexample: a value that is not a signal goes on alone (the transport refuses it by name), no TypeError', () => {
    const a = new AbortController()
    expect(combineSignals(a.signal, 0 as never)).toBe(0)
    // null is no signal, as for fetch: the other one is kept.
    expect(combineSignals(a.signal, null as never)).toBe(a.signal)
  })
})

describe('Fields', () => {
  test('decimals as strings, "" and null as null, null lists as []', () => {
    expect(v.parse(Fields.decimalish, 0.1)).toBe('0.1')
    expect(v.parse(Fields.decimal, '')).toBeNull()
    expect(v.parse(Fields.decimal, null)).toBeNull()
    expect(v.parse(Fields.text, '')).toBeNull()
    expect(v.parse(Fields.integer, '4')).toBe(4)
    expect(v.parse(Fields.id, 12)).toBe('12')
    expect(v.parse(Fields.list(v.string()), null)).toEqual([])
  })
})
