/**
 * Decimal strings: strict parsing and exact arithmetic with decimal.js. A price, a quantity or
 * an amount is a decimal string from the caller to the wire; a JavaScript `number` never
 * carries one, because `0.1 + 0.2` is `0.30000000000000004`.
 */
import { Decimal as DecimalJs } from 'decimal.js'
import { BaseError } from './Errors.js'

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
 * The form of an unsigned decimal string: digits, optionally one dot followed by digits. No
 * sign, exponent, white space, leading dot or trailing dot; no leading zeros but one.
 */
export const pattern = /^(?:0|[1-9]\d*)(?:\.\d+)?$/
/** The form of a signed decimal string: {@link pattern} with an optional leading `-`. */
export const signedPattern = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/

/** How to round to a step. */
export type Rounding = 'down' | 'up' | 'nearest'

/**
 * Whether `value` is a strict unsigned decimal string.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.isDecimal('0.25') // true
 * Decimal.isDecimal('1e3') // false
 */
export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && pattern.test(value)
}

/**
 * Whether `value` is a strict decimal string that may carry a leading `-`.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.isSignedDecimal('-0.5') // true
 */
export function isSignedDecimal(value: unknown): value is string {
  return typeof value === 'string' && signedPattern.test(value)
}

/**
 * Parses a strict decimal string into a decimal.js value; throws `Decimal.InvalidError` on
 * anything else (exponents, `NaN`, `Infinity`, empty, white space, `+`, two dots).
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.parse('0.1').plus(Decimal.parse('0.2')).toString() // '0.3'
 */
export function parse(value: string): Big {
  if (!isSignedDecimal(value)) throw new InvalidError(value)
  return new Big(value)
}

/**
 * The number of digits after the dot as written, trailing zeros included; the places of the
 * value itself are those of {@link trimZeros} (what the precision checks count).
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.places('1.250') // 3
 */
export function places(value: string): number {
  const dot = value.indexOf('.')
  return dot === -1 ? 0 : value.length - dot - 1
}

/**
 * The normalised text of a strict decimal string: trailing fractional zeros removed (and the
 * dot with them), by string operations, so it is exact for any length. A price written
 * `100.50` is `100.5`, `100.0` is `100`; the decimal places of the value are those of this
 * text.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.trimZeros('100.50') // '100.5'
 * Decimal.trimZeros('100.0') // '100'
 */
export function trimZeros(value: string): string {
  if (!isSignedDecimal(value)) throw new InvalidError(value)
  if (!value.includes('.')) return value
  let end = value.length
  while (value.charCodeAt(end - 1) === 48 /* 0 */) end--
  if (value.charCodeAt(end - 1) === 46 /* . */) end--
  const out = value.slice(0, end)
  return out === '-0' ? '0' : out
}

/**
 * Whether `value` is an exact multiple of `step` (a positive decimal string).
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.isMultipleOf('100.5', '0.5') // true
 * Decimal.isMultipleOf('100.3', '0.5') // false
 */
export function isMultipleOf(value: string, step: string): boolean {
  if (!isSignedDecimal(value)) throw new InvalidError(value)
  if (!isSignedDecimal(step)) throw new InvalidError(step)
  // Both as exact integers at a common scale: BigInt is exact for any length and about eight
  // times faster than decimal.js' mod on this hot path (property tests hold it to decimal.js).
  const scale = Math.max(places(value), places(step))
  const units = scaled(step, scale)
  return units === 0n || scaled(value, scale) % units === 0n
}

/**
 * Rounds `value` to a multiple of `step`, written with the step's decimal places. `down` and
 * `up` round towards negative and positive infinity; `nearest` rounds a half away from zero.
 * The result is exact for any length of input.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.roundToStep('100.37', '0.05', 'down') // '100.35'
 * Decimal.roundToStep('100.37', '0.05', 'nearest') // '100.35'
 * Decimal.roundToStep('100.38', '0.05', 'up') // '100.40'
 */
export function roundToStep(value: string, step: string, rounding: Rounding = 'nearest'): string {
  const s = exact(step)
  if (s.lte(0)) throw new InvalidError(step, 'a positive step')
  const x = exact(value)
  // Integer quotient and remainder are exact; a quotient rounded to 64 digits is not.
  let units = x.divToInt(s)
  const rest = x.minus(units.times(s))
  if (!rest.isZero()) {
    const away =
      rounding === 'nearest' ? rest.abs().times(2).gte(s) : (rounding === 'up') === rest.gt(0)
    if (away) units = rest.gt(0) ? units.plus(1) : units.minus(1)
  }
  return units.times(s).toFixed(places(step))
}

/**
 * Rounds `value` to at most `decimals` decimal places (`down` and `up` towards negative and
 * positive infinity, `nearest` a half away from zero).
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.roundToPlaces('1.23456', 2, 'down') // '1.23'
 */
export function roundToPlaces(
  value: string,
  decimals: number,
  rounding: Rounding = 'nearest',
): string {
  const mode =
    rounding === 'down' ? Big.ROUND_FLOOR : rounding === 'up' ? Big.ROUND_CEIL : Big.ROUND_HALF_UP
  return big(value).toDecimalPlaces(decimals, mode).toFixed()
}

/**
 * The smallest positive decimal that is a multiple of both positive steps, e.g. the step a
 * price must keep to respect both a price step and a number of decimal places.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.lcm('0.25', '0.1') // '0.5'
 */
export function lcm(a: string, b: string): string {
  const x = exact(a)
  const y = exact(b)
  if (x.lte(0)) throw new InvalidError(a, 'a positive step')
  if (y.lte(0)) throw new InvalidError(b, 'a positive step')
  // Euclid's algorithm: the remainder of two decimals is exact.
  let p = x
  let q = y
  while (!q.isZero()) [p, q] = [q, p.mod(q)]
  return x.times(y.divToInt(p)).toFixed()
}

/**
 * Compares two decimal strings: -1, 0 or 1.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.compare('1.10', '1.1') // 0
 */
export function compare(a: string, b: string): -1 | 0 | 1 {
  if (!isSignedDecimal(a)) throw new InvalidError(a)
  if (!isSignedDecimal(b)) throw new InvalidError(b)
  const scale = Math.max(places(a), places(b))
  const x = scaled(a, scale)
  const y = scaled(b, scale)
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * Normalises a value that the spec types as a number in one place and a string in another to
 * a strict decimal string; returns `undefined` when it is neither a finite number nor a
 * decimal string. Numbers are written in plain notation, never with an exponent.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.normalize(0.005) // '0.005'
 * Decimal.normalize('12.50') // '12.50'
 * Decimal.normalize(1e21) // '1000000000000000000000'
 */
export function normalize(
  value: unknown,
  options: { signed?: boolean | undefined } = {},
): string | undefined {
  if (typeof value === 'string') {
    return (options.signed ? isSignedDecimal(value) : isDecimal(value)) ? value : undefined
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (value < 0 && !options.signed) return undefined
    // The shortest text that round-trips is what the caller meant by the number.
    return new Big(String(value)).toFixed()
  }
  return undefined
}

/**
 * A clone whose precision never rounds: only exact operations (plus, minus, times, mod,
 * divToInt) run on it, so their results are as long as they need to be.
 */
const Exact = DecimalJs.clone({
  precision: 1e9,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
})

/** The number of digits of a strict decimal string (sign and dot not counted). */
function big(value: string): Big {
  if (!isSignedDecimal(value)) throw new InvalidError(value)
  return new Big(value)
}

function exact(value: string): Big {
  if (!isSignedDecimal(value)) throw new InvalidError(value)
  return new Exact(value)
}

/** A strict decimal string as the exact integer `value * 10^scale` (`scale` >= its places). */
function scaled(value: string, scale: number): bigint {
  const dot = value.indexOf('.')
  const digits = dot === -1 ? value : value.slice(0, dot) + value.slice(dot + 1)
  const pad = scale - (dot === -1 ? 0 : value.length - dot - 1)
  return BigInt(pad > 0 ? digits + '0'.repeat(pad) : digits)
}

/** Thrown by {@link parse} and the arithmetic helpers on a string that is not a strict decimal. */
export class InvalidError extends BaseError {
  static override readonly kind = 'Decimal.InvalidError'
  override name = 'Decimal.InvalidError'
  constructor(value: string, expected = 'a decimal string') {
    super(`Expected ${expected}, received ${JSON.stringify(value)}.`)
  }
}
