/** Field schemas of the strategy-order endpoints. */
import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { expects, fieldCheck } from '../internal/valibot.js'
import { strategyParams, textLength } from '../Limits.js'

/** `buy`, `sell`. */
export const side = oneOf(['buy', 'sell'])
/** `long`, `short`. */
export const posSide = oneOf(['long', 'short'])
/** `yes`, `no`. */
export const yesNo = oneOf(['yes', 'no'])
/** What a trigger watches: `market` (default), `mark`. */
export const triggerBy = oneOf(['market', 'mark'])
/** `limit`, `market`. */
export const orderType = oneOf(['limit', 'market'])

/** A price of a request: a decimal string greater than zero. */
export const price = positiveDecimal

const integerPattern = /^(?:0|[1-9]\d*)$/
const maxDigits = textLength.integer

/** Whether a text is a whole number of at most 20 digits (checked length first). */
function isInteger(value: string): boolean {
  return value.length <= maxDigits && integerPattern.test(value)
}

/** The length bound of a whole number written as text: at most 20 characters. */
const integerLength = fieldCheck(
  'length',
  `at most ${maxDigits} characters`,
  (value: string) => value.length <= maxDigits,
)

/**
 * A whole number in `[min, max]` written as a string or a number, sent as a string: the exchange documentation
 * types these counts as strings, and a number is what a caller naturally writes. At most 20
 * digits, checked before anything else.
 */
export function integerText(range: { readonly min: number; readonly max: number }) {
  return v.pipe(
    expects(v.union([v.string(), v.number()]), 'an integer string or number'),
    v.transform((value) => String(value)),
    integerLength,
    fieldCheck(
      'format',
      'an integer',
      (value: string) => value.length > maxDigits || integerPattern.test(value),
    ),
    fieldCheck(
      'range',
      `an integer in [${range.min}, ${range.max}]`,
      (value: string) =>
        !isInteger(value) ||
        (Decimal.compare(value, String(range.min)) >= 0 &&
          Decimal.compare(value, String(range.max)) <= 0),
    ),
  )
}

/** One of the listed whole numbers, written as a string or a number, sent as a string. */
export function integerChoice<const values extends readonly [string, ...string[]]>(values: values) {
  return v.pipe(
    expects(v.union([v.string(), v.number()]), 'an integer string or number'),
    v.transform((value) => String(value)),
    expects(v.picklist(values), values.map((value) => `"${value}"`).join(' | ')),
  )
}

/**
 * A decimal in `[min, max]` (inclusive, compared exactly), on a field that is already a
 * decimal string.
 */
export function decimalIn(range: { readonly min: string; readonly max: string }) {
  return fieldCheck(
    'range',
    `a value in [${range.min}, ${range.max}]`,
    (value: string) =>
      Decimal.compare(value, range.min) >= 0 && Decimal.compare(value, range.max) <= 0,
  )
}

/** A Unix time in milliseconds, as a string or a number, sent as a string. */
export const timestamp = v.pipe(
  expects(v.union([v.string(), v.number()]), 'Unix milliseconds as a string or number'),
  v.transform((value) => String(value)),
  integerLength,
  fieldCheck(
    'format',
    'Unix milliseconds (digits)',
    (value: string) => value.length > maxDigits || integerPattern.test(value),
  ),
)

/**
 * The parameter list of a strategy type (`ocoParams`, ...): "each element" is validated under
 * its index; 1 to `Limits.strategyParams.max` elements (a longer list is more likely a loop
 * gone wrong than an order, and no request of the unified account carries more than 20 items).
 */
export function paramsList<const item extends v.GenericSchema>(item: item) {
  const { min, max } = strategyParams
  return v.pipe(
    v.array(item),
    expects(v.minLength<v.InferOutput<item>[], typeof min>(min), `at least ${min} element`),
    expects(v.maxLength<v.InferOutput<item>[], typeof max>(max), `at most ${max} elements`),
  )
}
