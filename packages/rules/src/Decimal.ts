/**
 * Decimal strings: strict parsing and exact arithmetic. A price, a quantity or an amount is a
 * decimal string from the caller to the wire; a JavaScript `number` never carries one, because
 * `0.1 + 0.2` is `0.30000000000000004`. Every operation here is exact integer arithmetic on
 * `bigint` (the value times a power of ten), for any length of input, with no dependency;
 * decimal.js values (`Big`, `parse`) are in the `@tradeline/rules/big` entry.
 */
import { BaseError } from './Errors.js'
import {
  compareDigits,
  multipleOfDigits,
  places as placesOf,
  scaled,
  trimmed,
} from './internal/digits.js'

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
 * The number of digits after the dot as written, trailing zeros included; the places of the
 * value itself are those of {@link trimZeros} (what the precision checks count).
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.places('1.250') // 3
 */
export const places: (value: string) => number = placesOf

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
  return trimmed(value)
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
  return multipleOfDigits(value, step)
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
  if (!isSignedDecimal(step)) throw new InvalidError(step)
  if (compare(step, '0') <= 0) throw new InvalidError(step, 'a positive step')
  if (!isSignedDecimal(value)) throw new InvalidError(value)
  // Both as exact integers at a common scale; the quotient truncates towards zero.
  const scale = Math.max(places(value), places(step))
  const s = scaled(step, scale)
  const x = scaled(value, scale)
  let units = x / s
  const rest = x - units * s
  if (rest !== 0n) {
    const away = rounding === 'nearest' ? 2n * abs(rest) >= s : (rounding === 'up') === rest > 0n
    if (away) units += rest > 0n ? 1n : -1n
  }
  // A multiple of the step has no digits past the step's places.
  const stepPlaces = places(step)
  return fixed((units * s) / 10n ** BigInt(scale - stepPlaces), stepPlaces)
}

/**
 * Rounds `value` to at most `decimals` decimal places (`down` and `up` towards negative and
 * positive infinity, `nearest` a half away from zero), trailing zeros removed.
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
  if (!isSignedDecimal(value)) throw new InvalidError(value)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 1e9)
    throw new RangeError(`Expected a whole number of decimal places, received ${decimals}.`)
  const scale = places(value)
  if (scale <= decimals) return trimZeros(value)
  const x = scaled(value, scale)
  const divisor = 10n ** BigInt(scale - decimals)
  let units = x / divisor
  const rest = x - units * divisor
  if (rest !== 0n) {
    const away =
      rounding === 'nearest' ? 2n * abs(rest) >= divisor : (rounding === 'up') === rest > 0n
    if (away) units += rest > 0n ? 1n : -1n
  }
  return trimZeros(fixed(units, decimals))
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
  if (!isSignedDecimal(a)) throw new InvalidError(a)
  if (!isSignedDecimal(b)) throw new InvalidError(b)
  const scale = Math.max(places(a), places(b))
  const x = scaled(a, scale)
  const y = scaled(b, scale)
  if (x <= 0n) throw new InvalidError(a, 'a positive step')
  if (y <= 0n) throw new InvalidError(b, 'a positive step')
  // Euclid's algorithm on the integers at the common scale.
  let p = x
  let q = y
  while (q !== 0n) [p, q] = [q, p % q]
  return trimZeros(fixed(x * (y / p), scale))
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
  return compareDigits(a, b)
}

/**
 * The exact sum of two decimal strings, trailing zeros removed.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.add('0.1', '0.2') // '0.3'
 */
export function add(a: string, b: string): string {
  if (!isSignedDecimal(a)) throw new InvalidError(a)
  if (!isSignedDecimal(b)) throw new InvalidError(b)
  const scale = Math.max(places(a), places(b))
  return trimZeros(fixed(scaled(a, scale) + scaled(b, scale), scale))
}

/**
 * The exact difference `a - b` of two decimal strings, trailing zeros removed.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.subtract('1', '1.25') // '-0.25'
 */
export function subtract(a: string, b: string): string {
  if (!isSignedDecimal(a)) throw new InvalidError(a)
  if (!isSignedDecimal(b)) throw new InvalidError(b)
  const scale = Math.max(places(a), places(b))
  return trimZeros(fixed(scaled(a, scale) - scaled(b, scale), scale))
}

/**
 * The exact product of two decimal strings, trailing zeros removed.
 *
 * @example
 * import { Decimal } from '@tradeline/rules'
 * Decimal.multiply('0.015', '64250.5') // '963.7575'
 */
export function multiply(a: string, b: string): string {
  if (!isSignedDecimal(a)) throw new InvalidError(a)
  if (!isSignedDecimal(b)) throw new InvalidError(b)
  const pa = places(a)
  const pb = places(b)
  return trimZeros(fixed(scaled(a, pa) * scaled(b, pb), pa + pb))
}

/**
 * Normalises a value that the exchange documentation types as a number in one place and a string in another to
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
    return plain(String(value))
  }
  return undefined
}

/**
 * The text of a finite number (`String(number)`: `1e+21`, `-1.5e-10`, `0.25`) in plain
 * notation: the exponent moves the dot, by string operations.
 */
function plain(text: string): string {
  const e = text.indexOf('e')
  if (e === -1) return text
  const negative = text.charCodeAt(0) === 45 /* - */
  const mantissa = text.slice(negative ? 1 : 0, e)
  const dot = mantissa.indexOf('.')
  const digits = dot === -1 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1)
  // Where the dot goes in `digits`: JavaScript writes one nonzero digit before the dot.
  const point = (dot === -1 ? mantissa.length : dot) + Number(text.slice(e + 1))
  const out =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`
  return negative ? `-${out}` : out
}

/** A strict decimal string as the exact integer `value * 10^scale` (`scale` >= its places). */
/** The integer `units * 10^-scale` written with exactly `scale` places; zero has no sign. */
function fixed(units: bigint, scale: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
  return negative ? `-${text}` : text
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value
}

/** Thrown by the arithmetic helpers on a string that is not a strict decimal. */
export class InvalidError extends BaseError {
  static override readonly kind = 'Decimal.InvalidError'
  override name = 'Decimal.InvalidError'
  constructor(value: string, expected = 'a decimal string') {
    super(`Expected ${expected}, received ${JSON.stringify(value)}.`)
  }
}
