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

  test('spec: "Query: `symbol` (optional; comma-separated list)"', () => {
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

  test('no count limit is stated, each symbol is checked', () => {
    const many = Array.from({ length: 600 }, (_, i) => `S${i}.US`)
    expect(Endpoint.validate(getStockPositions, { symbol: many })).toBe(true)
    const result = Endpoint.check(getStockPositions, { symbol: 'AAPL.US,700' })
    expect(result.issues?.map((issue) => [issue.type, issue.path.join('.')])).toEqual([
      ['format', 'symbol.1'],
    ])
  })
})
