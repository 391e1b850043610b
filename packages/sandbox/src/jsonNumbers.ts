/**
 * The decimal value of a JSON number's text, to tell whether a double holds it exactly and to
 * write it without an exponent. A classic order's price or size may arrive as a JSON number
 * (ccxt sends a trigger price so), and the twap offsets and prices do (the exchange documentation
 * types them `number`); each is read as the decimal the caller wrote, never as a double's
 * rounding (`60000.00000000000000001` is not `60000`) nor its exponent form (`5e-7`).
 */
import { JsonNumber } from '@tradeline/rules'

/** A JSON number's text: sign, integer digits, fraction digits, exponent. */
const grammar = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/** An exponent beyond this is kept as written (a plain text of it would be that long). */
const plainExponentLimit = 64

/** The value of a JSON number's text as sign, significant digits and exponent. */
function decimalOf(text: string): { sign: string; digits: string; exponent: number } | undefined {
  const match = grammar.exec(text)
  if (!match) return undefined
  const fraction = match[3] ?? ''
  const all = `${match[2]}${fraction}`.replace(/^0+/, '')
  // An index loop, not `/0+$/`: the regex retries from every inner zero run, quadratic in the
  // digits (a 100,000-digit `1.000…01` held the event loop 9 s).
  let end = all.length
  while (end > 0 && all.charCodeAt(end - 1) === 48 /* 0 */) end--
  const digits = all.slice(0, end)
  const exponent = Number(match[4] ?? 0) - fraction.length + (all.length - digits.length)
  if (digits === '') return { sign: '', digits: '0', exponent: 0 }
  return { sign: match[1] ?? '', digits, exponent }
}

/**
 * Whether the double of a JSON number's text has the same value as the text (`0.5`, `5e-7`,
 * `1e+308`), so that nothing the caller wrote is lost by `JSON.parse`.
 */
export function doubleHoldsExactly(text: string): boolean {
  const value = Number(text)
  if (!Number.isFinite(value)) return true
  const written = decimalOf(text)
  const held = decimalOf(String(value))
  return (
    written !== undefined &&
    held !== undefined &&
    written.sign === held.sign &&
    written.digits === held.digits &&
    written.exponent === held.exponent
  )
}

/**
 * A JSON number's text as a plain decimal (`5e-7` is `0.0000005`, `1.50` is `1.5`); text that
 * is not a JSON number, or whose exponent passes 64, is answered as it is (the rules refuse it).
 */
export function plainDecimal(text: string): string {
  const value = decimalOf(text)
  if (value === undefined || Math.abs(value.exponent) > plainExponentLimit) return text
  const { sign, digits, exponent } = value
  if (exponent >= 0) return `${sign}${digits}${'0'.repeat(exponent)}`
  const point = digits.length + exponent
  return point > 0
    ? `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
    : `${sign}0.${'0'.repeat(-point)}${digits}`
}

/**
 * The decimal a JSON number of a request was written as, from what `parseJson` made of it: a
 * number (a double that holds the text exactly, so its shortest text has the same value) or a
 * `JsonNumber` of the text (a double would not hold it), written without an exponent
 * (`12.5000000000000000001`, `0.0000005`). Any other value is answered as it is (the rules
 * judge it).
 */
export function decimalOfNumber(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? plainDecimal(String(value)) : value
  if (JsonNumber.is(value)) return plainDecimal(value.text)
  return value
}
