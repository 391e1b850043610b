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
 * // { success: true, envelope: { code: '00000', msg: 'success', requestTime: 1, data: { a: 1 } } }
 */
export function parseEnvelope(text: string): ParseResult {
  let json: unknown
  try {
    json = JSON.parse(losslessNumbers(text))
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

/** A run of 16 or more digits: the only numbers a double may not hold exactly. */
const longDigits = /\d{16}/

/**
 * Quotes every JSON number whose value a double cannot hold (an order id of 19 digits, a price of
 * 17 significant digits), so `JSON.parse` keeps its exact text as a string; shorter numbers stay
 * numbers. Response schemas read decimal fields as strings or numbers, so nothing else changes.
 *
 * @example
 * import { losslessNumbers } from '@tradeline/core'
 * JSON.parse(losslessNumbers('{"orderId":1234567890123456789,"n":5}')) // { orderId: '1234567890123456789', n: 5 }
 */
export function losslessNumbers(text: string): string {
  if (!longDigits.test(text)) return text
  let out = ''
  let last = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
      continue
    }
    if (c === 34) {
      inString = true
      continue
    }
    if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let j = i + 1
      while (j < text.length && /[0-9.eE+-]/.test(text[j] as string)) j++
      const token = text.slice(i, j)
      if (token.replace(/[^0-9]/g, '').replace(/^0+/, '').length > 15) {
        out += `${text.slice(last, i)}"${token}"`
        last = j
      }
      i = j - 1
    }
  }
  return last === 0 ? text : out + text.slice(last)
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
