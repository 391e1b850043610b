import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { getDepth } from './getDepth.js'

describe('getDepth', () => {
  test('is GET /api/v3/stockplus/market/depth', () => {
    expect([getDepth.id, getDepth.method, getDepth.path]).toEqual([
      'securities.getDepth',
      'GET',
      '/api/v3/stockplus/market/depth',
    ])
  })

  test('Query: `symbol` (required)', () => {
    expect(Endpoint.check(getDepth, { symbol: 'AAPL.US' })).toEqual({
      success: true,
      output: { symbol: 'AAPL.US' },
    })
    expect(Endpoint.check(getDepth, {}).issues?.map((issue) => issue.type)).toEqual(['missing'])
  })

  test('Symbol: string in `ticker.region` form', () => {
    expect(Endpoint.check(getDepth, { symbol: 'AAPL' }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a symbol in ticker.region form, e.g. AAPL.US",
          "message": "symbol: expected a symbol in ticker.region form, e.g. AAPL.US, received "AAPL"",
          "path": [
            "symbol",
          ],
          "received": ""AAPL"",
          "type": "format",
        },
      ]
    `)
  })
})
