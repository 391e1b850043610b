import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getSubscribeResult } from './getSubscribeResult.js'

const base = { orderId: '42', periodType: 'flexible' } as const

const issuesOf = issuesFor(getSubscribeResult)

describe('getSubscribeResult', () => {
  test('GET /api/v2/earn/savings/subscribe-result, signed', () => {
    expect([getSubscribeResult.method, getSubscribeResult.path, getSubscribeResult.auth]).toEqual([
      'GET',
      '/api/v2/earn/savings/subscribe-result',
      true,
    ])
    expect(Endpoint.check(getSubscribeResult, base)).toEqual({ success: true, output: base })
  })

  test('orderId (string, required)', () => {
    expect(issuesOf({ periodType: 'fixed' })).toEqual([['missing', 'orderId']])
    expect(issuesOf({ ...base, orderId: 42 })).toEqual([['type', 'orderId']])
  })

  test('periodType (required; flexible, fixed)', () => {
    expect(issuesOf({ orderId: '42' })).toEqual([['missing', 'periodType']])
    expect(issuesOf({ ...base, periodType: 'fixed' })).toEqual([])
    expect(issuesOf({ ...base, periodType: 'FIXED' })).toEqual([['value', 'periodType']])
  })

  test('every issue at once', () => {
    expect(issuesOf({ productId: '1' })).toEqual([
      ['missing', 'orderId'],
      ['missing', 'periodType'],
      ['unknown', 'productId'],
    ])
  })
})
