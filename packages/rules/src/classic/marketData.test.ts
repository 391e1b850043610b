import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import {
  candleGranularities,
  getCandles,
  getHistoryCandles,
  getHistoryTrades,
  getMergeDepth,
  getOpenInterest,
  getRecentTrades,
  getSymbolPrice,
  getTickers,
} from './marketData.js'

const btc = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const day = 86_400_000

describe('paths: public GETs under /api/v2/mix/market', () => {
  test.each([
    [getTickers, '/api/v2/mix/market/tickers'],
    [getCandles, '/api/v2/mix/market/candles'],
    [getHistoryCandles, '/api/v2/mix/market/history-candles'],
    [getMergeDepth, '/api/v2/mix/market/merge-depth'],
    [getRecentTrades, '/api/v2/mix/market/fills'],
    [getHistoryTrades, '/api/v2/mix/market/fills-history'],
    [getOpenInterest, '/api/v2/mix/market/open-interest'],
    [getSymbolPrice, '/api/v2/mix/market/symbol-price'],
  ] as const)('%#: %s', (endpoint, path) => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual(['GET', path, false])
  })

  test('"Frequency limit: 20 times/1s (IP)"; fills-history 10; symbol-price 20 per user', () => {
    const limits = (id: RateLimits.EndpointId) =>
      RateLimits.table[id].map((rule) => [rule.kind === 'window' && rule.limit, rule.scope])
    expect(limits('classic.getCandles')).toEqual([[20, 'ip']])
    expect(limits('classic.getHistoryTrades')).toEqual([[10, 'ip']])
    expect(limits('classic.getSymbolPrice')).toEqual([[20, 'uid']])
  })
})

describe('getTickers', () => {
  test('"productType | Yes": required, any case, sent upper-case', () => {
    expect(issuesFor(getTickers)({})).toEqual([['missing', 'productType']])
    expect(Endpoint.check(getTickers, { productType: 'coin-futures' }).output).toEqual({
      productType: 'COIN-FUTURES',
    })
  })
})

describe('getCandles', () => {
  const issuesOf = issuesFor(getCandles)
  test.each(candleGranularities)('granularity %s is one the page lists', (granularity) => {
    expect(issuesOf({ ...btc, granularity })).toEqual([])
  })

  test('a granularity the page does not list (2m, 1h) is an enum issue on granularity', () => {
    expect(issuesOf({ ...btc, granularity: '2m' })).toEqual([['value', 'granularity']])
    expect(issuesOf({ ...btc, granularity: '1h' })).toEqual([['value', 'granularity']])
  })

  test('kLineType MARKET/MARK/INDEX in any case, sent upper-case; limit "maximum: 1000"', () => {
    expect(
      Endpoint.check(getCandles, { ...btc, granularity: '1m', kLineType: 'mark', limit: 1000 })
        .output,
    ).toEqual({ ...btc, granularity: '1m', kLineType: 'MARK', limit: '1000' })
    expect(issuesOf({ ...btc, granularity: '1m', kLineType: 'LAST' })).toEqual([
      ['value', 'kLineType'],
    ])
    expect(issuesOf({ ...btc, granularity: '1m', limit: '1001' })).toEqual([['range', 'limit']])
  })

  test('"the maximum time query range is 90 days": a wider window is a range issue on endTime', () => {
    const start = 1_700_000_000_000
    const within = { ...btc, granularity: '1H', startTime: start, endTime: start + 90 * day }
    expect(issuesOf(within)).toEqual([])
    expect(issuesOf({ ...within, endTime: start + 90 * day + 1 })).toEqual([['range', 'endTime']])
    expect(issuesOf({ ...within, endTime: start - 1 })).toEqual([['range', 'endTime']])
  })
})

describe('getHistoryCandles', () => {
  test('"Default: 100, maximum: 200"; no kLineType on this page', () => {
    const issuesOf = issuesFor(getHistoryCandles)
    expect(issuesOf({ ...btc, granularity: '1W', limit: '200' })).toEqual([])
    expect(issuesOf({ ...btc, granularity: '1W', limit: '201' })).toEqual([['range', 'limit']])
    expect(issuesOf({ ...btc, granularity: '1W', kLineType: 'MARK' })).toEqual([
      ['unknown', 'kLineType'],
    ])
  })
})

describe('getMergeDepth', () => {
  const issuesOf = issuesFor(getMergeDepth)
  test('precision scale0..scale3 and limit 1/5/15/50/max, as the page enumerates them', () => {
    for (const precision of ['scale0', 'scale1', 'scale2', 'scale3'])
      for (const limit of ['1', '5', '15', '50', 'max'])
        expect(issuesOf({ ...btc, precision, limit })).toEqual([])
    expect(issuesOf({ ...btc, precision: 'scale4', limit: '100' })).toEqual([
      ['value', 'precision'],
      ['value', 'limit'],
    ])
  })
})

describe('getRecentTrades and getHistoryTrades', () => {
  test('recent: "Default: 100, maximum: 100"', () => {
    expect(issuesFor(getRecentTrades)({ ...btc, limit: 101 })).toEqual([['range', 'limit']])
  })

  test('history: limit up to 1000, idLessThan a trade id, a window of 7 days at most', () => {
    const issuesOf = issuesFor(getHistoryTrades)
    const start = 1_700_000_000_000
    expect(
      issuesOf({
        ...btc,
        limit: '1000',
        idLessThan: '9',
        startTime: start,
        endTime: start + 7 * day,
      }),
    ).toEqual([])
    expect(issuesOf({ ...btc, limit: '1001' })).toEqual([['range', 'limit']])
    expect(issuesOf({ ...btc, startTime: start, endTime: start + 7 * day + 1 })).toEqual([
      ['range', 'endTime'],
    ])
    expect(issuesOf({ ...btc, idLessThan: 'abc' })).toEqual([['format', 'idLessThan']])
  })
})

describe('getOpenInterest and getSymbolPrice', () => {
  test.each([getOpenInterest, getSymbolPrice])('%#: symbol and productType, both required', (e) => {
    expect(issuesFor(e)({})).toEqual([
      ['missing', 'symbol'],
      ['missing', 'productType'],
    ])
    expect(Endpoint.check(e, { symbol: 'BTCUSDT', productType: 'usdt-futures' }).success).toBe(true)
  })
})
