// Numbers in pushed records (parsed with plain JSON.parse): read as their exact text, or refused
// when a double may have rounded them, never read as the rounded value.
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import * as Fields from '../Fields.js'
import { FastFields, notCovered, readFast } from '../fastRecord.js'
import { readBookPush, readMarketTicker } from '../market/records.js'

// Parsed at run time, as a push is: the literals would be rounded where they are written.
const long = JSON.parse('27000.123456789012345') as number
const longId = JSON.parse('1234567890123456789') as number

describe('numbers a record carries as JSON numbers', () => {
  test('decision: a decimal of 15 significant digits or fewer is read as its plain text; one with more is refused naming the rule', () => {
    expect(v.parse(Fields.decimal, 0.5)).toBe('0.5')
    expect(v.parse(Fields.decimal, 1e-7)).toBe('0.0000001')
    expect(v.parse(Fields.decimalish, 123456789012345)).toBe('123456789012345')
    expect(v.parse(Fields.decimal, -0.25)).toBe('-0.25')
    // Before: read as '27000.123456789013', a value the exchange never sent.
    const refused = v.safeParse(Fields.decimal, long)
    expect(refused.success).toBe(false)
    expect(refused.issues?.[0]?.message).toMatch(/more digits than a double keeps/)
    expect(v.safeParse(Fields.decimalish, 1234567890123456).success).toBe(false)
  })

  test('an id sent as a number past 2^53 − 1 is refused; a safe integer is its text', () => {
    expect(v.parse(Fields.id, 1001)).toBe('1001')
    // Before: read as '1234567890123456800', another order's id.
    expect(v.safeParse(Fields.id, longId).success).toBe(false)
  })

  test("the stream's fast readers decline such a number (the schema then names it)", () => {
    const read = (r: Record<string, unknown>) => ({ price: FastFields.decimal(r.price) })
    expect(readFast(read, { price: 0.5 })).toEqual({ price: '0.5' })
    expect(readFast(read, { price: long })).toBe(notCovered)
  })

  test('market records: a ticker field with too many digits is refused by name; a small book price is written out', () => {
    expect(() => readMarketTicker({ instId: 'BTCUSDT', lastPr: long })).toThrow(
      /lastPr: a JSON number/,
    )
    expect(readMarketTicker({ instId: 'BTCUSDT', lastPr: 27000.5 }).lastPrice).toBe('27000.5')
    // Before: '1e-7', which the book's format check refused (a resync at every push).
    expect(readBookPush({ bids: [[1e-7, 2]], asks: [], ts: '1' }).bids).toEqual([
      ['0.0000001', '2'],
    ])
  })
})
