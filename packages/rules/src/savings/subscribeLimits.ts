/**
 * A subscription's amount against the product's published conditions. "Savings Subscription
 * Detail" (GET /api/v2/earn/savings/subscribe-info, "Get subscription detail before subscribe
 * savings") gives `singleMinAmount`, `singleMaxAmount` ("Minimum/Maximum limit for a single
 * transaction") and `subscribePrecision`; subscribe itself answers an `orderId` whatever the
 * amount, and a refused one only shows in subscribe-result. Checked first, the refusal names
 * `amount` and the rule, and nothing is sent.
 */
import * as Decimal from '../Decimal.js'
import { create, describe, type Issue } from '../Issue.js'

/** The conditions of a product a subscription amount is checked against; an absent one is not checked. */
export type SubscribeLimits = {
  readonly singleMinAmount?: string | null | undefined
  readonly singleMaxAmount?: string | null | undefined
  /** The most decimal places of an amount (a whole number). */
  readonly subscribePrecision?: number | string | null | undefined
}

/**
 * The issues of a subscription `amount` (a decimal string) under the product's `limits`, at
 * `['amount']`: below `singleMinAmount` (`minimum`), above `singleMaxAmount` (`range`), more
 * decimals than `subscribePrecision` (`precision`). An amount that is no decimal string is left
 * to the endpoint's schema.
 *
 * @example
 * import { Savings } from '@tradeline/rules'
 * Savings.subscribeAmountIssues('10.123', { singleMinAmount: '10', singleMaxAmount: '100000', subscribePrecision: 2 })[0]?.message
 * // 'amount: expected at most 2 decimal places (the product's subscribePrecision), received "10.123"'
 */
export function subscribeAmountIssues(amount: unknown, limits: SubscribeLimits): Issue[] {
  if (typeof amount !== 'string' || !Decimal.isDecimal(amount)) return []
  const issues: Issue[] = []
  const received = describe(amount)
  const { singleMinAmount: min, singleMaxAmount: max } = limits
  if (typeof min === 'string' && Decimal.isDecimal(min) && Decimal.compare(amount, min) < 0)
    issues.push(
      create({
        type: 'minimum',
        path: ['amount'],
        expected: `at least ${min} (the product's singleMinAmount)`,
        received,
      }),
    )
  if (typeof max === 'string' && Decimal.isDecimal(max) && Decimal.compare(amount, max) > 0)
    issues.push(
      create({
        type: 'range',
        path: ['amount'],
        expected: `at most ${max} (the product's singleMaxAmount)`,
        received,
      }),
    )
  const precision = Number(limits.subscribePrecision ?? Number.NaN)
  if (
    Number.isInteger(precision) &&
    precision >= 0 &&
    Decimal.places(Decimal.trimZeros(amount)) > precision
  )
    issues.push(
      create({
        type: 'precision',
        path: ['amount'],
        expected: `at most ${precision} decimal places (the product's subscribePrecision)`,
        received,
      }),
    )
  return issues
}
