import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as RateLimits from '../RateLimits.js'
import * as Session from '../Session.js'
import { issuesFor } from '../test/issues.js'
import { candlePeriodMs } from './candles.js'
import { getCandlestick } from './getCandlestick.js'
import { getHistoryCandlestick } from './getHistoryCandlestick.js'
import { getOptionChain } from './getOptionChain.js'
import { getOptionExpiryDates } from './getOptionExpiryDates.js'
import { getOptionVolume } from './getOptionVolume.js'
import { getQuote } from './getQuote.js'

const endpoints = [
  [getOptionExpiryDates, 'option-expiry-date'],
  [getOptionChain, 'option-chain-info'],
  [getOptionVolume, 'option-volume'],
  [getQuote, 'quote'],
  [getCandlestick, 'candlestick'],
  [getHistoryCandlestick, 'history-candlestick'],
] as const

describe('stockplus market data and option discovery endpoints', () => {
  test.each(endpoints)('%o is a signed GET of /api/v3/stockplus/market', (endpoint, tail) => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual([
      'GET',
      `/api/v3/stockplus/market/${tail}`,
      true,
    ])
  })

  test.each(endpoints)(
    '%o has a rate-limit row, assumed, sharing the market group in flight',
    (endpoint) => {
      const rules = RateLimits.table[endpoint.id as RateLimits.EndpointId]
      expect(rules.map((rule) => rule.kind)).toEqual(['window', 'concurrency'])
      expect(rules[0]).toMatchObject({ limit: 10, windowMs: 1000, scope: 'uid', assumed: true })
      expect(rules[1]).toMatchObject({ key: 'securities.market.concurrent', limit: 5 })
    },
  )

  test('option-expiry-date and option-volume take one symbol, nothing else', () => {
    for (const endpoint of [getOptionExpiryDates, getOptionVolume]) {
      const issuesOf = issuesFor(endpoint)
      expect(issuesOf({ symbol: 'AAPL.US' })).toEqual([])
      expect(issuesOf({})).toEqual([['missing', 'symbol']])
      expect(issuesOf({ symbol: 'AAPL' })).toEqual([['format', 'symbol']])
      expect(issuesOf({ symbol: 'AAPL.US', expiry: '1' })).toEqual([['unknown', 'expiry']])
    }
  })

  test('option-chain-info: expiryDate in any of three forms is sent YYYYMMDD; a day that does not exist is refused', () => {
    const sent = (expiryDate: unknown) =>
      Endpoint.check(getOptionChain, { symbol: 'AAPL.US', expiryDate }).output
    expect(sent('2026-07-17')).toEqual({ symbol: 'AAPL.US', expiryDate: '20260717' })
    expect(sent('20260717')).toEqual({ symbol: 'AAPL.US', expiryDate: '20260717' })
    expect(sent('260717')).toEqual({ symbol: 'AAPL.US', expiryDate: '20260717' })
    expect(sent(20260717)).toEqual({ symbol: 'AAPL.US', expiryDate: '20260717' })
    const issuesOf = issuesFor(getOptionChain)
    expect(issuesOf({ symbol: 'AAPL.US', expiryDate: '2026-02-30' })).toEqual([
      ['format', 'expiryDate'],
    ])
    expect(issuesOf({ symbol: 'AAPL.US' })).toEqual([['missing', 'expiryDate']])
    expect(issuesOf({ symbol: 'AAPL.US', expiryDate: 'x'.repeat(11) })).toEqual([
      ['length', 'expiryDate'],
    ])
  })

  test('quote: up to 500 symbols, sent comma-separated; the 501st is refused', () => {
    const symbols = Array.from({ length: 500 }, (_, i) => `S${i}.US`)
    expect(Endpoint.check(getQuote, { symbol: symbols }).output?.symbol.split(',')).toHaveLength(
      500,
    )
    expect(issuesFor(getQuote)({ symbol: [...symbols, 'X.US'] })).toEqual([['length', 'symbol']])
  })

  test('candlestick: period from the list, count 1 to 1000, adjustType 0|1, tradeSessions 0|100, all sent as text', () => {
    expect(
      Endpoint.check(getCandlestick, {
        symbol: 'AAPL.US',
        period: '5m',
        count: 1000,
        adjustType: 1,
        tradeSessions: 100,
      }).output,
    ).toEqual({
      symbol: 'AAPL.US',
      period: '5m',
      count: '1000',
      adjustType: '1',
      tradeSessions: '100',
    })
    const issuesOf = issuesFor(getCandlestick)
    expect(issuesOf({ symbol: 'AAPL.US', period: '2m' })).toEqual([['value', 'period']])
    expect(issuesOf({ symbol: 'AAPL.US', period: 'day', count: 1001 })).toEqual([
      ['range', 'count'],
    ])
    expect(issuesOf({ symbol: 'AAPL.US', period: 'day', adjustType: '2' })).toEqual([
      ['value', 'adjustType'],
    ])
    expect(issuesOf({ symbol: 'AAPL.US', period: 'day', tradeSessions: 'All' })).toEqual([
      ['value', 'tradeSessions'],
    ])
    expect(issuesOf({ symbol: 'AAPL.US', period: 'day', forward: true })).toEqual([
      ['unknown', 'forward'],
    ])
  })

  test('history-candlestick: forward sent as true/false, time as Unix ms text; seconds are refused', () => {
    expect(
      Endpoint.check(getHistoryCandlestick, {
        symbol: 'AAPL.US',
        period: '1m',
        forward: true,
        time: '1782914400000',
      }).output,
    ).toEqual({ symbol: 'AAPL.US', period: '1m', forward: 'true', time: '1782914400000' })
    const issuesOf = issuesFor(getHistoryCandlestick)
    expect(issuesOf({ symbol: 'AAPL.US', period: '1m', time: 1782914400 })).toEqual([
      ['range', 'time'],
    ])
    expect(issuesOf({ symbol: 'AAPL.US', period: '1m', forward: 'yes' })).toEqual([
      ['value', 'forward'],
    ])
  })

  test('candle period lengths; month and year have none', () => {
    expect(candlePeriodMs('60m')).toBe(3_600_000)
    expect(candlePeriodMs('week')).toBe(604_800_000)
    expect(candlePeriodMs('month')).toBeUndefined()
  })

  test('Session.regularClose: 16:00 New York on the date, daylight or standard time', () => {
    expect(new Date(Session.regularClose('2026-07-17')).toISOString()).toBe(
      '2026-07-17T20:00:00.000Z',
    )
    expect(new Date(Session.regularClose('2026-12-18')).toISOString()).toBe(
      '2026-12-18T21:00:00.000Z',
    )
    expect(() => Session.regularClose('2026-7-17')).toThrow()
  })
})
