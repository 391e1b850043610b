import * as v from 'valibot'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { decimal, decimalish, record } from './Fields.js'

describe('Fields.record', () => {
  const ticker = record({ symbol: v.string(), lastPr: decimal })

  test('a field the schema does not name is kept on the object and never fails the parse', () => {
    const parsed = v.parse(ticker, { symbol: 'BTCUSDT', lastPr: 1.5, addedLater: { x: 1 } })
    expect(parsed).toEqual({ symbol: 'BTCUSDT', lastPr: '1.5', addedLater: { x: 1 } })
    expect((parsed as Record<string, unknown>).addedLater).toEqual({ x: 1 })
  })

  test('a known field is still checked by name', () => {
    expect(() => v.parse(ticker, { lastPr: '1' })).toThrow(/symbol/)
  })

  test('decision: a decimal field whose text is no decimal number fails the parse naming the field and the text; "" is still "not set"', () => {
    for (const bad of ['NaN', 'Infinity', '-Infinity', '1e5x', 'abc']) {
      const result = v.safeParse(ticker, { symbol: 'BTCUSDT', lastPr: bad })
      expect(result.success).toBe(false)
      expect(result.issues?.[0]?.path?.map((p) => p.key)).toEqual(['lastPr'])
      expect(result.issues?.[0]?.message).toBe(`a decimal number, not "${bad}"`)
    }
    expect(v.parse(ticker, { symbol: 'BTCUSDT', lastPr: '' }).lastPr).toBeNull()
    expect(v.parse(ticker, { symbol: 'BTCUSDT', lastPr: '-0.5' }).lastPr).toBe('-0.5')
    expect(v.parse(ticker, { symbol: 'BTCUSDT', lastPr: '0E-8' }).lastPr).toBe('0.00000000')
    // A required decimal keeps "" as sent (the strategy orders' pushes send it for a limit price not set).
    expect(v.parse(decimalish, '')).toBe('')
    expect(v.safeParse(decimalish, 'NaN').success).toBe(false)
    expect(v.parse(decimalish, '1.5E+2')).toBe('150')
  })

  test('the type is closed: known fields typed, a misspelt one a type error', () => {
    const parsed = v.parse(ticker, { symbol: 'BTCUSDT', lastPr: '1' })
    expectTypeOf(parsed).toEqualTypeOf<{ symbol: string; lastPr: string | null }>()
    // @ts-expect-error `lastPrize` is no field of the record
    parsed.lastPrize
  })
})
