/**
 * Turns what came back from one attempt into data or into the right error class. The rules:
 * a read never has an unknown outcome; a state-changing call that may have reached the exchange
 * and got no clear answer does.
 */
import { classifyCode, parseEnvelope, successCode } from '../Envelope.js'
import {
  ApiError,
  NetworkError,
  RateLimitedError,
  type RequestInfo,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
} from '../Errors.js'
import { parseRetryAfter } from './retry.js'
import type { Redact } from './secrets.js'
import type { ResponseHeaders } from './send.js'

/**
 * The hint of an account-mode refusal: the key's account is in the other mode, which no change
 * of the request mends (`40084`: a classic account on the unified API; `40085`: a unified
 * account on the classic API).
 */
export function accountModeHint(code: string): string | undefined {
  const [mode, api, client, other] =
    code === '40084'
      ? ['classic', 'the unified API (/api/v3)', '@tradeline/classic-futures', 'unified']
      : code === '40085'
        ? ['unified (UTA)', 'the classic API (/api/v2/mix)', '@tradeline/unified', 'classic']
        : []
  return (
    mode &&
    `This key's account is in ${mode} mode, which ${api} refuses: use ${client}, or a key of a ${other} account.`
  )
}

/** Network failures that happen before any byte of the request leaves this machine. */
const notSentCodes = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']

/**
 * Reads a response: the envelope's data on `00000`, otherwise throws the matching error. What an
 * error copies of the response (`msg`, a body excerpt) goes through `redact` first.
 */
export function fromResponse(
  info: RequestInfo,
  response: { status: number; headers: ResponseHeaders; text: string },
  now: number,
  redact: Redact,
): unknown {
  const { status, text } = response
  const parsed = parseEnvelope(text)
  if (!parsed.success) {
    if (status === 429)
      throw new RateLimitedError({
        ...info,
        code: '429',
        msg: 'Too Many Requests',
        status,
        // Read for a 429 only: a success does not look at its headers.
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now),
      })
    const error = new ResponseError({
      ...info,
      status,
      problem: parsed.problem,
      body: redact(text),
    })
    if (info.method !== 'GET')
      throw new UnknownOutcomeError({ ...info, reason: 'malformed', status, cause: error })
    throw error
  }
  const { code, requestTime } = parsed.envelope
  if (code === successCode) return parsed.envelope.data
  const msg = redact(parsed.envelope.msg)
  if (status === 429 || code === '429')
    throw new RateLimitedError({
      ...info,
      code,
      msg,
      status,
      requestTime,
      // Read for a 429 only: a success does not look at its headers.
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now),
    })
  const kind = classifyCode(code)
  if (
    info.method !== 'GET' &&
    (kind === 'unknown-outcome' || (status >= 500 && kind !== 'rejected'))
  )
    throw new UnknownOutcomeError({ ...info, reason: 'code', code, msg, status })
  const retrySafe =
    kind === 'rejected' || (info.method === 'GET' && (kind === 'unknown-outcome' || status >= 500))
  throw new ApiError({
    ...info,
    code,
    msg,
    status,
    requestTime,
    retrySafe,
    hint: accountModeHint(code),
  })
}

/**
 * Turns a failed fetch into an error. A timeout is not kept as a cause, and what a fetch threw
 * is kept as a copy ({@link foreignCause}), so no error of the package ever holds the request's
 * headers (the signature and passphrase).
 */
export function fromFailure(
  info: RequestInfo,
  thrown: unknown,
  context: {
    signal: AbortSignal | undefined
    timeout: number | false
    redact: (text: string) => string
  },
): unknown {
  const reads = info.method === 'GET'
  if (context.signal?.aborted) {
    if (reads) return context.signal.reason
    return new UnknownOutcomeError({ ...info, reason: 'aborted', cause: context.signal.reason })
  }
  const cause = foreignCause(thrown, context.redact)
  if ((cause as Error | null)?.name === 'TimeoutError') {
    if (reads)
      return new TimeoutError({ ...info, timeout: context.timeout === false ? 0 : context.timeout })
    return new UnknownOutcomeError({ ...info, reason: 'timeout' })
  }
  const sent = !notSentCodes.includes(errorCode(cause) ?? '')
  if (reads || !sent) return new NetworkError({ ...info, sent, cause })
  return new UnknownOutcomeError({
    ...info,
    reason: 'network',
    cause: new NetworkError({ ...info, sent, cause }),
  })
}

/**
 * A copy of what a fetch threw, fit to keep as a cause: its name, message and stack (each
 * redacted), its `code`, and its own cause likewise, 5 deep. The thrown object itself may hold
 * the request: ky's `HTTPError` keeps `request` and `options` with the signed headers, which an
 * `inspect` of the error (a `console.error`) would print.
 */
export function foreignCause(
  thrown: unknown,
  redact: (text: string) => string,
  depth = 0,
): unknown {
  if (typeof thrown === 'string') return redact(thrown)
  if (typeof thrown !== 'object' || thrown === null) return thrown
  const source = thrown as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown }
  const copy = new Error(redact(typeof source.message === 'string' ? source.message : ''))
  if (typeof source.name === 'string') copy.name = source.name
  copy.stack =
    typeof source.stack === 'string' ? redact(source.stack) : `${copy.name}: ${copy.message}`
  if (typeof source.code === 'string' || typeof source.code === 'number')
    Object.assign(copy, { code: source.code })
  const inner = (thrown as { cause?: unknown }).cause
  if (inner !== undefined && depth < 4) copy.cause = foreignCause(inner, redact, depth + 1)
  return copy
}

/** The first `code` along the cause chain (Node puts `ECONNREFUSED` on the fetch error's cause). */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Whether a read that failed this way may be sent again automatically. */
export function isTransient(error: unknown): boolean {
  if (NetworkError.isInstance(error) || RateLimitedError.isInstance(error)) return true
  if (ApiError.isInstance(error))
    return error.status >= 500 || classifyCode(error.code) === 'unknown-outcome'
  if (ResponseError.isInstance(error)) return error.status >= 500
  return false
}
