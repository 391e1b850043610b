import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { getStockPositions } from './getStockPositions.js'

describe('getStockPositions', () => {
  test('is GET /api/v3/stockplus/asset/stock-position', () => {
    expect([getStockPositions.id, getStockPositions.method, getStockPositions.path]).toEqual([
      'securities.getStockPositions',
      'GET',
      '/api/v3/stockplus/asset/stock-position',
    ])
  })

  test('Query: `symbol` (optional; comma-separated list)', () => {
    expect(Endpoint.check(getStockPositions, {})).toEqual({ success: true, output: {} })
    expect(Endpoint.check(getStockPositions, { symbol: 'AAPL.US,700.HK' })).toEqual({
      success: true,
      output: { symbol: 'AAPL.US,700.HK' },
    })
  })

  test('decision: the list may also be given as an array, and is sent comma-separated', () => {
    expect(Endpoint.check(getStockPositions, { symbol: ['AAPL.US', '700.HK'] }).output).toEqual({
      symbol: 'AAPL.US,700.HK',
    })
  })

  test('decision: no count limit is stated, so the list takes at most 1000 symbols (the largest stockplus count), its text bounded before it is split', () => {
    const many = Array.from({ length: 1001 }, (_, i) => `S${i}.US`)
    expect(Endpoint.check(getStockPositions, { symbol: many }).issues?.[0]).toMatchObject({
      type: 'length',
      path: ['symbol'],
      expected: 'at most 1000 symbols',
    })
    expect(Endpoint.validate(getStockPositions, { symbol: many.slice(1) })).toBe(true)
    const text = Endpoint.check(getStockPositions, { symbol: 'A.US,'.repeat(200_000) })
    expect(text.issues?.map((issue) => [issue.type, issue.path.join('.')])).toEqual([
      ['length', 'symbol'],
    ])
  })

  test('no count limit is stated, each symbol is checked', () => {
    const many = Array.from({ length: 600 }, (_, i) => `S${i}.US`)
    expect(Endpoint.validate(getStockPositions, { symbol: many })).toBe(true)
    const result = Endpoint.check(getStockPositions, { symbol: 'AAPL.US,700' })
    expect(result.issues?.map((issue) => [issue.type, issue.path.join('.')])).toEqual([
      ['format', 'symbol.1'],
    ])
  })
})
