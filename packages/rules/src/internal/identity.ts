/** Order identity fields (docs/exchange-conventions.md, "Order identity"). */
import * as v from 'valibot'
import { create, describe, type Issue } from '../Issue.js'
import { textLength } from '../Limits.js'
import { bounded } from './fields.js'
import { expects, fieldCheck } from './valibot.js'

/** First published clientOid pattern of place-order. */
export const clientOidPatternA = /^[0-9A-Za-z_:#\-+\s]{1,32}$/
/** Second published clientOid pattern of place-order. */
export const clientOidPatternB = /^[.A-Z:/a-z0-9_-]{1,32}$/

/**
 * What a clientOid may hold: the characters that both published patterns accept, ASCII only.
 * Either pattern alone lets through what the other refuses (`#`, `+` and white space in the
 * first, `.` and `/` in the second), and the first pattern's `\s` also matches a tab, a
 * newline or a no-break space in JavaScript; which pattern the exchange checks is not known,
 * so only an id that passes both is sent.
 */
export const clientOidPattern = /^[A-Za-z0-9_:-]{1,32}$/

const characters = /^[A-Za-z0-9_:-]*$/

/**
 * clientOid: 1 to 32 of the characters `A-Z a-z 0-9 _ : -`, the ones both published patterns
 * accept (see {@link clientOidPattern}).
 */
export const clientOid = v.pipe(
  v.string(),
  expects(v.minLength<string, 1>(1), 'at least 1 character'),
  expects(v.maxLength<string, 32>(32), 'at most 32 characters'),
  fieldCheck(
    'format',
    'only the characters A-Z a-z 0-9 _ : - (those both published clientOid patterns accept)',
    // The length has its own issue, so only the characters are checked here (and not on a
    // value far over the length).
    (value: string) => value.length > 32 || characters.test(value),
  ),
)

/** A control character (C0, DEL, C1): never part of an id, and unsafe in a log or a header. */
const controlCharacter = /\p{Cc}/u

/**
 * The longest clientOid that names an existing order: a bound of tradeline's (for logs and
 * headers), not the exchange's. The exchange's pages set none for classic modify-order's
 * `newClientOid`, and ccxt's `editOrder` sends a 36-character UUID there, so an order may carry
 * an id longer than the 32 characters of a new order's ({@link clientOid}).
 */
export const clientOidReferenceMax = 64

/**
 * A clientOid that names an order that already exists (cancel, modify, order detail, the plan
 * and batch cancels): 1 to 64 characters ({@link clientOidReferenceMax}), any but control
 * characters. The exchange documents a character pattern and 32 characters for a NEW order's
 * clientOid only; an order placed or modified elsewhere (the web UI, another tool: ccxt
 * modifies with a 36-character UUID) may carry one that {@link clientOid} refuses (the
 * exchange's own examples answer `"BITGET#121212121212"`), and it must still be found by it.
 * The value travels as a JSON string in a body and percent-encoded in a query (core's
 * `encodeQuery`), so `#`, `&`, `+` or a space are safe.
 */
export const clientOidReference = v.pipe(
  v.string(),
  fieldCheck(
    'length',
    `1 to ${clientOidReferenceMax} characters`,
    // A code point is at most two UTF-16 units: a longer text is refused without counting.
    (value: string) =>
      value !== '' &&
      value.length <= 2 * clientOidReferenceMax &&
      [...value].length <= clientOidReferenceMax,
  ),
  fieldCheck(
    'format',
    'no control characters (tab, newline, ...)',
    (value: string) => value.length > 2 * clientOidReferenceMax || !controlCharacter.test(value),
  ),
)

/** orderId: a platform order id, 1 to 32 digits (the exchange's ids are all digits). */
export const orderId = bounded(textLength.orderId, {
  pattern: /^\d+$/,
  expected: 'an order id of digits',
})

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
