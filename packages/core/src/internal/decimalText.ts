/**
 * The text of a decimal field of a record (a price, size, fee, balance or rate the exchange sent
 * as a string). Before this check any text passed: `"NaN"`, `"Infinity"`, `"1e5x"` or `"abc"`
 * reached the caller as if it were a decimal string, and failed later, far from the record (in
 * `Decimal` arithmetic, or as `NaN` in a sum). A decimal field now reads only a decimal number:
 *
 * - plain (the exchange's form, and every fixture's): an optional `-`, digits without a leading
 *   zero but one, an optional fraction (`Decimal.signedPattern` of `@tradeline/rules`, the one
 *   grammar of a decimal string, already in every bundle that reads records): returned as sent,
 *   so the common case costs one regular-expression test (about 20 ns) and no copy;
 * - with an exponent (`1E-8`, `0E-8`, `1.5e+3`: what a Java `BigDecimal.toString` writes, which a
 *   server may leak): written out in plain notation by string operations, exactly as a JSON
 *   number of a response is (`1e-7` reads as `0.0000001`), so the caller still gets a decimal
 *   string; an exponent of three digits or more is refused rather than written out as hundreds
 *   of zeros, and so is a mantissa a JSON number cannot have (`00.5E0`);
 * - anything else (`NaN`, `Infinity`, white space, `+1`, `.5`, `1.`, `01`, `1e5x`) is refused:
 *   the record does not read, as it does not for any other field of the wrong kind.
 *
 * `""` is not a decimal text: the readers keep it as the exchange's "not set" (`Fields.decimal`
 * returns `null`, `Fields.decimalish` and the market records `""`) before asking this module.
 */

import { Decimal } from '@tradeline/rules/shared'
import { plainDecimal } from '../Envelope.js'

/**
 * Text with an exponent of at most two digits (a decimal of a price or a size has no more
 * places): written out, exactly as the JSON numbers of a response are (`plainDecimal` of the
 * envelope), when it is a JSON number; a longer exponent is refused rather than written out as
 * hundreds of zeros.
 */
const shortExponent = /[eE][+-]?\d\d?$/

/** What an error says of a text that is not a decimal number. */
export const notDecimal = 'a decimal number'

/**
 * The decimal string of a decimal field sent as text: `text` itself when plain, written out
 * when it has an exponent, `undefined` when it is not a decimal number (see the module).
 *
 * (`'-0.25'` gives `'-0.25'`, `'1E-8'` gives `'0.00000001'`, `'NaN'` gives `undefined`.)
 */
export function decimalText(text: string): string | undefined {
  return Decimal.signedPattern.test(text)
    ? text
    : shortExponent.test(text)
      ? plainDecimal(text)
      : undefined
}
