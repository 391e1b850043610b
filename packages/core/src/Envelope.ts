/**
 * The exchange's response envelope `{ code, msg, requestTime, data }` and what its codes mean for
 * a caller: success, an outcome that is unknown, a rejection that is safe to send again, or a
 * code this package does not know (surfaced raw, not retried).
 */

/** The body of every exchange response. */
export type Envelope = {
  /** `'00000'` on success, an error code otherwise. */
  readonly code: string
  /** A message from the exchange (`'success'` on success). */
  readonly msg: string
  /** Server time of the answer in Unix milliseconds, when given. */
  readonly requestTime: number | undefined
  /** The payload; clients validate it. */
  readonly data: unknown
}

/** The success code. */
export const successCode = '00000'

/** Codes after which the change may or may not have been applied. */
export const unknownOutcomeCodes = ['40010', '40725', '45001'] as const

/** The request timestamp was outside the server's window: nothing was applied. */
export const timestampExpiredCode = '40008'

/**
 * Codes the exchange documents as rejecting the request before anything is applied, so sending
 * it again is safe (though it fails again unless something changes).
 */
export const rejectionCodes = [
  '429',
  '40001',
  '40002',
  '40003',
  '40005',
  '40006',
  '40008',
  '40009',
  '40011',
  '40012',
  '40014',
  '40017',
  '40084',
  '40085',
  '40099',
  '40109',
  '40762',
  '40774',
  '40808',
  '41103',
  '43001',
  '43118',
  '25212',
] as const

/** The result of {@link parseEnvelope}. */
export type ParseResult =
  | { readonly success: true; readonly envelope: Envelope }
  | { readonly success: false; readonly problem: string }

/**
 * Reads a response body as an envelope; a body that is not JSON, or JSON without a `code`, gives
 * the problem instead. Codes sent as numbers are read as strings.
 *
 * @example
 * import { parseEnvelope } from '@tradeline/core'
 * parseEnvelope('{"code":"00000","msg":"success","requestTime":1,"data":{"a":1}}')
 * // { success: true, envelope: { code: '00000', msg: 'success', requestTime: 1, data: { a: '1' } } }
 */
export function parseEnvelope(text: string): ParseResult {
  let json: unknown
  try {
    json = withoutQuoting(text) ?? JSON.parse(losslessNumbers(text))
  } catch {
    return { success: false, problem: text.trim() === '' ? 'empty body' : 'not JSON' }
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { success: false, problem: 'not a JSON object' }
  const body = json as Record<string, unknown>
  const code = body.code
  if (typeof code !== 'string' && typeof code !== 'number')
    return { success: false, problem: 'no code' }
  const requestTime = Number(body.requestTime)
  return {
    success: true,
    envelope: {
      code: String(code),
      msg: typeof body.msg === 'string' ? body.msg : '',
      requestTime:
        body.requestTime === undefined || Number.isNaN(requestTime) ? undefined : requestTime,
      data: body.data,
    },
  }
}

/**
 * A number literal may start here: after `:`, `[` or `,` (or at the start), spaces allowed. Text
 * without one (every number sent as a JSON string) is returned as it is, unscanned. A match
 * inside a string only costs the scan.
 */
const numberStart = /(?:^|[:[,])\s*-?\d/

/** {@link numberStart} over the whole text, to count the places a number may start. */
const numberStarts = /(?:^|[:[,])\s*-?\d/g

/**
 * The envelope parsed as it is when it holds no number but the top-level `requestTime` (the
 * usual answer: every field of `data` a string), `undefined` otherwise. Then quoting the numbers
 * would change nothing but `requestTime`, which is read with `Number` either way, so the text is
 * parsed once, without the scan that quotes numbers and the copy it makes (about half the time of
 * a small envelope). One place a number may start, right after `"requestTime":`, and a number at
 * the top-level `requestTime` once parsed, mean that this number was the only one in the text.
 * Anything else (two places, one elsewhere, a match inside a string, text that is not JSON) goes
 * the way of {@link losslessNumbers}.
 */
function withoutQuoting(text: string): object | undefined {
  numberStarts.lastIndex = 0
  const first = numberStarts.exec(text)
  if (first === null || first[0][0] !== ':' || !text.endsWith('"requestTime"', first.index))
    return undefined
  if (numberStarts.exec(text) !== null) return undefined
  try {
    const json: unknown = JSON.parse(text)
    return typeof (json as { requestTime?: unknown } | null)?.requestTime === 'number'
      ? (json as object)
      : undefined
  } catch {
    return undefined
  }
}

/** A JSON number: sign, integer part, fraction, exponent. */
const jsonNumber = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/** A plain form longer than this is not written out (a hostile `1e999999999`): the text stays. */
const plainMaxLength = 1000

/**
 * Quotes every JSON number of a response, so `JSON.parse` reads it as a decimal string made from
 * its own text, never through a double: a 19-digit id, a 17-digit price and `5` alike. A number
 * in plain notation keeps its text as written (`"0.10"` stays `"0.10"`); one with an exponent is
 * written out in plain notation exactly, keeping the digits written: the point moves by the
 * exponent, zeros filled in (`1.50e1` → `"15.0"`, `1.5e-7` → `"0.00000015"`,
 * `1.0000000000000001e+21` → `"1000000000000000100000"`); one whose plain form would pass 1000
 * characters keeps its text. Numbers written inside JSON strings are left alone, and text that is
 * not JSON stays so. Response schemas read decimal fields as strings or numbers.
 *
 * @example
 * import { losslessNumbers } from '@tradeline/core'
 * JSON.parse(losslessNumbers('{"orderId":1234567890123456789,"n":5,"p":1.5e-7}')) // { orderId: '1234567890123456789', n: '5', p: '0.00000015' }
 */
export function losslessNumbers(text: string): string {
  if (!numberStart.test(text)) return text
  const length = text.length
  let out = ''
  let last = 0
  let i = 0
  while (i < length) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      // A string: on to its closing quote (one not escaped by an odd run of backslashes).
      let end = text.indexOf('"', i + 1)
      while (end !== -1) {
        let slashes = 0
        while (text.charCodeAt(end - 1 - slashes) === 92 /* \ */) slashes++
        if (slashes % 2 === 0) break
        end = text.indexOf('"', end + 1)
      }
      if (end === -1) return text
      i = end + 1
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let j = i + 1
      while (j < length) {
        const d = text.charCodeAt(j)
        // Digits, `.`, `e`, `E`, `+` and `-`: the characters of a number.
        if ((d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45) j++
        else break
      }
      const plain = plainDecimal(text.slice(i, j))
      // Not a JSON number (`01`, `1.`, `--1`): left as it is, for JSON.parse to refuse.
      if (plain !== undefined) {
        out += `${text.slice(last, i)}"${plain}"`
        last = j
      }
      i = j
    } else i++
  }
  return last === 0 ? text : out + text.slice(last)
}

/**
 * The plain decimal text of a JSON number text, exactly; `undefined` when it is not a JSON
 * number. Without an exponent it is the text itself. Internal (decimal fields of records read
 * text with an exponent through it too).
 */
export function plainDecimal(token: string): string | undefined {
  const match = jsonNumber.exec(token)
  if (match === null) return undefined
  const [, sign, int = '', frac = '', exponent] = match
  if (exponent === undefined) return token
  const shift = Number(exponent)
  if (Math.abs(shift) > plainMaxLength) return token
  const digits = int + frac
  // Where the point goes in `digits`.
  const point = int.length + shift
  let whole: string
  let fraction: string
  if (point <= 0) {
    whole = '0'
    fraction = '0'.repeat(-point) + digits
  } else if (point >= digits.length) {
    whole = digits + '0'.repeat(point - digits.length)
    fraction = ''
  } else {
    whole = digits.slice(0, point)
    fraction = digits.slice(point)
  }
  whole = whole.replace(/^0+(?=\d)/, '')
  return `${sign}${whole}${fraction === '' ? '' : `.${fraction}`}`
}

/** How a caller should read a code. */
export type CodeKind = 'success' | 'unknown-outcome' | 'rejected' | 'unrecognised'

/**
 * What a code means for the caller: success, unknown outcome (40010, 40725, 45001), a documented
 * rejection (safe to send again), or an unrecognised code (surfaced raw, not retried).
 *
 * @example
 * import { classifyCode } from '@tradeline/core'
 * classifyCode('40725') // 'unknown-outcome'
 */
export function classifyCode(code: string): CodeKind {
  if (code === successCode) return 'success'
  if ((unknownOutcomeCodes as readonly string[]).includes(code)) return 'unknown-outcome'
  if ((rejectionCodes as readonly string[]).includes(code)) return 'rejected'
  return 'unrecognised'
}
