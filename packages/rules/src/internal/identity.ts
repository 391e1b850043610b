/** Order identity fields (spec Part A, "Order identity"). */
import * as v from 'valibot'
import { create, describe, type Issue } from '../Issue.js'
import { expects, fieldCheck } from './valibot.js'

/** First published clientOid pattern of place-order. */
export const clientOidPatternA = /^[0-9A-Za-z_:#\-+\s]{1,32}$/
/** Second published clientOid pattern of place-order. */
export const clientOidPatternB = /^[.A-Z:/a-z0-9_-]{1,32}$/

const charactersA = /^[0-9A-Za-z_:#\-+\s]*$/
const charactersB = /^[.A-Z:/a-z0-9_-]*$/

/**
 * clientOid: 1 to 32 characters; accepted when either published pattern accepts it
 * (DESIGN.md).
 */
export const clientOid = v.pipe(
  v.string(),
  expects(v.minLength<string, 1>(1), 'at least 1 character'),
  expects(v.maxLength<string, 32>(32), 'at most 32 characters'),
  fieldCheck(
    'format',
    'letters, digits and _ - : # + . / or spaces (a published clientOid pattern)',
    // The length has its own issue, so only the characters are checked here.
    (value: string) => charactersA.test(value) || charactersB.test(value),
  ),
)

/** orderId: a non-empty platform order id. */
export const orderId = v.pipe(
  v.string(),
  expects(v.minLength<string, 1>(1), 'a non-empty order id'),
)

/** Requires at least one of the given fields; the issue sits on the first. */
export function oneOfRequired(
  draft: Readonly<Record<string, unknown>>,
  raw: readonly string[],
): Issue[] {
  const [first, ...rest] = raw
  if (first === undefined) return []
  if (raw.some((key) => draft[key] !== undefined)) return []
  return [
    create({
      type: 'one_of',
      path: [first],
      expected: `one of ${raw.join(', ')}`,
      received: describe(undefined),
      message: `${first}: one of ${[first, ...rest].join(' or ')} is required`,
    }),
  ]
}
