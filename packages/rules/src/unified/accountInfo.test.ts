import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import { getAccountInfo, getMaxWithdrawal, getOpenInterestLimit } from './accountInfo.js'
import { getTransferableCoins, transferAccountTypes } from './transfer.js'

describe('getAccountInfo', () => {
  const issuesOf = issuesFor(getAccountInfo)
  test('GET /api/v3/account/info, signed; no parameters, any field refused', () => {
    expect([getAccountInfo.method, getAccountInfo.path, getAccountInfo.auth]).toEqual([
      'GET',
      '/api/v3/account/info',
      true,
    ])
    expect(Endpoint.check(getAccountInfo, {})).toEqual({ success: true, output: {} })
    expect(issuesOf({ uid: '1' })).toEqual([['unknown', 'uid']])
  })
})

describe('getMaxWithdrawal', () => {
  const issuesOf = issuesFor(getMaxWithdrawal)
  test('GET /api/v3/account/max-withdrawal, signed; coin required, a coin name', () => {
    expect([getMaxWithdrawal.method, getMaxWithdrawal.path, getMaxWithdrawal.auth]).toEqual([
      'GET',
      '/api/v3/account/max-withdrawal',
      true,
    ])
    expect(Endpoint.check(getMaxWithdrawal, { coin: 'USDT' }).output).toEqual({ coin: 'USDT' })
    expect(issuesOf({})).toEqual([['missing', 'coin']])
    expect(issuesOf({ coin: 'US DT' })).toEqual([['format', 'coin']])
    expect(issuesOf({ coin: 'USDT', chain: 'TRC20' })).toEqual([['unknown', 'chain']])
  })
})

describe('getOpenInterestLimit', () => {
  const issuesOf = issuesFor(getOpenInterestLimit)
  const example = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }
  test('GET /api/v3/account/open-interest-limit, signed; the page example passes', () => {
    expect([
      getOpenInterestLimit.method,
      getOpenInterestLimit.path,
      getOpenInterestLimit.auth,
    ]).toEqual(['GET', '/api/v3/account/open-interest-limit', true])
    expect(Endpoint.check(getOpenInterestLimit, example)).toEqual({
      success: true,
      output: example,
    })
  })
  test('symbol and category are required; the category a futures one, in any letter case', () => {
    expect(issuesOf({})).toEqual([
      ['missing', 'category'],
      ['missing', 'symbol'],
    ])
    for (const category of ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'])
      expect(issuesOf({ ...example, category }), category).toEqual([])
    expect(
      Endpoint.check(getOpenInterestLimit, { ...example, category: 'usdt-futures' }).output,
    ).toEqual(example)
    expect(issuesOf({ ...example, category: 'SPOT' })).toEqual([['value', 'category']])
    expect(issuesOf({ ...example, category: 'MARGIN' })).toEqual([['value', 'category']])
  })
})

describe('getTransferableCoins', () => {
  const issuesOf = issuesFor(getTransferableCoins)
  const example = { fromType: 'uta', toType: 'spot' }
  test('GET /api/v3/account/transferable-coins, signed; the page example passes', () => {
    expect([
      getTransferableCoins.method,
      getTransferableCoins.path,
      getTransferableCoins.auth,
    ]).toEqual(['GET', '/api/v3/account/transferable-coins', true])
    expect(Endpoint.check(getTransferableCoins, example)).toEqual({
      success: true,
      output: example,
    })
  })
  test('fromType and toType are required, each an account type of the transfer page', () => {
    expect(issuesOf({})).toEqual([
      ['missing', 'fromType'],
      ['missing', 'toType'],
    ])
    for (const fromType of transferAccountTypes)
      expect(issuesOf({ fromType, toType: 'uta' }), fromType).toEqual([])
    expect(issuesOf({ ...example, toType: 'funding' })).toEqual([['value', 'toType']])
    expect(issuesOf({ ...example, coin: 'USDT' })).toEqual([['unknown', 'coin']])
  })
  test('the page takes no symbol: isolated_margin needs none here, unlike the transfer', () => {
    expect(issuesOf({ fromType: 'isolated_margin', toType: 'uta' })).toEqual([])
    expect(issuesOf({ ...example, symbol: 'BTCUSDT' })).toEqual([['unknown', 'symbol']])
  })
})

describe('rate limits as published', () => {
  test.each([
    ['unified.getAccountInfo', 5, 'Get Account Info', 'GET /api/v3/account/info'],
    ['unified.getMaxWithdrawal', 10, 'Get Max Withdrawal', 'GET /api/v3/account/max-withdrawal'],
    ['unified.getOpenInterestLimit', 5, 'Get OI Limit', 'GET /api/v3/account/open-interest-limit'],
    [
      'unified.getTransferableCoins',
      10,
      'Get Transferable Coins',
      'GET /api/v3/account/transferable-coins',
    ],
  ] as const)('%s: %i per second per UID', (id, limit, page, endpoint) => {
    expect(RateLimits.table[id]).toEqual([
      {
        kind: 'window',
        key: id,
        scope: 'uid',
        limit,
        windowMs: 1000,
        source: `Bitget "${page}" (${endpoint}): "Rate limit: ${limit}/sec/UID"`,
      },
    ])
  })
})
