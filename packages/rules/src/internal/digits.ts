/**
 * The digit work of `Decimal` on texts already known to be strict signed decimal strings (the
 * public functions test the form first; the rules' own checks have tested it once already): the
 * same results, without testing the form again.
 */

/** `Decimal.trimZeros` (also a field's transform, which valibot runs only after its format check). */
export function trimmed(value: string): string {
  if (!value.includes('.')) return value
  let end = value.length
  while (value.charCodeAt(end - 1) === 48 /* 0 */) end--
  if (value.charCodeAt(end - 1) === 46 /* . */) end--
  const out = value.slice(0, end)
  return out === '-0' ? '0' : out
}

/** `Decimal.isMultipleOf`. */
export function multipleOfDigits(value: string, step: string): boolean {
  // A step of 1, 0.1, 0.01, ... (most ticks and lots): a multiple has no more places than it.
  const tenth = tenthPlaces(step)
  if (tenth !== undefined) return places(trimmed(value)) <= tenth
  // Both as exact integers at a common scale: BigInt is exact for any length and about eight
  // times faster than decimal.js' mod (property tests hold it to decimal.js).
  const scale = Math.max(places(value), places(step))
  const units = scaled(step, scale)
  return units === 0n || scaled(value, scale) % units === 0n
}

/** `Decimal.compare`. */
export function compareDigits(a: string, b: string): -1 | 0 | 1 {
  if (a.charCodeAt(0) !== 45 /* - */ && b.charCodeAt(0) !== 45) return compareUnsigned(a, b)
  const scale = Math.max(places(a), places(b))
  const x = scaled(a, scale)
  const y = scaled(b, scale)
  return x < y ? -1 : x > y ? 1 : 0
}

/** `Decimal.places`: the digits after the dot as written. */
export function places(value: string): number {
  const dot = value.indexOf('.')
  return dot === -1 ? 0 : value.length - dot - 1
}

/**
 * The places of `step` when it is a power of ten not above 1 (`1`, `0.1`, `0.01`, trailing zeros
 * allowed), else `undefined`. `step` is a strict signed decimal string.
 */
function tenthPlaces(step: string): number | undefined {
  const text = trimmed(step)
  if (text === '1') return 0
  const last = text.length - 1
  if (text.charCodeAt(0) !== 48 /* 0 */ || text.charCodeAt(1) !== 46 /* . */) return undefined
  if (text.charCodeAt(last) !== 49 /* 1 */) return undefined
  for (let i = 2; i < last; i++) if (text.charCodeAt(i) !== 48) return undefined
  return last - 1
}

/**
 * {@link compare} of two strict unsigned decimal strings, by their digits: an integer part has no
 * leading zero (the strict form), so the longer one is the larger; then digit by digit, the
 * shorter fraction read with zeros after it.
 */
function compareUnsigned(a: string, b: string): -1 | 0 | 1 {
  const dotA = a.indexOf('.')
  const dotB = b.indexOf('.')
  const intA = dotA === -1 ? a.length : dotA
  const intB = dotB === -1 ? b.length : dotB
  if (intA !== intB) return intA < intB ? -1 : 1
  const length = Math.max(a.length, b.length)
  for (let i = 0; i < length; i++) {
    if (i === intA) continue
    const x = i < a.length ? a.charCodeAt(i) : 48
    const y = i < b.length ? b.charCodeAt(i) : 48
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}

export function scaled(value: string, scale: number): bigint {
  const dot = value.indexOf('.')
  const digits = dot === -1 ? value : value.slice(0, dot) + value.slice(dot + 1)
  const pad = scale - (dot === -1 ? 0 : value.length - dot - 1)
  return BigInt(pad > 0 ? digits + '0'.repeat(pad) : digits)
}
