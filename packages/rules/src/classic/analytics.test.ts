import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import {
  analyticsPeriods,
  getAccountLongShort,
  getLongShort,
  getPositionLongShort,
  getTakerBuySell,
  getVipFeeRate,
} from './analytics.js'

const series = [
  [getLongShort, '/api/v2/mix/market/long-short'],
  [getAccountLongShort, '/api/v2/mix/market/account-long-short'],
  [getPositionLongShort, '/api/v2/mix/market/position-long-short'],
  [getTakerBuySell, '/api/v2/mix/market/taker-buy-sell'],
] as const

describe('the long/short and taker reads', () => {
  test.each(series)('%#: GET %s, public, 1 per second per IP', (endpoint, path) => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual(['GET', path, false])
    expect(RateLimits.table[endpoint.id as RateLimits.EndpointId]).toMatchObject([
      { kind: 'window', scope: 'ip', limit: 1, windowMs: 1000 },
    ])
  })

  test.each(series)('%#: the page example (symbol only) passes; period optional', (endpoint) => {
    expect(Endpoint.check(endpoint, { symbol: 'BTCUSDT' }).output).toEqual({ symbol: 'BTCUSDT' })
    expect(issuesFor(endpoint)({ symbol: 'BTCUSDT', period: '12h' })).toEqual([])
  })

  test.each(series)(
    '%#: symbol required; productType and any other field refused by name',
    (endpoint) => {
      const issuesOf = issuesFor(endpoint)
      expect(issuesOf({})).toEqual([['missing', 'symbol']])
      expect(issuesOf({ symbol: 'BTCUSDT', productType: 'USDT-FUTURES' })).toEqual([
        ['unknown', 'productType'],
      ])
      expect(issuesOf({ symbol: 'BTCUSDT', period: '1m' })).toEqual([['value', 'period']])
      expect(issuesOf({ symbol: 'BTCUSDT', period: '1H' })).toEqual([['value', 'period']])
    },
  )

  test('long-short spells the day 1Dutc; the account, position and taker pages 1d', () => {
    expect(issuesFor(getLongShort)({ symbol: 'BTCUSDT', period: '1Dutc' })).toEqual([])
    expect(issuesFor(getLongShort)({ symbol: 'BTCUSDT', period: '1d' })).toEqual([
      ['value', 'period'],
    ])
    for (const endpoint of [getAccountLongShort, getPositionLongShort, getTakerBuySell]) {
      expect(issuesFor(endpoint)({ symbol: 'BTCUSDT', period: '1d' })).toEqual([])
      expect(issuesFor(endpoint)({ symbol: 'BTCUSDT', period: '1Dutc' })).toEqual([
        ['value', 'period'],
      ])
    }
    expect(analyticsPeriods).toEqual(['5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d'])
  })
})

describe('getVipFeeRate', () => {
  test('GET /api/v2/mix/market/vip-fee-rate, public, 10 per second per IP, no parameter', () => {
    expect([getVipFeeRate.method, getVipFeeRate.path, getVipFeeRate.auth]).toEqual([
      'GET',
      '/api/v2/mix/market/vip-fee-rate',
      false,
    ])
    expect(RateLimits.table['classic.getVipFeeRate']).toMatchObject([{ scope: 'ip', limit: 10 }])
    expect(issuesFor(getVipFeeRate)({})).toEqual([])
    expect(issuesFor(getVipFeeRate)({ level: '1' })).toEqual([['unknown', 'level']])
  })
})
