import { describe, expect, test } from 'vitest'
import { ensure, short } from './context.js'

describe('short', () => {
  test('keeps the last 6 characters of a long id and short ids whole', () => {
    expect(short('1300000000000000001')).toBe('…000001')
    expect(short('abc')).toBe('abc')
    expect(short(null)).toBe('-')
  })
})

describe('ensure', () => {
  test('throws what was expected when the condition fails', () => {
    expect(() => ensure(false, 'exactly one open order')).toThrow('expected exactly one open order')
    expect(() => ensure(true, 'anything')).not.toThrow()
  })
})
