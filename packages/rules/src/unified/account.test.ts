import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getAdlRank, getFeeRate } from './account.js'

describe('getFeeRate', () => {
  const issuesOf = issuesFor(getFeeRate)
  test('GET /api/v3/account/fee-rate, signed; the page example "symbol=BTCUSDT&category=SPOT"', () => {
    expect([getFeeRate.method, getFeeRate.path, getFeeRate.auth]).toEqual([
      'GET',
      '/api/v3/account/fee-rate',
      true,
    ])
    expect(Endpoint.check(getFeeRate, { symbol: 'BTCUSDT', category: 'spot' }).output).toEqual({
      symbol: 'BTCUSDT',
      category: 'SPOT',
    })
  })
  test('"symbol" and "category" are both required; each missing one is named', () => {
    expect(issuesOf({ category: 'SPOT' })).toEqual([['missing', 'symbol']])
    expect(issuesOf({ symbol: 'BTCUSDT' })).toEqual([['missing', 'category']])
  })
  test('every category of the page: SPOT, MARGIN and the three futures', () => {
    for (const category of ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'])
      expect(issuesOf({ category, symbol: 'BTCUSDT' })).toEqual([])
    expect(issuesOf({ category: 'FUTURES', symbol: 'BTCUSDT' })).toEqual([['value', 'category']])
  })
})

describe('getAdlRank', () => {
  const issuesOf = issuesFor(getAdlRank)
  test('GET /api/v3/position/adlRank, signed; "Request Parameters: N/A": an empty query', () => {
    expect([getAdlRank.method, getAdlRank.path, getAdlRank.auth]).toEqual([
      'GET',
      '/api/v3/position/adlRank',
      true,
    ])
    expect(Endpoint.check(getAdlRank, {}).output).toEqual({})
  })
  test('any field is refused by name (the page takes none)', () => {
    expect(issuesOf({ category: 'USDT-FUTURES' })).toEqual([['unknown', 'category']])
    expect(issuesOf({ symbol: 'BTCUSDT' })).toEqual([['unknown', 'symbol']])
  })
})
