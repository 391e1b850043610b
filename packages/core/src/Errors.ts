/**
 * The errors a transport call throws. Every one extends the `BaseError` of `@tradeline/rules`, so
 * `isInstance` works across duplicated copies of the packages. None of them carries request
 * headers, the secret, the passphrase or a signature.
 */
import { BaseError } from '@tradeline/rules/shared'

/** Where an error happened: the endpoint and its method and path. */
export type RequestInfo = {
  /** The endpoint id, e.g. `unified.placeOrder`. */
  readonly endpoint: string
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Request path without the query. */
  readonly path: string
}

function where(info: RequestInfo): string {
  return `${info.method} ${info.path} (${info.endpoint})`
}

/**
 * The exchange answered with a code other than `00000`.
 *
 * @example
 * import { ApiError } from '@tradeline/core'
 * const error = new ApiError({ code: '40009', msg: 'sign signature error', status: 400, endpoint: 'unified.getFills', method: 'GET', path: '/api/v3/trade/fills', retrySafe: true })
 * error.shortMessage // 'The exchange answered 40009: sign signature error'
 */
export class ApiError extends BaseError {
  static override readonly kind: string = 'ApiError'
  override name = 'ApiError'
  /** The exchange code, as sent (e.g. `'40009'`). */
  readonly code: string
  /** The exchange message, as sent. */
  readonly msg: string
  /** HTTP status of the response. */
  readonly status: number
  /** `requestTime` of the envelope, when given. */
  readonly requestTime: number | undefined
  /** The endpoint id. */
  readonly endpoint: string
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Request path without the query. */
  readonly path: string
  /** Whether sending the same request again is safe: the exchange applied nothing. */
  readonly retrySafe: boolean
  /** What the client knows that explains the code (e.g. the account's position mode), when it does. */
  readonly hint: string | undefined

  constructor(parameters: ApiError.Parameters) {
    super(`The exchange answered ${parameters.code}: ${parameters.msg}`, {
      metaMessages: [
        `Request: ${where(parameters)}`,
        `HTTP status: ${parameters.status}`,
        ...(parameters.requestTime === undefined
          ? []
          : [`Request time: ${parameters.requestTime}`]),
        `Retry safe: ${parameters.retrySafe ? 'yes' : 'no'}`,
        ...(parameters.hint === undefined ? [] : [`Hint: ${parameters.hint}`]),
      ],
      cause: parameters.cause,
    })
    this.hint = parameters.hint
    this.code = parameters.code
    this.msg = parameters.msg
    this.status = parameters.status
    this.requestTime = parameters.requestTime
    this.endpoint = parameters.endpoint
    this.method = parameters.method
    this.path = parameters.path
    this.retrySafe = parameters.retrySafe
  }
}

export declare namespace ApiError {
  type Parameters = RequestInfo & {
    code: string
    msg: string
    status: number
    requestTime?: number | undefined
    retrySafe: boolean
    /** A sentence the client adds: what it knows that explains the code. @default none */
    hint?: string | undefined
    cause?: unknown
  }
}

/**
 * The exchange refused the call for its rate limit (HTTP 429 or code `429`); nothing was applied.
 *
 * @example
 * import { RateLimitedError } from '@tradeline/core'
 * const error = new RateLimitedError({ code: '429', msg: 'Too Many Requests', status: 429, endpoint: 'unified.getFills', method: 'GET', path: '/api/v3/trade/fills', retryAfterMs: 1000 })
 * error.retryAfterMs // 1000
 */
export class RateLimitedError extends ApiError {
  static override readonly kind: string = 'RateLimitedError'
  override name = 'RateLimitedError'
  /** The wait the server asked for (`Retry-After`), in milliseconds, when given. */
  readonly retryAfterMs: number | undefined

  constructor(
    parameters: Omit<ApiError.Parameters, 'retrySafe'> & { retryAfterMs?: number | undefined },
  ) {
    super({ ...parameters, retrySafe: true })
    this.retryAfterMs = parameters.retryAfterMs
  }
}

/** Why the outcome of a state-changing call is unknown. */
export type UnknownOutcomeReason = 'code' | 'timeout' | 'network' | 'aborted' | 'malformed'

/**
 * A state-changing call may or may not have been applied: codes 40010, 40725 and 45001, or a
 * timeout, a lost connection, an abort or an unreadable answer after the request was sent. Query
 * the order (by `clientOid`) before sending it again.
 *
 * @example
 * import { UnknownOutcomeError } from '@tradeline/core'
 * const error = new UnknownOutcomeError({ reason: 'timeout', endpoint: 'unified.placeOrder', method: 'POST', path: '/api/v3/trade/place-order' })
 * error.retrySafe // false
 */
export class UnknownOutcomeError extends BaseError {
  static override readonly kind: string = 'UnknownOutcomeError'
  override name = 'UnknownOutcomeError'
  /** Why the outcome is unknown. */
  readonly reason: UnknownOutcomeReason
  /** The exchange code when the exchange answered one. */
  readonly code: string | undefined
  /** The exchange message when the exchange answered one. */
  readonly msg: string | undefined
  /** HTTP status when a response arrived. */
  readonly status: number | undefined
  /** The endpoint id. */
  readonly endpoint: string
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Request path without the query. */
  readonly path: string
  /** Never safe: sending again may apply the change twice. */
  readonly retrySafe = false as const

  constructor(parameters: UnknownOutcomeError.Parameters) {
    const failure = parameters.reason === 'network' ? networkReason(parameters.cause) : undefined
    const answer =
      parameters.code !== undefined
        ? `${parameters.code}: ${parameters.msg ?? ''}`
        : failure === undefined
          ? parameters.reason
          : `${parameters.reason}: ${failure}`
    super(`The outcome of ${parameters.endpoint} is unknown (${answer}).`, {
      metaMessages: [
        `Request: ${where(parameters)}`,
        ...(parameters.status === undefined ? [] : [`HTTP status: ${parameters.status}`]),
        ...(parameters.advice ?? [
          'The change may or may not have been applied: query it (e.g. by clientOid) before sending it again.',
        ]),
      ],
      cause: parameters.cause,
    })
    this.reason = parameters.reason
    this.code = parameters.code
    this.msg = parameters.msg
    this.status = parameters.status
    this.endpoint = parameters.endpoint
    this.method = parameters.method
    this.path = parameters.path
  }
}

export declare namespace UnknownOutcomeError {
  type Parameters = RequestInfo & {
    reason: UnknownOutcomeReason
    code?: string | undefined
    msg?: string | undefined
    status?: number | undefined
    cause?: unknown
    /** What the caller can do, in place of the default line. @default a line to query before sending again */
    advice?: readonly string[] | undefined
  }
}

/**
 * The request could not reach the exchange (or a read lost its connection); `sent` tells whether
 * it may have left this machine.
 *
 * @example
 * import { NetworkError } from '@tradeline/core'
 * const error = new NetworkError({ endpoint: 'unified.getFills', method: 'GET', path: '/api/v3/trade/fills', sent: false })
 * error.retrySafe // true
 */
export class NetworkError extends BaseError {
  static override readonly kind: string = 'NetworkError'
  override name = 'NetworkError'
  /** The endpoint id. */
  readonly endpoint: string
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Request path without the query. */
  readonly path: string
  /** Whether the request may have reached the exchange. */
  readonly sent: boolean
  /** Whether sending again is safe: a read, or a request that never left. */
  readonly retrySafe: boolean

  constructor(parameters: RequestInfo & { sent: boolean; cause?: unknown }) {
    const failure = networkReason(parameters.cause)
    super(
      `The request to ${parameters.endpoint} failed on the network${failure === undefined ? '' : `: ${failure}`}.`,
      {
        metaMessages: [`Request: ${where(parameters)}`],
        cause: parameters.cause,
      },
    )
    this.endpoint = parameters.endpoint
    this.method = parameters.method
    this.path = parameters.path
    this.sent = parameters.sent
    this.retrySafe = parameters.method === 'GET' || !parameters.sent
  }
}

/**
 * A read got no response within its `timeout`. (A state-changing call that times out throws
 * {@link UnknownOutcomeError} instead.)
 *
 * @example
 * import { TimeoutError } from '@tradeline/core'
 * const error = new TimeoutError({ endpoint: 'unified.getFills', method: 'GET', path: '/api/v3/trade/fills', timeout: 10000 })
 * error.shortMessage // 'unified.getFills got no response within 10000 ms.'
 */
export class TimeoutError extends BaseError {
  static override readonly kind: string = 'TimeoutError'
  override name = 'TimeoutError'
  /** The endpoint id. */
  readonly endpoint: string
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Request path without the query. */
  readonly path: string
  /** The timeout that expired, in milliseconds. */
  readonly timeout: number
  /** A read is always safe to send again. */
  readonly retrySafe = true as const

  constructor(parameters: RequestInfo & { timeout: number }) {
    super(`${parameters.endpoint} got no response within ${parameters.timeout} ms.`, {
      metaMessages: [`Request: ${where(parameters)}`],
    })
    this.endpoint = parameters.endpoint
    this.method = parameters.method
    this.path = parameters.path
    this.timeout = parameters.timeout
  }
}

/**
 * The response body is not an envelope `{ code, msg, data }` (not JSON, or JSON of another
 * shape, e.g. a proxy's HTML error page).
 *
 * @example
 * import { ResponseError } from '@tradeline/core'
 * const error = new ResponseError({ endpoint: 'unified.getFills', method: 'GET', path: '/api/v3/trade/fills', status: 502, problem: 'not JSON' })
 * error.status // 502
 */
export class ResponseError extends BaseError {
  static override readonly kind: string = 'ResponseError'
  override name = 'ResponseError'
  /** The endpoint id. */
  readonly endpoint: string
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Request path without the query. */
  readonly path: string
  /** HTTP status of the response. */
  readonly status: number
  /** What is wrong with the body. */
  readonly problem: string

  constructor(
    parameters: RequestInfo & {
      status: number
      problem: string
      body?: string | undefined
      /** `data`: a good envelope whose `data` does not have the endpoint's shape. @default 'envelope' */
      part?: 'envelope' | 'data' | undefined
    },
  ) {
    const what =
      parameters.part === 'data'
        ? `The data of the response of ${parameters.endpoint} does not have the expected shape`
        : `The response of ${parameters.endpoint} is not an envelope`
    super(`${what}: ${parameters.problem}.`, {
      metaMessages: [
        `Request: ${where(parameters)}`,
        `HTTP status: ${parameters.status}`,
        ...(parameters.body === undefined ? [] : [`Body: ${excerpt(parameters.body)}`]),
      ],
    })
    this.endpoint = parameters.endpoint
    this.method = parameters.method
    this.path = parameters.path
    this.status = parameters.status
    this.problem = parameters.problem
  }
}

/**
 * A private endpoint was called on a transport created without `credentials`.
 *
 * @example
 * import { MissingCredentialsError } from '@tradeline/core'
 * new MissingCredentialsError({ endpoint: 'unified.getFills' }).shortMessage
 * // 'unified.getFills is private: create the transport with `credentials`.'
 */
export class MissingCredentialsError extends BaseError {
  static override readonly kind: string = 'MissingCredentialsError'
  override name = 'MissingCredentialsError'
  /** The endpoint id. */
  readonly endpoint: string

  constructor(parameters: { endpoint: string }) {
    super(`${parameters.endpoint} is private: create the transport with \`credentials\`.`)
    this.endpoint = parameters.endpoint
  }
}

/** The hooks of a transport (`hooks` of `createTransport`). */
export type HookName = 'request' | 'response' | 'retry' | 'error'

/**
 * A transport hook threw (or rejected). Hooks only observe: the call went on as if the hook had
 * returned, and this error is handed to the `error` hook (never thrown to the caller).
 *
 * @example
 * import { HookError } from '@tradeline/core'
 * const error = new HookError({ hook: 'response', endpoint: 'unified.placeOrder', method: 'POST', path: '/api/v3/trade/place-order', cause: new Error('bug') })
 * error.shortMessage // 'The response hook of unified.placeOrder threw; the call went on without it.'
 */
export class HookError extends BaseError {
  static override readonly kind: string = 'HookError'
  override name = 'HookError'
  /** The hook that threw. */
  readonly hook: HookName
  /** The endpoint id of the call. */
  readonly endpoint: string
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Request path without the query. */
  readonly path: string

  constructor(parameters: RequestInfo & { hook: HookName; cause: unknown }) {
    super(
      `The ${parameters.hook} hook of ${parameters.endpoint} threw; the call went on without it.`,
      {
        metaMessages: [
          `Request: ${where(parameters)}`,
          'Hooks only observe: the outcome of the call is the one it would have had without the hook.',
        ],
        cause: parameters.cause,
      },
    )
    this.hook = parameters.hook
    this.endpoint = parameters.endpoint
    this.method = parameters.method
    this.path = parameters.path
  }
}

/**
 * What went wrong on the network, from the deepest message of the cause chain: fetch only says
 * "fetch failed" and keeps the reason (`connect ECONNREFUSED 127.0.0.1:443`, `other side closed`)
 * on its cause. An `AggregateError` (both addresses of a host refused) gives each of its reasons.
 */
function networkReason(cause: unknown): string | undefined {
  let reason: string | undefined
  const seen = new Set<unknown>()
  for (let current = cause; current instanceof Error && !seen.has(current); ) {
    seen.add(current)
    const own =
      current instanceof AggregateError && current.message === ''
        ? [...new Set(current.errors.map((e) => (e instanceof Error ? e.message : String(e))))]
            .filter(Boolean)
            .join('; ')
        : current.message
    if (own !== '' && own !== 'fetch failed' && !BaseError.isInstance(current)) reason = own
    current = current.cause
  }
  return reason?.replace(/\.+$/, '')
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty)'
}
