import { Issue } from '@tradeline/rules'
import * as v from 'valibot'
import { describe, expect, test, vi } from 'vitest'
import {
  combineSignals,
  createClientOid,
  parseData,
  requireArgument,
  withClientOid,
} from './calls.js'
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

describe('createClientOid, drawn 64 at a time', () => {
  test('each character is the alphabet letter of a fresh random byte, across refills', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'
    // Whatever was drawn before: the ids of the pool left, then the next draw is the stub's.
    const spy = vi.spyOn(crypto, 'getRandomValues')
    let draws = 0
    spy.mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i + draws * 7) % 256
      draws++
      return array
    })
    try {
      while (draws === 0) createClientOid()
      const first = draws
      const ids = Array.from({ length: 65 }, createClientOid)
      const expected = (draw: number, index: number) =>
        Array.from(
          { length: 24 },
          (_, j) => alphabet[((index * 24 + j + draw * 7) % 256) & 63],
        ).join('')
      // The id that opened the stubbed pool was its first: these are ids 1 to 63, then a refill.
      expect(ids.slice(0, 63)).toEqual(
        Array.from({ length: 63 }, (_, i) => expected(first - 1, i + 1)),
      )
      expect(ids[63]).toBe(expected(first, 0))
      expect(ids[64]).toBe(expected(first, 1))
    } finally {
      spy.mockRestore()
    }
  })
})

describe('withClientOid', () => {
  test('the object of the spread: own keys in order, symbols, the id last or in its place', () => {
    const mark = Symbol('mark')
    const order = { symbol: 'BTCUSDT', qty: '1', [mark]: 5 }
    const copy = withClientOid(order, 'a-1')
    expect(copy).toEqual({ ...order, clientOid: 'a-1' })
    expect(Reflect.ownKeys(copy)).toEqual(['symbol', 'qty', 'clientOid', mark])
    expect(copy).not.toBe(order)
    const given = withClientOid({ clientOid: 'old', side: 'buy' }, 'new')
    expect(Object.entries(given)).toEqual([
      ['clientOid', 'new'],
      ['side', 'buy'],
    ])
  })

  test('an own __proto__ key or an inherited one is copied as the spread copies it', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "side": "buy"}')
    const copy = withClientOid(hostile, 'a')
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__', 'side', 'clientOid'])
    const inheriting = Object.assign(Object.create({ inherited: 1 }), { side: 'sell' })
    expect(Object.keys(withClientOid(inheriting, 'b'))).toEqual(['side', 'clientOid'])
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
