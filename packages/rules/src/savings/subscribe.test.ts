import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import { redeem, subscribe } from './subscribe.js'

const base = { productId: '1001', periodType: 'flexible', amount: '100' } as const

describe('subscribe', () => {
  const issuesOf = issuesFor(subscribe)

  test('POST /api/v2/earn/savings/subscribe, signed; the amount is sent normalised', () => {
    expect([subscribe.method, subscribe.path, subscribe.auth]).toEqual([
      'POST',
      '/api/v2/earn/savings/subscribe',
      true,
    ])
    expect(Endpoint.check(subscribe, { ...base, amount: '100.50' })).toEqual({
      success: true,
      output: { ...base, amount: '100.5' },
    })
  })

  test('the docs: productId, periodType (flexible, fixed) and amount, all required', () => {
    expect(issuesOf({})).toEqual([
      ['missing', 'productId'],
      ['missing', 'periodType'],
      ['missing', 'amount'],
    ])
    expect(issuesOf({ ...base, periodType: 'daily' })).toEqual([['value', 'periodType']])
  })

  test('the amount is a decimal string greater than 0: numbers, zero and exponents are refused', () => {
    expect(issuesOf({ ...base, amount: 100 })).toEqual([['type', 'amount']])
    expect(issuesOf({ ...base, amount: '0' })).toEqual([['range', 'amount']])
    expect(issuesOf({ ...base, amount: '1e3' })).toEqual([['format', 'amount']])
    expect(issuesOf({ ...base, amount: '-5' })).toEqual([['format', 'amount']])
  })

  test('no client id: the exchange documents none, so an unknown field is refused', () => {
    expect(issuesOf({ ...base, clientOid: 'a' })).toEqual([['unknown', 'clientOid']])
  })
})

describe('redeem', () => {
  const issuesOf = issuesFor(redeem)

  test('POST /api/v2/earn/savings/redeem, signed; flexible needs no orderId', () => {
    expect([redeem.method, redeem.path, redeem.auth]).toEqual([
      'POST',
      '/api/v2/earn/savings/redeem',
      true,
    ])
    expect(issuesOf(base)).toEqual([])
  })

  test('a fixed-term redemption names its holding: orderId is required for fixed', () => {
    const fixed = { ...base, productId: '1002', periodType: 'fixed' }
    const { issues } = Endpoint.check(redeem, fixed)
    expect(issues?.map((issue) => [issue.type, issue.path])).toEqual([['missing', ['orderId']]])
    expect(issues?.[0]?.message).toContain('when periodType is fixed')
    expect(issuesOf({ ...fixed, orderId: '42' })).toEqual([])
  })

  test('the amount is a positive decimal string', () => {
    expect(issuesOf({ ...base, amount: '0.000' })).toEqual([['range', 'amount']])
  })
})

describe('rate limits', () => {
  test.each([
    ['savings.subscribe', 'Savings-Subscribe'],
    ['savings.redeem', 'Savings-Redeem'],
    ['savings.getRedeemResult', 'Savings-Redeem-Result'],
    ['savings.getAssets', 'Savings-Assets'],
    ['savings.getRecords', 'Savings-Records'],
    ['savings.getAccount', 'Savings-Account'],
  ] as const)('%s: "Frequency limit: 10c/1s (Uid)" (its page %s)', (id, page) => {
    const [rule, ...rest] = RateLimits.table[id]
    expect(rest).toEqual([])
    expect(rule).toMatchObject({ kind: 'window', key: id, scope: 'uid', limit: 10, windowMs: 1000 })
    expect(rule?.source).toContain(`https://www.bitget.com/api-doc/earn/savings/${page}`)
    expect(RateLimits.savingsTable[id]).toBe(RateLimits.table[id])
  })
})
