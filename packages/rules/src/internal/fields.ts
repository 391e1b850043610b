/** Field schemas shared by the endpoints of every product line. */
import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import { textLength } from '../Limits.js'
import { trimmed } from './digits.js'
import { expects, fieldCheck } from './valibot.js'

/**
 * A string of at most `max` characters, checked before anything else: a longer value gets one
 * `length` issue and no other rule of the field runs on it (no pattern, parsing or arithmetic
 * on a megabyte). With `pattern`, the text must also match it (a `format` issue saying
 * `expected`); with `type`, a value that is not a string is told that text.
 */
/* @__NO_SIDE_EFFECTS__ */
export function bounded(
  max: number,
  options: {
    readonly pattern?: RegExp | undefined
    readonly expected?: string | undefined
    /** What a value that is not a string is told it should be. @default 'string' */
    readonly type?: string | undefined
  } = {},
) {
  const { pattern, expected = 'a valid value', type } = options
  return v.pipe(
    type === undefined ? v.string() : expects(v.string(), type),
    fieldCheck('length', `at most ${max} characters`, (value: string) => value.length <= max),
    fieldCheck(
      'format',
      expected,
      (value: string) => value.length > max || pattern === undefined || pattern.test(value),
    ),
  )
}

/** A strict unsigned decimal string of at most 40 characters, kept as written. */
const decimalText = bounded(textLength.decimal, {
  pattern: Decimal.pattern,
  expected: 'a decimal string',
})

/**
 * A strict unsigned decimal string: price, quantity or amount. It is sent normalised, without
 * trailing fractional zeros (`100.50` as `100.5`, `100.0` as `100`): the value is the same and
 * the decimal places the exchange checks are those of the normalised text.
 */
export const decimal = v.pipe(
  decimalText,
  // valibot runs a transform only when the checks before it passed: the text is a decimal.
  v.transform((value: string) => trimmed(value)),
)

/** A strict decimal string that may be negative, of at most 40 characters. */
export const signedDecimal = bounded(textLength.decimal, {
  pattern: Decimal.signedPattern,
  expected: 'a decimal string',
})

/**
 * The check of a decimal string that it is greater than zero. A malformed text already has its
 * `format` issue; only a well-formed zero is out of range.
 */
export const greaterThanZero = fieldCheck(
  'range',
  'a value greater than 0',
  // A digit other than 0 first: the usual value passes on it alone.
  (value: string) => /[1-9]/.test(value) || !Decimal.pattern.test(value),
)

/** A positive decimal string (greater than zero). */
export const positiveDecimal = v.pipe(decimal, greaterThanZero)

/**
 * A price, quantity or amount whose refusal of a JavaScript `number` says so: a strict decimal
 * string of at most 40 characters, sent normalised as {@link decimal} is (docs/architecture.md,
 * "Numbers": a price never passes through a float). For fields a caller may well write as a
 * number: securities' prices, and the twap offsets and prices the exchange types `number`.
 */
export const decimalString = v.pipe(
  bounded(textLength.decimal, {
    pattern: Decimal.pattern,
    expected: 'a decimal string',
    type: 'a decimal string such as "150.5" (not a number)',
  }),
  // valibot runs a transform only when the checks before it passed: the text is a decimal.
  v.transform((value: string) => trimmed(value)),
)

/** A {@link decimalString} greater than zero. */
export const positiveDecimalString = v.pipe(decimalString, greaterThanZero)

/** The characters of a trading pair: letters of any script, digits, `_ . - $`. */
export const symbolCharacters = /^[\p{L}\p{N}_.$-]+$/u

/**
 * A trading pair (`BTCUSDT`, `BTCUSD_CM`, `rAAPLUSDT`, `ETHPERP`): 1 to 32 letters, digits,
 * `_`, `.`, `-` or `$`. Letters of any script count: the exchange lists pairs with Chinese
 * characters and coins prefixed with `$` (the exchange docs), so an ASCII-only rule would refuse
 * real pairs; white space, control characters and other punctuation never name one.
 */
export const symbol = bounded(textLength.symbol, {
  pattern: symbolCharacters,
  expected: 'a trading pair: letters, digits, _ . - or $',
})

/** A paging cursor or another opaque platform id: 1 to 64 visible ASCII characters. */
export const opaqueId = bounded(textLength.id, {
  pattern: /^[\x21-\x7e]+$/,
  expected: 'an id of visible ASCII characters (no spaces)',
})

/** A whole number written as text: 1 to 20 digits, no sign, no leading zero but one. */
export const wholeNumberText = bounded(textLength.integer, {
  pattern: /^(?:0|[1-9]\d*)$/,
  expected: 'a decimal integer string',
})

/** Builds an enum field from an `as const` list of values. */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const values extends readonly [string, ...string[]]>(values: values) {
  return v.picklist(values, undefined)
}

/**
 * An enum accepted in any letter case at run time and sent upper-case (docs/architecture.md: `category`).
 * Its input type lists the documented spellings: as sent (`USDT-FUTURES`), in lower case as
 * the exchange documentation's examples write it (`usdt-futures`), and capitalized (`Usdt-futures`), so a typo
 * or an undocumented value (`FUTURES`) is a type error and an editor offers the values. (The
 * type is written out, not named, so that declarations of other packages can spell it.)
 */
/* @__NO_SIDE_EFFECTS__ */
export function upperCaseOneOf<const values extends readonly [string, ...string[]]>(
  values: values,
): v.GenericSchema<
  Uppercase<values[number]> | Lowercase<values[number]> | Capitalize<Lowercase<values[number]>>,
  values[number]
> {
  const schema = v.pipe(
    v.string(),
    v.transform((value) => value.toUpperCase() as values[number]),
    expects(v.picklist(values), values.map((value) => `"${value}"`).join(' | ')),
  )
  // The schema takes any string; only its declared input type is narrowed to the spellings.
  return schema as unknown as v.GenericSchema<
    Uppercase<values[number]> | Lowercase<values[number]> | Capitalize<Lowercase<values[number]>>,
    values[number]
  >
}

/**
 * A leverage (both lines' set-leverage): a whole number of at least 1, as text (`"20"`); the
 * exchange checks the symbol's own maximum.
 */
export const leverage = bounded(textLength.integer, {
  pattern: /^[1-9]\d*$/,
  expected: 'a whole number of at least 1 as a string (e.g. "20")',
})
