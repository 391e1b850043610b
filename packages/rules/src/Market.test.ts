import { describe, expect, test } from 'vitest'
import * as Endpoint from './Endpoint.js'
import * as Market from './Market.js'
import * as Unified from './Unified.js'

describe('Market', () => {
  test('docs/records.md: "Query: `category` (required, all five values), `symbol`" — sent upper-case', () => {
    expect(Endpoint.check(Market.getInstruments, { category: 'usdt-futures' })).toEqual({
      success: true,
      output: { category: 'USDT-FUTURES' },
    })
    expect(Endpoint.validate(Market.getInstruments, {})).toBe(false)
  })

  test('docs/records.md: tickers "`category` (required: SPOT, USDT-FUTURES, COIN-FUTURES, USDC-FUTURES; **no MARGIN**)"', () => {
    expect(Endpoint.validate(Market.getTickers, { category: 'SPOT' })).toBe(true)
    expect(Endpoint.validate(Market.getTickers, { category: 'MARGIN' })).toBe(false)
  })

  test('docs/records.md: current-position "`category` (required, futures only)"', () => {
    expect(Endpoint.validate(Unified.getCurrentPosition, { category: 'USDT-FUTURES' })).toBe(true)
    expect(Endpoint.validate(Unified.getCurrentPosition, { category: 'SPOT' })).toBe(false)
    expect(Endpoint.validate(Unified.getAccountSettings, {})).toBe(true)
  })
})
