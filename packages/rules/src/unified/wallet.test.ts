import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import { getDepositAddress, getDepositRecords, getWithdrawalRecords, withdraw } from './wallet.js'

// The pages' example requests.
const window = { startTime: '1700561435000', endTime: '1703153435933' }
const internal = {
  coin: 'usdt',
  transferType: 'internal_transfer',
  address: '234234242',
  innerToType: 'uid',
  size: '100',
}
const onChain = {
  coin: 'USDT',
  transferType: 'on_chain',
  chain: 'trc20',
  address: 'TXYZ1234',
  size: '10',
}

describe('getDepositAddress', () => {
  const issuesOf = issuesFor(getDepositAddress)
  test('GET /api/v3/account/deposit-address, signed; the page example "coin=usdt"; coin required', () => {
    expect([getDepositAddress.method, getDepositAddress.path, getDepositAddress.auth]).toEqual([
      'GET',
      '/api/v3/account/deposit-address',
      true,
    ])
    expect(Endpoint.check(getDepositAddress, { coin: 'usdt' }).output).toEqual({ coin: 'usdt' })
    expect(issuesOf({})).toEqual([['missing', 'coin']])
    expect(issuesOf({ coin: 'USDT', chain: 'erc 20' })).toEqual([['format', 'chain']])
    expect(issuesOf({ coin: 'USDT', address: 'x' })).toEqual([['unknown', 'address']])
  })

  test('size (a BTC Lightning deposit) is a decimal from 0.000001 to 0.01', () => {
    const btc = { coin: 'BTC', chain: 'Lightning' }
    expect(issuesOf({ ...btc, size: '0.000001' })).toEqual([])
    expect(issuesOf({ ...btc, size: '0.01' })).toEqual([])
    expect(issuesOf({ ...btc, size: '0.0100001' })).toEqual([['range', 'size']])
    expect(issuesOf({ ...btc, size: '0.0000009' })).toEqual([['range', 'size']])
    expect(issuesOf({ ...btc, size: 0.001 })).toEqual([['type', 'size']])
  })
})

describe.each([
  ['getDepositRecords', getDepositRecords, '/api/v3/account/deposit-records'],
  ['getWithdrawalRecords', getWithdrawalRecords, '/api/v3/account/withdrawal-records'],
] as const)('%s', (_, endpoint, path) => {
  const issuesOf = issuesFor(endpoint as typeof getDepositRecords)
  test('GET, signed; the page example (a time window) passes; startTime and endTime required', () => {
    expect([endpoint.method, endpoint.path, endpoint.auth]).toEqual(['GET', path, true])
    expect(Endpoint.check(endpoint, window)).toEqual({ success: true, output: window })
    expect(issuesOf({})).toEqual([
      ['missing', 'startTime'],
      ['missing', 'endTime'],
    ])
  })

  test('limit from 1 to 100, times in order, coin and orderId checked', () => {
    expect(Endpoint.check(endpoint, { ...window, limit: 100 }).output).toEqual({
      ...window,
      limit: '100',
    })
    expect(issuesOf({ ...window, limit: '101' })).toEqual([['range', 'limit']])
    expect(issuesOf({ ...window, endTime: '1700561434999' })).toEqual([['range', 'endTime']])
    expect(issuesOf({ ...window, coin: 'US DT' })).toEqual([['format', 'coin']])
    expect(issuesOf({ ...window, orderId: 'a b' })).toEqual([['format', 'orderId']])
    expect(issuesOf({ ...window, cursor: '1278112570963742720', orderId: '1' })).toEqual([])
  })
})

describe('getWithdrawalRecords', () => {
  const issuesOf = issuesFor(getWithdrawalRecords)
  test('decision: neither orderId nor clientOid is required (the page example names neither); clientOid finds a withdrawal', () => {
    expect(issuesOf(window)).toEqual([])
    expect(issuesOf({ ...window, clientOid: 'BITGET#1' })).toEqual([])
    expect(issuesOf({ ...window, clientOid: '' })).toEqual([['length', 'clientOid']])
  })
  test('the deposit records take no clientOid', () => {
    expect(issuesFor(getDepositRecords)({ ...window, clientOid: 'x' })).toEqual([
      ['unknown', 'clientOid'],
    ])
  })
})

describe('withdraw', () => {
  const issuesOf = issuesFor(withdraw)
  test('POST /api/v3/account/withdrawal, signed (the page names that path); the page example passes, sent normalised', () => {
    expect([withdraw.method, withdraw.path, withdraw.auth]).toEqual([
      'POST',
      '/api/v3/account/withdrawal',
      true,
    ])
    expect(Endpoint.check(withdraw, internal)).toEqual({ success: true, output: internal })
    expect(Endpoint.check(withdraw, { ...onChain, size: '10.50' }).output).toEqual({
      ...onChain,
      size: '10.5',
    })
  })

  test('coin, transferType, address and size are required; each missing one is named', () => {
    expect(issuesOf({})).toEqual([
      ['missing', 'coin'],
      ['missing', 'transferType'],
      ['missing', 'address'],
      ['missing', 'size'],
    ])
  })

  test('size is a positive decimal string; transferType and innerToType from their lists', () => {
    expect(issuesOf({ ...internal, size: '0' })).toEqual([['range', 'size']])
    expect(issuesOf({ ...internal, size: 100 })).toEqual([['type', 'size']])
    expect(issuesOf({ ...internal, size: '1e2' })).toEqual([['format', 'size']])
    expect(issuesOf({ ...internal, transferType: 'onchain' })).toEqual([['value', 'transferType']])
    expect(issuesOf({ ...internal, innerToType: 'phone' })).toEqual([['value', 'innerToType']])
    expect(issuesOf({ ...internal, address: 'a b' })).toEqual([['format', 'address']])
  })

  test('chain is required on chain; areaCode with a mobile number', () => {
    const { chain: _, ...noChain } = onChain
    expect(issuesOf(noChain)).toEqual([['missing', 'chain']])
    expect(issuesOf({ ...internal, innerToType: 'mobile' })).toEqual([['missing', 'areaCode']])
    expect(issuesOf({ ...internal, innerToType: 'mobile', areaCode: '86' })).toEqual([])
  })

  test('clientOid is a new id (1 to 32 of A-Z a-z 0-9 _ : -); the other documented fields pass', () => {
    expect(issuesOf({ ...internal, clientOid: 'w-1' })).toEqual([])
    expect(issuesOf({ ...internal, clientOid: 'w#1' })).toEqual([['format', 'clientOid']])
    expect(
      issuesOf({
        ...internal,
        tag: '12345',
        remark: 'rent for May',
        memberCode: 'korbit',
        identityType: 'user',
        firstName: 'Ada',
        lastName: 'Lovelace',
      }),
    ).toEqual([])
    expect(issuesOf({ ...internal, memberCode: 'upbit' })).toEqual([['value', 'memberCode']])
    expect(issuesOf({ ...internal, amount: '1' })).toEqual([['unknown', 'amount']])
  })
})

describe('rate limits as published', () => {
  test.each([
    ['unified.getDepositAddress', 10, 'Get Deposit Address', 'GET /api/v3/account/deposit-address'],
    ['unified.getDepositRecords', 10, 'Get Deposit Records', 'GET /api/v3/account/deposit-records'],
    ['unified.withdraw', 1, 'Withdrawal', 'POST /api/v3/account/withdrawal'],
    [
      'unified.getWithdrawalRecords',
      10,
      'Get Withdrawal Records',
      'GET /api/v3/account/withdrawal-records',
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
