/** Field schemas shared by the endpoints of both spec parts. */
import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import { expects, fieldCheck } from './valibot.js'

/** A strict unsigned decimal string, kept as written. */
const decimalText = v.pipe(v.string(), expects(v.regex(Decimal.pattern), 'a decimal string'))

/**
 * A strict unsigned decimal string: price, quantity or amount. It is sent normalised, without
 * trailing fractional zeros (`100.50` as `100.5`, `100.0` as `100`): the value is the same and
 * the decimal places the exchange checks are those of the normalised text.
 */
export const decimal = v.pipe(
  decimalText,
  v.transform((value: string) => Decimal.trimZeros(value)),
)

/** A strict decimal string that may be negative. */
export const signedDecimal = v.pipe(
  v.string(),
  expects(v.regex(Decimal.signedPattern), 'a decimal string'),
)

/**
 * A value the spec types as a number in one place and a string in another: accepted in both
 * forms, normalised to a decimal string (DESIGN.md).
 */
export const looseDecimal = v.pipe(
  v.union(
    [
      decimalText,
      v.pipe(
        v.number(),
        v.finite(),
        v.minValue(0),
        // A number whose shortest text has more than 15 significant digits is a floating-point
        // artefact (0.1 + 0.2 is 0.30000000000000004): nobody meant that price, so refuse it.
        fieldCheck(
          'format',
          'a number of at most 15 significant digits (or a decimal string)',
          (n: number) => significantDigits(String(n)) <= 15,
        ),
      ),
    ],
    'a decimal string or number',
  ),
  v.transform((value) => Decimal.normalize(value) as string),
)

/** Significant digits of a number's text (`1e-7`, `0.00012`, `1234.5`). */
function significantDigits(text: string): number {
  const mantissa = text.split(/e/i)[0] ?? ''
  return mantissa.replace(/[-.]/g, '').replace(/^0+/, '').length
}

/** A positive decimal string (greater than zero). */
export const positiveDecimal = v.pipe(
  decimal,
  // A malformed text already has its `format` issue; only a well-formed zero is out of range.
  fieldCheck(
    'range',
    'a value greater than 0',
    (value: string) => !Decimal.pattern.test(value) || /[1-9]/.test(value),
  ),
)

/** A non-empty string without surrounding white space. */
export const text = v.pipe(
  v.string(),
  fieldCheck(
    'format',
    'a non-empty string without surrounding white space',
    (value: string) => value.length > 0 && value.trim() === value,
  ),
)

/** Builds an enum field from an `as const` list of values. */
export function oneOf<const values extends readonly [string, ...string[]]>(values: values) {
  return v.picklist(values, undefined)
}

/** An enum accepted in any letter case and sent upper-case (DESIGN.md: `category`). */
export function upperCaseOneOf<const values extends readonly [string, ...string[]]>(
  values: values,
) {
  return v.pipe(
    v.string(),
    v.transform((value) => value.toUpperCase() as values[number]),
    expects(v.picklist(values), values.map((value) => `"${value}"`).join(' | ')),
  )
}
