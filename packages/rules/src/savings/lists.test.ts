import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getRedeemResult } from './getRedeemResult.js'
import { getAccount, getAssets, getRecords, recordTypes } from './lists.js'

const day = 86_400_000

describe('getAccount', () => {
  test('GET /api/v2/earn/savings/account, signed, no parameters', () => {
    expect([getAccount.method, getAccount.path, getAccount.auth]).toEqual([
      'GET',
      '/api/v2/earn/savings/account',
      true,
    ])
    expect(issuesFor(getAccount)({ coin: 'USDT' })).toEqual([['unknown', 'coin']])
  })
})

describe('getAssets', () => {
  const issuesOf = issuesFor(getAssets)

  test('periodType required; times and limit as digit strings or integers', () => {
    expect(issuesOf({})).toEqual([['missing', 'periodType']])
    expect(Endpoint.check(getAssets, { periodType: 'fixed', limit: 20, startTime: 5 })).toEqual({
      success: true,
      output: { periodType: 'fixed', limit: '20', startTime: '5' },
    })
  })

  test('"Default: 20, maximum: 100": limit 1 to 100', () => {
    expect(issuesOf({ periodType: 'fixed', limit: '100' })).toEqual([])
    expect(issuesOf({ periodType: 'fixed', limit: '101' })).toEqual([['range', 'limit']])
    expect(issuesOf({ periodType: 'fixed', limit: '0' })).toEqual([['range', 'limit']])
  })

  test('"The maximum time span supported is three months": 90 days, endTime not before startTime', () => {
    const startTime = String(1_700_000_000_000)
    const at = (days: number) => String(Number(startTime) + days * day)
    expect(issuesOf({ periodType: 'flexible', startTime, endTime: at(90) })).toEqual([])
    expect(issuesOf({ periodType: 'flexible', startTime, endTime: at(91) })).toEqual([
      ['range', 'endTime'],
    ])
    expect(issuesOf({ periodType: 'flexible', startTime: at(1), endTime: startTime })).toEqual([
      ['range', 'endTime'],
    ])
  })
})

describe('getRecords', () => {
  const issuesOf = issuesFor(getRecords)

  test('orderType as the docs list it: subscribe, redeem, pay_interest, deduction', () => {
    expect(recordTypes).toEqual(['subscribe', 'redeem', 'pay_interest', 'deduction'])
    for (const orderType of recordTypes)
      expect(issuesOf({ periodType: 'fixed', orderType, coin: 'BGB' })).toEqual([])
    expect(issuesOf({ periodType: 'fixed', orderType: 'interest' })).toEqual([
      ['value', 'orderType'],
    ])
  })

  test('periodType required, idLessThan an id', () => {
    expect(issuesOf({ idLessThan: '' })).toEqual([
      ['missing', 'periodType'],
      ['format', 'idLessThan'],
    ])
  })
})

describe('getRedeemResult', () => {
  test('GET /api/v2/earn/savings/redeem-result: orderId and periodType required', () => {
    expect([getRedeemResult.method, getRedeemResult.path]).toEqual([
      'GET',
      '/api/v2/earn/savings/redeem-result',
    ])
    expect(issuesFor(getRedeemResult)({})).toEqual([
      ['missing', 'orderId'],
      ['missing', 'periodType'],
    ])
  })
})
