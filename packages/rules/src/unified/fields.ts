/** Field schemas shared by the unified-account endpoints. */
import * as v from 'valibot'
import { categories } from '../Category.js'
import * as Decimal from '../Decimal.js'
import {
  bounded,
  oneOf,
  opaqueId,
  symbol as symbolText,
  upperCaseOneOf,
  wholeNumberText,
} from '../internal/fields.js'
import { expects, fieldCheck } from '../internal/valibot.js'
import { JsonNumber } from '../JsonNumber.js'
import * as Limits from '../Limits.js'
import { triggerBys } from './values.js'

/** `category`: any letter case in, upper case out (docs/architecture.md). */
export const category = upperCaseOneOf(categories)

/** `symbol`: a trading pair (1 to 32 characters, see `internal/fields.ts`). */
export const symbol = symbolText

/**
 * `coin`: a coin name (a margin leverage's, a transfer's): 1 to 32 letters of any script and
 * case, digits or `$`, no white space. Any letter case: the exchange's pre-IPO tokens are
 * written in mixed case (`preSPAX`, "Get Account Funding Assets").
 */
export const coin = bounded(Limits.textLength.symbol, {
  pattern: /^[\p{L}\p{N}$]+$/u,
  expected: 'a coin name such as "USDT"',
})

const digits = new RegExp(`^(?:0|[1-9]\\d{0,${Limits.requestIdMaxDigits - 1}})$`)

/**
 * `requestId`: the exchange documentation types it as a number of up to 18 digits, but 18 digits exceed a safe
 * JavaScript integer, so a digit string, a safe integer or a {@link JsonNumber} of digits is
 * accepted, and a JsonNumber of the exact digits is sent: a JSON number, never through a float
 * (docs/architecture.md).
 */
export const requestId = v.pipe(
  expects(
    v.union([
      v.pipe(
        v.string(),
        expects(v.regex(digits), `a digit string of at most ${Limits.requestIdMaxDigits} digits`),
      ),
      v.pipe(v.number(), expects(v.safeInteger(), 'a safe integer'), v.minValue(0)),
      v.pipe(
        v.custom<JsonNumber>(JsonNumber.is, 'a JsonNumber'),
        fieldCheck(
          'format',
          `a number of at most ${Limits.requestIdMaxDigits} digits`,
          (value: JsonNumber) => digits.test(value.text),
        ),
      ),
    ]),
    `a digit string of at most ${Limits.requestIdMaxDigits} digits or a safe integer`,
  ),
  v.transform((value) => (JsonNumber.is(value) ? value : JsonNumber.from(String(value)))),
)

/**
 * A preset price of modify-order: a decimal (sent normalised, at most 40 characters), or `''`
 * which keeps the existing value.
 */
export const keepableDecimal = v.pipe(
  bounded(Limits.textLength.decimal),
  fieldCheck(
    'format',
    'a decimal string or "" (keeps the existing value)',
    (value: string) =>
      value.length > Limits.textLength.decimal || value === '' || Decimal.isDecimal(value),
  ),
  v.transform((value: string) => (value === '' ? value : Decimal.trimZeros(value))),
)

/** A trigger-price source of modify-order; `''` keeps the existing value. */
export const keepableTriggerBy = oneOf([...triggerBys, ''])

/**
 * A whole number in a query: a decimal integer string or a safe integer, sent as a string
 * (GET query values travel as strings).
 */
export const integerString = v.pipe(
  expects(
    v.union([
      wholeNumberText,
      v.pipe(v.number(), expects(v.safeInteger(), 'a safe integer'), v.minValue(0)),
    ]),
    'a decimal integer string or a safe integer',
  ),
  v.transform((value) => String(value)),
)

/** A page size from 1 to `max`, sent as a string. */
export function pageLimit(max: number) {
  return v.pipe(
    integerString,
    fieldCheck('range', `an integer from 1 to ${max}`, (value: string) => {
      const n = Number(value)
      return n >= 1 && n <= max
    }),
  )
}

/** A time filter: Unix milliseconds as a digit string or a safe integer, sent as a string. */
export const timestamp = integerString

/** A paging cursor as returned by the previous page (1 to 64 visible ASCII characters). */
export const cursor = opaqueId
