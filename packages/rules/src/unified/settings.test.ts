import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import {
  getMaxOpenAvailable,
  marginOperations,
  setHoldMode,
  setLeverage,
  setMargin,
} from './settings.js'

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
  test('"marginMode ... `crossed` / `isolated`; defaults to cross margin"; "longLeverage / shortLeverage ... only applicable when using isolated margin" (the newer page)', () => {
    const btc = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '3' }
    expect(issuesOf({ ...btc, marginMode: 'isolated', posSide: 'long' })).toEqual([])
    expect(
      issuesOf({ ...btc, marginMode: 'isolated', longLeverage: '5', shortLeverage: '7' }),
    ).toEqual([])
    expect(issuesOf({ ...btc, marginMode: 'cross' })).toEqual([['value', 'marginMode']])
    expect(issuesOf({ ...btc, longLeverage: '5' })).toEqual([['forbidden', 'longLeverage']])
    expect(issuesOf({ ...btc, marginMode: 'crossed', shortLeverage: '5' })).toEqual([
      ['forbidden', 'shortLeverage'],
    ])
    expect(issuesOf({ ...btc, marginMode: 'isolated', longLeverage: '0' })).toEqual([
      ['format', 'longLeverage'],
    ])
  })
  test('"Only futures product lines support isolated margin leverage adjustment"', () => {
    expect(
      issuesOf({ category: 'MARGIN', coin: 'USDT', leverage: '3', marginMode: 'isolated' }),
    ).toEqual([['forbidden', 'marginMode']])
    expect(
      issuesOf({ category: 'MARGIN', coin: 'USDT', leverage: '3', marginMode: 'crossed' }),
    ).toEqual([])
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

describe('setMargin', () => {
  const issuesOf = issuesFor(setMargin)
  const body = {
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    posSide: 'long',
    operation: 'add',
    amount: '10',
  }
  test('POST /api/v3/account/set-margin, signed; the example passes, sent normalised', () => {
    expect([setMargin.method, setMargin.path, setMargin.auth]).toEqual([
      'POST',
      '/api/v3/account/set-margin',
      true,
    ])
    expect(
      Endpoint.check(setMargin, { ...body, category: 'usdt-futures', amount: '10.50' }).output,
    ).toEqual({ ...body, amount: '10.5' })
  })
  test('every field is required; each missing one is named', () => {
    for (const field of Object.keys(body)) {
      const { [field as keyof typeof body]: _, ...rest } = body
      expect(issuesOf(rest)).toEqual([['missing', field]])
    }
  })
  test('"USDT-FUTURES, COIN-FUTURES, USDC-FUTURES": futures only', () => {
    expect(issuesOf({ ...body, category: 'COIN-FUTURES', symbol: 'BTCUSD' })).toEqual([])
    expect(issuesOf({ ...body, category: 'SPOT' })).toEqual([['value', 'category']])
    expect(issuesOf({ ...body, category: 'MARGIN' })).toEqual([['value', 'category']])
  })
  test('posSide long or short; operation add or remove', () => {
    expect(marginOperations).toEqual(['add', 'remove'])
    expect(issuesOf({ ...body, operation: 'remove' })).toEqual([])
    expect(issuesOf({ ...body, posSide: 'net' })).toEqual([['value', 'posSide']])
    expect(issuesOf({ ...body, operation: 'reduce' })).toEqual([['value', 'operation']])
  })
  test('amount is a positive decimal string (the direction is operation, not a sign)', () => {
    expect(issuesOf({ ...body, amount: '-10' })).toEqual([['format', 'amount']])
    expect(issuesOf({ ...body, amount: '0' })).toEqual([['range', 'amount']])
    expect(issuesOf({ ...body, amount: 10 })).toEqual([['type', 'amount']])
  })
})
