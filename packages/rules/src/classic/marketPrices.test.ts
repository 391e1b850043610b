import { describe, expect, test } from 'vitest'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import { getFundingTime, getHistoryIndexCandles, getHistoryMarkCandles } from './marketPrices.js'

const btc = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const

describe('getHistoryMarkCandles and getHistoryIndexCandles', () => {
  test.each([
    [getHistoryMarkCandles, '/api/v2/mix/market/history-mark-candles'],
    [getHistoryIndexCandles, '/api/v2/mix/market/history-index-candles'],
  ] as const)('%#: %s, public, 20 per second per IP', (endpoint, path) => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual(['GET', path, false])
    expect(RateLimits.table[endpoint.id as RateLimits.EndpointId]).toMatchObject([
      { scope: 'ip', limit: 20 },
    ])
  })

  test.each([getHistoryMarkCandles, getHistoryIndexCandles])(
    '%#: "Default: 100, maximum: 200", the candle granularities, 90 days at most',
    (endpoint) => {
      const issuesOf = issuesFor(endpoint)
      expect(issuesOf({ ...btc, granularity: '5m', limit: '200' })).toEqual([])
      expect(issuesOf({ ...btc, granularity: '5m', limit: '201' })).toEqual([['range', 'limit']])
      expect(issuesOf({ ...btc, granularity: '2H' })).toEqual([['value', 'granularity']])
      const query = { ...btc, granularity: '1D', startTime: '0', endTime: String(91 * 86_400_000) }
      expect(issuesOf(query)).toEqual([['range', 'endTime']])
    },
  )
})

describe('getFundingTime', () => {
  test('GET /api/v2/mix/market/funding-time: symbol and productType, both required', () => {
    expect(getFundingTime.path).toBe('/api/v2/mix/market/funding-time')
    expect(issuesFor(getFundingTime)({ symbol: 'BTCUSDT' })).toEqual([['missing', 'productType']])
  })
})
