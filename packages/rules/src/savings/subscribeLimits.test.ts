import { describe, expect, test } from 'vitest'
import { subscribeAmountIssues } from './subscribeLimits.js'

const limits = { singleMinAmount: '10', singleMaxAmount: '100000', subscribePrecision: 2 }

describe('subscribeAmountIssues: the amount against the product`s subscribe-info', () => {
  test.each([
    ['5', 'minimum', 'amount: expected at least 10 (the product\'s singleMinAmount), received "5"'],
    [
      '200000',
      'range',
      'amount: expected at most 100000 (the product\'s singleMaxAmount), received "200000"',
    ],
    [
      '10.123',
      'precision',
      'amount: expected at most 2 decimal places (the product\'s subscribePrecision), received "10.123"',
    ],
  ])('%s is a %s issue at amount', (amount, type, message) => {
    const issues = subscribeAmountIssues(amount, limits)
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({ type, path: ['amount'], message })
  })

  test('the bounds are inclusive; trailing zeros are no decimals; the page`s 6-place texts are read', () => {
    expect(subscribeAmountIssues('10', limits)).toEqual([])
    expect(subscribeAmountIssues('100000', limits)).toEqual([])
    expect(subscribeAmountIssues('10.100', limits)).toEqual([])
    const page = {
      singleMinAmount: '10.000000',
      singleMaxAmount: '2000.000000',
      subscribePrecision: '6',
    }
    expect(subscribeAmountIssues('1999.999999', page)).toEqual([])
    expect(subscribeAmountIssues('9.999999', page)[0]?.type).toBe('minimum')
  })

  test('an absent or empty condition is not checked; a non-decimal amount is left to the schema', () => {
    expect(
      subscribeAmountIssues('0.001', { singleMinAmount: null, subscribePrecision: null }),
    ).toEqual([])
    expect(subscribeAmountIssues('0.001', {})).toEqual([])
    expect(subscribeAmountIssues(5, limits)).toEqual([])
  })
})
