import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getLiquidationPrice, setAutoMargin, setMargin } from './margin.js'

const btc = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT' }

describe('setMargin', () => {
  const issuesOf = issuesFor(setMargin)
  test('POST /api/v2/mix/account/set-margin, signed', () => {
    expect([setMargin.method, setMargin.path, setMargin.auth]).toEqual([
      'POST',
      '/api/v2/mix/account/set-margin',
      true,
    ])
  })
  test('"positive means increase, and negative means decrease": both are accepted, as text', () => {
    expect(Endpoint.check(setMargin, { ...btc, holdSide: 'long', amount: '20' }).success).toBe(true)
    expect(Endpoint.check(setMargin, { ...btc, holdSide: 'short', amount: '-20.5' }).success).toBe(
      true,
    )
  })
  test.each([
    ['0', 'range'],
    ['-0.00', 'range'],
    ['1e3', 'format'],
  ])('amount %j: a %s issue', (amount, type) => {
    expect(issuesOf({ ...btc, holdSide: 'long', amount })).toEqual([[type, 'amount']])
  })
  test('holdSide and amount are required', () => {
    expect(issuesOf(btc)).toEqual([
      ['missing', 'holdSide'],
      ['missing', 'amount'],
    ])
  })
})

describe('getLiquidationPrice', () => {
  const issuesOf = issuesFor(getLiquidationPrice)
  test('GET /api/v2/mix/account/liq-price; "openPrice ... Required when orderType=limit"', () => {
    expect(getLiquidationPrice.path).toBe('/api/v2/mix/account/liq-price')
    const base = { ...btc, posSide: 'long', openAmount: '50' }
    expect(issuesOf({ ...base, orderType: 'market' })).toEqual([])
    expect(issuesOf({ ...base, orderType: 'limit' })).toEqual([['missing', 'openPrice']])
    expect(issuesOf({ ...base, orderType: 'market', openAmount: '0' })).toEqual([
      ['range', 'openAmount'],
    ])
  })
})

describe('setAutoMargin', () => {
  const issuesOf = issuesFor(setAutoMargin)
  const body = { symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long', autoMargin: 'on' }
  test('POST /api/v2/mix/account/set-auto-margin, signed', () => {
    expect([setAutoMargin.method, setAutoMargin.path, setAutoMargin.auth]).toEqual([
      'POST',
      '/api/v2/mix/account/set-auto-margin',
      true,
    ])
  })
  test('"on" and "off" on either side, with no productType (the page lists none)', () => {
    expect(issuesOf(body)).toEqual([])
    expect(issuesOf({ ...body, holdSide: 'short', autoMargin: 'off' })).toEqual([])
    expect(issuesOf({ ...body, productType: 'USDT-FUTURES' })).toEqual([['unknown', 'productType']])
  })
  test('another autoMargin value names autoMargin; every field is required', () => {
    expect(issuesOf({ ...body, autoMargin: 'ON' })).toEqual([['value', 'autoMargin']])
    expect(issuesOf({ ...body, autoMargin: true })).toEqual([['value', 'autoMargin']])
    expect(issuesOf({ symbol: 'BTCUSDT' })).toEqual([
      ['missing', 'autoMargin'],
      ['missing', 'marginCoin'],
      ['missing', 'holdSide'],
    ])
  })
})
