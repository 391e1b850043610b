import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getMaxOpenAvailable, setHoldMode, setLeverage } from './settings.js'

describe('setLeverage', () => {
  const issuesOf = issuesFor(setLeverage)
  test('POST /api/v3/account/set-leverage, signed', () => {
    expect([setLeverage.method, setLeverage.path, setLeverage.auth]).toEqual([
      'POST',
      '/api/v3/account/set-leverage',
      true,
    ])
  })
  test('"symbol ... required to set leverage for futures"', () => {
    expect(issuesOf({ category: 'USDT-FUTURES', leverage: '10' })).toEqual([['missing', 'symbol']])
    expect(
      Endpoint.check(setLeverage, { category: 'usdt-futures', symbol: 'BTCUSDT', leverage: '10' })
        .output,
    ).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '10' })
  })
  test('"coin ... required to set leverage for margin trading"', () => {
    expect(issuesOf({ category: 'MARGIN', leverage: '3' })).toEqual([['missing', 'coin']])
    expect(issuesOf({ category: 'MARGIN', coin: 'USDT', leverage: '3' })).toEqual([])
  })
  test('spot has no leverage; leverage is a whole number of at least 1', () => {
    expect(issuesOf({ category: 'SPOT', symbol: 'BTCUSDT', leverage: '3' })).toEqual([
      ['value', 'category'],
    ])
    expect(issuesOf({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '0' })).toEqual([
      ['format', 'leverage'],
    ])
  })
  test('posSide long or short', () => {
    expect(
      issuesOf({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '3', posSide: 'net' }),
    ).toEqual([['value', 'posSide']])
  })
})

describe('setHoldMode', () => {
  const issuesOf = issuesFor(setHoldMode)
  test('POST /api/v3/account/set-hold-mode with one_way_mode or hedge_mode', () => {
    expect(setHoldMode.path).toBe('/api/v3/account/set-hold-mode')
    expect(issuesOf({ holdMode: 'hedge_mode' })).toEqual([])
    expect(issuesOf({ holdMode: 'hedge' })).toEqual([['value', 'holdMode']])
    expect(issuesOf({})).toEqual([['missing', 'holdMode']])
  })
})

describe('getMaxOpenAvailable', () => {
  const issuesOf = issuesFor(getMaxOpenAvailable)
  const base = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy' }
  test('POST /api/v3/account/max-open-available (the HTTP request line of the page)', () => {
    expect([getMaxOpenAvailable.method, getMaxOpenAvailable.path]).toEqual([
      'POST',
      '/api/v3/account/max-open-available',
    ])
  })
  test('"price ... required when orderType is limit"', () => {
    expect(issuesOf({ ...base, orderType: 'market' })).toEqual([])
    expect(issuesOf({ ...base, orderType: 'limit' })).toEqual([['missing', 'price']])
    expect(issuesOf({ ...base, orderType: 'limit', price: '65000', size: '0.1' })).toEqual([])
  })
})
