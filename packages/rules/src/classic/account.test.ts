import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import {
  getAccount,
  getAccounts,
  getMaxOpen,
  getOpenCount,
  setLeverage,
  setMarginMode,
  setPositionMode,
} from './account.js'

const btc = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT' }

describe('the paths of the account pages', () => {
  test.each([
    ['GET', '/api/v2/mix/account/account', getAccount],
    ['GET', '/api/v2/mix/account/accounts', getAccounts],
    ['POST', '/api/v2/mix/account/set-leverage', setLeverage],
    ['POST', '/api/v2/mix/account/set-margin-mode', setMarginMode],
    ['POST', '/api/v2/mix/account/set-position-mode', setPositionMode],
    ['GET', '/api/v2/mix/account/max-open', getMaxOpen],
    ['GET', '/api/v2/mix/account/open-count', getOpenCount],
  ] as const)('%s %s, signed', (method, path, endpoint) => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual([method, path, true])
  })
})

describe('getAccount', () => {
  const issuesOf = issuesFor(getAccount)
  test('"symbol, productType, marginCoin | Yes": each is required', () => {
    expect(issuesOf({})).toEqual([
      ['missing', 'symbol'],
      ['missing', 'productType'],
      ['missing', 'marginCoin'],
    ])
  })
  test('"marginCoin must be capitalized": a lower-case coin is a format issue', () => {
    expect(issuesOf({ ...btc, marginCoin: 'usdt' })).toEqual([['format', 'marginCoin']])
  })
})

describe('getAccounts', () => {
  test('productType in either case, sent upper-case', () => {
    expect(Endpoint.check(getAccounts, { productType: 'coin-futures' }).output).toEqual({
      productType: 'COIN-FUTURES',
    })
  })
})

describe('setLeverage', () => {
  const issuesOf = issuesFor(setLeverage)
  test('one leverage for crossed margin, or one side with holdSide, or both sides', () => {
    expect(issuesOf({ ...btc, leverage: '20' })).toEqual([])
    expect(issuesOf({ ...btc, leverage: '5', holdSide: 'long' })).toEqual([])
    expect(issuesOf({ ...btc, longLeverage: '5', shortLeverage: '10' })).toEqual([])
  })
  test('without any leverage: a missing issue on leverage, nothing to send', () => {
    expect(issuesOf(btc)).toEqual([['missing', 'leverage']])
  })
  test.each([
    ['0', 'format'],
    ['2.5', 'format'],
    ['-3', 'format'],
    ['x'.repeat(21), 'length'],
  ])('leverage %j: a %s issue (a whole number of at least 1)', (leverage, type) => {
    expect(issuesOf({ ...btc, leverage })).toEqual([[type, 'leverage']])
  })
  test('holdSide is long or short', () => {
    expect(issuesOf({ ...btc, leverage: '5', holdSide: 'both' })).toEqual([['value', 'holdSide']])
  })
})

describe('setMarginMode', () => {
  const issuesOf = issuesFor(setMarginMode)
  test('"isolated" or "crossed"', () => {
    expect(issuesOf({ ...btc, marginMode: 'isolated' })).toEqual([])
    expect(issuesOf({ ...btc, marginMode: 'cross' })).toEqual([['value', 'marginMode']])
  })
})

describe('setPositionMode', () => {
  const issuesOf = issuesFor(setPositionMode)
  test('"one_way_mode" or "hedge_mode" for a product type', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', posMode: 'hedge_mode' })).toEqual([])
    expect(issuesOf({ productType: 'USDT-FUTURES', posMode: 'hedge' })).toEqual([
      ['value', 'posMode'],
    ])
    expect(issuesOf({ posMode: 'one_way_mode' })).toEqual([['missing', 'productType']])
  })
})

describe('getMaxOpen', () => {
  const issuesOf = issuesFor(getMaxOpen)
  test('"openPrice ... Required when orderType=limit"', () => {
    expect(issuesOf({ ...btc, posSide: 'long', orderType: 'market' })).toEqual([])
    expect(issuesOf({ ...btc, posSide: 'long', orderType: 'limit' })).toEqual([
      ['missing', 'openPrice'],
    ])
    expect(issuesOf({ ...btc, posSide: 'long', orderType: 'limit', openPrice: '0' })).toEqual([
      ['range', 'openPrice'],
    ])
  })
  test('posSide is required', () => {
    expect(issuesOf({ ...btc, orderType: 'market' })).toEqual([['missing', 'posSide']])
  })
})

describe('getOpenCount', () => {
  const issuesOf = issuesFor(getOpenCount)
  test('openAmount and openPrice are required decimal strings; leverage optional', () => {
    expect(issuesOf({ ...btc, openAmount: '5000', openPrice: '65000' })).toEqual([])
    expect(issuesOf(btc)).toEqual([
      ['missing', 'openAmount'],
      ['missing', 'openPrice'],
    ])
    expect(issuesOf({ ...btc, openAmount: 5000, openPrice: '65000' })).toEqual([
      ['type', 'openAmount'],
    ])
  })
})
