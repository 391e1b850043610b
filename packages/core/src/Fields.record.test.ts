import * as v from 'valibot'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { decimal, record } from './Fields.js'

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

  test('the type is closed: known fields typed, a misspelt one a type error', () => {
    const parsed = v.parse(ticker, { symbol: 'BTCUSDT', lastPr: '1' })
    expectTypeOf(parsed).toEqualTypeOf<{ symbol: string; lastPr: string | null }>()
    // @ts-expect-error `lastPrize` is no field of the record
    parsed.lastPrize
  })
})
