import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { accountCurrencies, getAccount } from './getAccount.js'

describe('getAccount', () => {
  test('is GET /api/v3/stockplus/asset/account', () => {
    expect([getAccount.id, getAccount.method, getAccount.path]).toEqual([
      'securities.getAccount',
      'GET',
      '/api/v3/stockplus/asset/account',
    ])
  })

  test('Query: `currency` (optional; `USD`, `CNH`)', () => {
    expect(Endpoint.check(getAccount, {})).toEqual({ success: true, output: {} })
    expect(Endpoint.validate(getAccount, { currency: 'USD' })).toBe(true)
    expect(Endpoint.validate(getAccount, { currency: 'CNH' })).toBe(true)
    expect(Endpoint.check(getAccount, { currency: 'usd' }).issues?.map((i) => i.type)).toEqual([
      'value',
    ])
    expect(Endpoint.check(getAccount, { currency: 'HKD' }).issues?.map((i) => i.type)).toEqual([
      'value',
    ])
  })
})

describe('accountCurrencies', () => {
  test('`USD`, `CNH`', () => {
    expect(accountCurrencies).toEqual(['USD', 'CNH'])
  })
})
