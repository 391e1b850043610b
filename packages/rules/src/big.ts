/**
 * decimal.js values for arbitrary arithmetic on decimal strings (division, powers, rounding to
 * significant digits), in an entry of their own, `@tradeline/rules/big`: the main entry is
 * free of decimal.js, so a browser app that only checks requests does not bundle it.
 *
 * @example
 * import { parse } from '@tradeline/rules/big'
 * parse('0.1').plus(parse('0.2')).toString() // '0.3'
 */
import { Decimal as DecimalJs } from 'decimal.js'
import { InvalidError, isSignedDecimal } from './Decimal.js'

/**
 * The decimal.js constructor used by tradeline: its own clone, so that the caller's global
 * decimal.js settings never change our results. 64 significant digits hold any price or
 * quantity the exchange accepts without rounding.
 */
export const Big = DecimalJs.clone({
  precision: 64,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -64,
  toExpPos: 64,
})
export type Big = DecimalJs

/**
 * Parses a strict decimal string into a decimal.js value; throws `Decimal.InvalidError` on
 * anything else (exponents, `NaN`, `Infinity`, empty, white space, `+`, two dots).
 *
 * @example
 * import { parse } from '@tradeline/rules/big'
 * parse('0.1').plus(parse('0.2')).toString() // '0.3'
 */
export function parse(value: string): Big {
  if (!isSignedDecimal(value)) throw new InvalidError(value)
  return new Big(value)
}
