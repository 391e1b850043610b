import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getTrades } from './getTrades.js'

const issuesOf = issuesFor(getTrades)

describe('getTrades', () => {
  test('is GET /api/v3/stockplus/market/trade', () => {
    expect([getTrades.id, getTrades.method, getTrades.path]).toEqual([
      'securities.getTrades',
      'GET',
      '/api/v3/stockplus/market/trade',
    ])
  })

  test('Query: `symbol` (required), `count` (integer, required, at most 1000)', () => {
    expect(issuesOf({ symbol: 'AAPL.US', count: '1000' })).toEqual([])
    expect(issuesOf({ symbol: 'AAPL.US', count: 1001 })).toEqual([['range', 'count']])
    expect(issuesOf({ symbol: 'AAPL.US' })).toEqual([['missing', 'count']])
    expect(issuesOf({ count: 10 })).toEqual([['missing', 'symbol']])
  })

  test('stockplus trade count parameter | at most 1000', () => {
    expect(
      Endpoint.check(getTrades, { symbol: 'AAPL.US', count: '1001' }).issues,
    ).toMatchInlineSnapshot(`
        [
          {
            "expected": "an integer from 1 to 1000",
            "message": "count: expected an integer from 1 to 1000, received 1001",
            "path": [
              "count",
            ],
            "received": "1001",
            "type": "range",
          },
        ]
      `)
  })

  test('count is an integer of at least 1', () => {
    expect(issuesOf({ symbol: 'AAPL.US', count: 0 })).toEqual([['range', 'count']])
    expect(issuesOf({ symbol: 'AAPL.US', count: 2.5 })).toEqual([['format', 'count']])
    expect(issuesOf({ symbol: 'AAPL.US', count: '10.0' })).toEqual([['format', 'count']])
    expect(issuesOf({ symbol: 'AAPL.US', count: true })).toEqual([['type', 'count']])
  })

  test('a GET count is accepted as a number and sent as a string', () => {
    expect(Endpoint.check(getTrades, { symbol: 'AAPL.US', count: 50 }).output).toEqual({
      symbol: 'AAPL.US',
      count: '50',
    })
  })
})
