import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { klineIntervals } from '../MarketChannels.js'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import {
  getCandles,
  getHistoryCandles,
  getOpenInterest,
  getOrderBook,
  getPositionTier,
  getPublicFills,
  getRiskReserve,
} from './market.js'

const btc = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const

describe('paths: public GETs under /api/v3/market, "Rate limit: 20/sec/IP"', () => {
  test.each([
    [getCandles, '/api/v3/market/candles'],
    [getHistoryCandles, '/api/v3/market/history-candles'],
    [getOrderBook, '/api/v3/market/orderbook'],
    [getPublicFills, '/api/v3/market/fills'],
    [getOpenInterest, '/api/v3/market/open-interest'],
    [getRiskReserve, '/api/v3/market/risk-reserve'],
  ] as const)('%#: %s', (endpoint, path) => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual(['GET', path, false])
    expect(RateLimits.table[endpoint.id as RateLimits.EndpointId]).toMatchObject([
      { kind: 'window', scope: 'ip', limit: 20, windowMs: 1000 },
    ])
  })
})

describe('getCandles and getHistoryCandles', () => {
  test.each(klineIntervals)(
    "interval %s: the page's list, the same as the kline channel's",
    (interval) => {
      expect(issuesFor(getCandles)({ ...btc, interval })).toEqual([])
    },
  )

  test('interval is required (the page names it interval) and 1W is not listed', () => {
    expect(issuesFor(getCandles)(btc)).toEqual([['missing', 'interval']])
    expect(issuesFor(getCandles)({ ...btc, interval: '1W' })).toEqual([['value', 'interval']])
  })

  test('type market/mark/index/premium in any case, sent upper-case as the example sends MARKET', () => {
    expect(Endpoint.check(getCandles, { ...btc, interval: '1m', type: 'premium' }).output).toEqual({
      ...btc,
      interval: '1m',
      type: 'PREMIUM',
    })
    expect(issuesFor(getCandles)({ ...btc, interval: '1m', type: 'last' })).toEqual([
      ['value', 'type'],
    ])
  })

  test('limit: candles up to 1000 ("up to 1,000 candlesticks"), history up to 100', () => {
    expect(issuesFor(getCandles)({ ...btc, interval: '1m', limit: 1000 })).toEqual([])
    expect(issuesFor(getCandles)({ ...btc, interval: '1m', limit: 1001 })).toEqual([
      ['range', 'limit'],
    ])
    expect(issuesFor(getHistoryCandles)({ ...btc, interval: '1m', limit: 101 })).toEqual([
      ['range', 'limit'],
    ])
  })

  test('MARGIN has no candles; a window wider than 90 days is a range issue on endTime', () => {
    expect(issuesFor(getCandles)({ ...btc, category: 'MARGIN', interval: '1m' })).toEqual([
      ['value', 'category'],
    ])
    const query = { ...btc, interval: '1D', startTime: '0', endTime: String(90 * 86_400_000 + 1) }
    expect(issuesFor(getHistoryCandles)(query)).toEqual([['range', 'endTime']])
  })
})

describe('getOrderBook, getPublicFills', () => {
  test('order book: "Default: 5. Maximum: 200"', () => {
    expect(issuesFor(getOrderBook)({ ...btc, limit: 200 })).toEqual([])
    expect(issuesFor(getOrderBook)({ ...btc, limit: 201 })).toEqual([['range', 'limit']])
  })

  test('public fills: MARGIN is listed; "Maximum: 100"', () => {
    expect(issuesFor(getPublicFills)({ ...btc, category: 'MARGIN' })).toEqual([])
    expect(issuesFor(getPublicFills)({ ...btc, limit: '0' })).toEqual([['range', 'limit']])
  })
})

describe('getOpenInterest, getRiskReserve', () => {
  test('futures categories only; open interest takes an optional symbol, risk reserve requires it', () => {
    expect(issuesFor(getOpenInterest)({ category: 'usdt-futures' })).toEqual([])
    expect(issuesFor(getOpenInterest)({ category: 'SPOT' })).toEqual([['value', 'category']])
    expect(issuesFor(getRiskReserve)({ category: 'USDT-FUTURES' })).toEqual([['missing', 'symbol']])
  })
})

describe('getPositionTier', () => {
  test('MARGIN by coin, the futures by symbol; SPOT has no tiers; "Rate limit: 20/sec/IP"', () => {
    expect(getPositionTier.path).toBe('/api/v3/market/position-tier')
    expect(issuesFor(getPositionTier)({ category: 'margin', coin: 'BTC' })).toEqual([])
    expect(issuesFor(getPositionTier)({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' })).toEqual([])
    expect(issuesFor(getPositionTier)({ category: 'SPOT' })).toEqual([['value', 'category']])
    expect(RateLimits.table['unified.getPositionTier']).toMatchObject([{ scope: 'ip', limit: 20 }])
  })
})
