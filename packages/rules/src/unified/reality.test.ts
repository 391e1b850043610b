import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { kinds } from '../test/issues.js'
import { getMarketStates, getRealityFills } from './reality.js'

describe('getMarketStates', () => {
  test('No authentication and no permission. No parameters.', () => {
    expect([
      getMarketStates.id,
      getMarketStates.method,
      getMarketStates.path,
      getMarketStates.auth,
    ]).toEqual(['unified.getMarketStates', 'GET', '/api/v3/reality/market/states', false])
    expect(Endpoint.check(getMarketStates, {})).toEqual({ success: true, output: {} })
    expect(kinds(Endpoint.check(getMarketStates, { market: 'US' }).issues)).toEqual([
      ['unknown', 'market'],
    ])
  })
})

describe('getRealityFills', () => {
  test('endpoint GET /api/v3/account/reality-fills, authenticated', () => {
    expect([
      getRealityFills.id,
      getRealityFills.method,
      getRealityFills.path,
      getRealityFills.auth,
    ]).toEqual(['unified.getRealityFills', 'GET', '/api/v3/account/reality-fills', true])
  })

  test('symbol "rToken pair only; whether it is required: not shown" (optional)', () => {
    expect(Endpoint.validate(getRealityFills, {})).toBe(true)
    expect(Endpoint.validate(getRealityFills, { symbol: 'rAAPLUSDT' })).toBe(true)
    expect(Endpoint.check(getRealityFills, { symbol: 'AAPLUSDT' }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "an rToken pair (r<TICKER>USDT)",
          "message": "symbol: expected an rToken pair (r<TICKER>USDT), received "AAPLUSDT"",
          "path": [
            "symbol",
          ],
          "received": ""AAPLUSDT"",
          "type": "value",
        },
      ]
    `)
    expect(kinds(Endpoint.check(getRealityFills, { symbol: ' rAAPLUSDT' }).issues)).toEqual([
      ['format', 'symbol'],
    ])
  })

  test('limit "page size, default 100, maximum 100"', () => {
    expect(Endpoint.check(getRealityFills, { limit: 100 }).output).toEqual({ limit: '100' })
    expect(kinds(Endpoint.check(getRealityFills, { limit: '101' }).issues)).toEqual([
      ['range', 'limit'],
    ])
    // The default is the server's: an absent limit is not filled in.
    expect(Endpoint.check(getRealityFills, {}).output).toEqual({})
  })
})
