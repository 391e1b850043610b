import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor, symbols } from '../test/issues.js'
import { getOptionQuote } from './getOptionQuote.js'

const issuesOf = issuesFor(getOptionQuote)

describe('getOptionQuote', () => {
  test('is GET /api/v3/stockplus/market/option-quote', () => {
    expect([getOptionQuote.id, getOptionQuote.method, getOptionQuote.path]).toEqual([
      'securities.getOptionQuote',
      'GET',
      '/api/v3/stockplus/market/option-quote',
    ])
  })

  test('Query: `symbol` (required; option contract symbols, at most 500 per request)', () => {
    expect(issuesOf({ symbol: symbols(500) })).toEqual([])
    expect(issuesOf({ symbol: symbols(501) })).toEqual([['length', 'symbol']])
    expect(issuesOf({ symbol: symbols(501).join(',') })).toEqual([['length', 'symbol']])
    expect(issuesOf({})).toEqual([['missing', 'symbol']])
  })

  test('static and option-quote at most 500 symbols', () => {
    expect(Endpoint.check(getOptionQuote, { symbol: symbols(501) }).issues).toMatchInlineSnapshot(`
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
    const sent = {
      success: true,
      output: { symbol: 'AAPL260116C00150000.US,AAPL260116P00150000.US' },
    }
    expect(
      Endpoint.check(getOptionQuote, {
        symbol: ['AAPL260116C00150000.US', 'AAPL260116P00150000.US'],
      }),
    ).toEqual(sent)
    expect(
      Endpoint.check(getOptionQuote, { symbol: 'AAPL260116C00150000.US,AAPL260116P00150000.US' }),
    ).toEqual(sent)
    expect(
      Endpoint.check(getOptionQuote, { symbol: 'AAPL260116C00150000.US, AAPL260116P00150000.US' }),
    ).toEqual(sent)
    expect(Endpoint.check(getOptionQuote, { symbol: 'AAPL260116C00150000.US' })).toEqual({
      success: true,
      output: { symbol: 'AAPL260116C00150000.US' },
    })
  })

  test('each symbol is checked at its index', () => {
    expect(issuesOf({ symbol: ['AAPL260116C00150000.US', 'AAPL'] })).toEqual([
      ['format', 'symbol.1'],
    ])
    expect(issuesOf({ symbol: 'AAPL260116C00150000.US,,AAPL260116P00150000.US' })).toEqual([
      ['format', 'symbol.1'],
    ])
    expect(issuesOf({ symbol: [] })).toEqual([['length', 'symbol']])
    expect(issuesOf({ symbol: ['AAPL260116C00150000.US', 5] })).toEqual([['type', 'symbol']])
  })
})
