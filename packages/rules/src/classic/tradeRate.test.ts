import { describe, expect, test } from 'vitest'
import { issuesFor } from '../test/issues.js'
import { getTradeRate } from './tradeRate.js'

describe('getTradeRate', () => {
  const issuesOf = issuesFor(getTradeRate)
  test('GET /api/v2/common/trade-rate, signed', () => {
    expect([getTradeRate.method, getTradeRate.path, getTradeRate.auth]).toEqual([
      'GET',
      '/api/v2/common/trade-rate',
      true,
    ])
  })
  test('"mix contract, spot Spot, margin leverage": the three business types', () => {
    for (const businessType of ['mix', 'spot', 'margin'])
      expect(issuesOf({ symbol: 'BTCUSDT', businessType })).toEqual([])
  })
  test('another business type names businessType; both fields are required', () => {
    expect(issuesOf({ symbol: 'BTCUSDT', businessType: 'contract' })).toEqual([
      ['value', 'businessType'],
    ])
    expect(issuesOf({})).toEqual([
      ['missing', 'symbol'],
      ['missing', 'businessType'],
    ])
  })
})
