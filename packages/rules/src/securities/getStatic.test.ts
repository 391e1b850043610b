import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor, symbols } from '../test/issues.js'
import { getStatic } from './getStatic.js'

const issuesOf = issuesFor(getStatic)

describe('getStatic', () => {
  test('is GET /api/v3/stockplus/market/static', () => {
    expect([getStatic.id, getStatic.method, getStatic.path]).toEqual([
      'securities.getStatic',
      'GET',
      '/api/v3/stockplus/market/static',
    ])
  })

  test('Query: `symbol` (required; list of symbols, at most 500 per request; separator for several symbols is not stated)', () => {
    expect(issuesOf({ symbol: symbols(500) })).toEqual([])
    expect(issuesOf({ symbol: symbols(501) })).toEqual([['length', 'symbol']])
    expect(issuesOf({ symbol: symbols(501).join(',') })).toEqual([['length', 'symbol']])
    expect(issuesOf({})).toEqual([['missing', 'symbol']])
  })

  test('static and option-quote at most 500 symbols', () => {
    expect(Endpoint.check(getStatic, { symbol: symbols(501) }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "at most 500 symbols",
          "message": "symbol: expected at most 500 symbols, received 501",
          "path": [
            "symbol",
          ],
          "received": "501",
          "type": "length",
        },
      ]
    `)
  })

  test('decision: symbols are given as an array or a comma-separated string and sent comma-separated', () => {
    const sent = { success: true, output: { symbol: 'AAPL.US,TSLA.US' } }
    expect(Endpoint.check(getStatic, { symbol: ['AAPL.US', 'TSLA.US'] })).toEqual(sent)
    expect(Endpoint.check(getStatic, { symbol: 'AAPL.US,TSLA.US' })).toEqual(sent)
    expect(Endpoint.check(getStatic, { symbol: 'AAPL.US, TSLA.US' })).toEqual(sent)
    expect(Endpoint.check(getStatic, { symbol: 'AAPL.US' })).toEqual({
      success: true,
      output: { symbol: 'AAPL.US' },
    })
  })

  test('each symbol is checked at its index', () => {
    expect(issuesOf({ symbol: ['AAPL.US', 'AAPL'] })).toEqual([['format', 'symbol.1']])
    expect(issuesOf({ symbol: 'AAPL.US,,TSLA.US' })).toEqual([['format', 'symbol.1']])
    expect(issuesOf({ symbol: [] })).toEqual([['length', 'symbol']])
    expect(issuesOf({ symbol: ['AAPL.US', 5] })).toEqual([['type', 'symbol']])
  })
})
