import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import { getAccountInfo, getMaxWithdrawal } from './accountInfo.js'

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

describe('rate limits as published', () => {
  test.each([
    ['unified.getAccountInfo', 5, 'Get Account Info', 'GET /api/v3/account/info'],
    ['unified.getMaxWithdrawal', 10, 'Get Max Withdrawal', 'GET /api/v3/account/max-withdrawal'],
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
