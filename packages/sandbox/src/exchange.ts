/**
 * The pipeline of an exchange endpoint: authentication, rate limits, parameter validation
 * with the rules' `Endpoint.check`, injected faults around the operation, and the envelope.
 */
import type { HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Endpoint, type Issue } from '@tradeline/rules'
import type { Context } from 'hono'
import { accountModeRefusal } from './accountMode.js'
import { authenticate, authenticateHeaders, requirementOf } from './auth.js'
import { declaresTooLarge, readBody, tooLarge } from './body.js'
import { echoSpellings } from './echoSpellings.js'
import type { AnyEndpoint } from './endpoints.js'
import { type Failure, respond, respondFailure, success } from './envelope.js'
import { issueFailure, parameterFailure } from './exchange/codes.js'
import { settle } from './exchange/settle.js'
import { type ActiveFault, type FaultStore, faultMessages } from './faults.js'
import { checkStructure, parseJson, setField, withDecimalStrings } from './json.js'
import type { RateLimiter } from './rateLimit.js'
import { headerOf } from './requestHeader.js'
import { type ApiKey, recordedRequestLimit, type SandboxState } from './state.js'

/** One call as a route handler sees it. */
export type Call = {
  readonly state: SandboxState
  /** The caller's key on signed endpoints. */
  readonly key: ApiKey | undefined
  /**
   * The request: the rules' normalised output when the endpoint is in the rules, else raw; in
   * both, numbers the rules send as JSON numbers (`requestId`, twap offsets) are decimal strings.
   */
  readonly params: Record<string, unknown>
  /** The sandbox clock when the call arrived. */
  readonly now: number
  /** The issues of the rules' check, for routes with `partial: true` (batch items). */
  readonly issues?: readonly Issue.Issue[] | undefined
  /** The sandbox refuses fields an endpoint does not take (for routes the rules do not define). */
  readonly strict?: boolean | undefined
}

/** What a handler returns: data for the envelope, or a failure. */
export type Outcome = { readonly data: unknown } | { readonly error: Failure }

/**
 * A served endpoint. `id`, `method`, `path` and `auth` are used when the rules do not define
 * the endpoint (yet); when they do, the rules' definition wins.
 */
export type Route = {
  readonly id: string
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly auth: boolean
  /** The context for the rules' cross-field checks (instrument, position mode). */
  context?(input: Record<string, unknown>, call: Omit<Call, 'params'>): unknown
  /** Hand issues to the handler (raw params) instead of failing: batch partial success. */
  readonly partial?: boolean | undefined
  /**
   * Issues of the rules that name a field the exchange ignores (the exchange documentation says so: classic
   * `tradeSide` in one-way mode, take-profit/stop-loss sent with a size and price change): the
   * field is dropped, as an unknown field is, unless the sandbox is `strict`.
   */
  ignores?(issue: Issue.Issue): boolean
  /**
   * The request's JSON numbers in fields the exchange documentation types `number` (the twap
   * offsets and prices), read as the decimal strings the rules take, each the exact text
   * written; applied also when the sandbox is `strict`: a JSON number is these fields' wire form
   * (tradeline sends them so), not a leniency.
   */
  wire?(input: Record<string, unknown>): Record<string, unknown>
  /**
   * The request as the exchange reads it where it takes more than the rules send (an upper-case
   * `force`, a price as a JSON number, as ccxt sends them), before the rules' check; not applied
   * when the sandbox is `strict`.
   */
  reads?(input: Record<string, unknown>): Record<string, unknown>
  /**
   * The endpoint as the exchange checks it where it takes values the rules refuse (classic
   * modify-order's `newClientOid` beyond 32 characters, as ccxt's `editOrder` sends a UUID):
   * checked in place of the rules' endpoint unless the sandbox is `strict`.
   */
  readonly lenient?: AnyEndpoint | undefined
  /**
   * Other paths the exchange's documentation names for the same endpoint (two copies of one page
   * disagree), served by the same handler under the same rate limit.
   */
  readonly aliases?: readonly string[] | undefined
  handle(call: Call): Outcome | Promise<Outcome>
}

/** What the pipeline needs. */
export type Pipeline = {
  readonly state: SandboxState
  readonly faults: FaultStore
  /** `undefined` when rate limits are off. */
  readonly limiter: RateLimiter | undefined
  readonly timestampWindowMs: number
  /**
   * Refuse request fields the endpoint does not take (`40017` naming the field) instead of
   * ignoring them as the exchange does. @default false
   */
  readonly strict?: boolean | undefined
  /** Waits the `delayMs` of a `delay` fault. @default a global `setTimeout` */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined
  /** Whether the sandbox closed (a delayed call then is not handled). @default never */
  readonly stopped?: (() => boolean) | undefined
}

/** Hono bindings: Node's request and response when served by @hono/node-server. */
export type Env = { Bindings: Partial<HttpBindings> }

/**
 * Thrown for a `drop` fault when the app runs without a Node socket (embedded `app.fetch`),
 * so the caller's fetch rejects as on a lost connection.
 *
 * @example
 * import { DroppedConnectionError } from '@tradeline/sandbox'
 * new DroppedConnectionError('dropped').name // 'DroppedConnectionError'
 */
export class DroppedConnectionError extends Error {
  override name = 'DroppedConnectionError'
}

/**
 * The path of a call as the client sent it, which its signature covers (the exchange signs the
 * path as sent): the request URL is normalised (`/api/v3/x/../trade/unfilled-orders` routes as
 * `/api/v3/trade/unfilled-orders`), so a signature of the normalised path would verify for a
 * path the client never sent. Embedded without a Node request, the URL's path.
 */
function sentPath(c: Context<Env>, url: URL): string {
  const sent = c.env?.incoming?.url
  if (sent === undefined || !sent.startsWith('/')) return url.pathname
  const query = sent.indexOf('?')
  return query === -1 ? sent : sent.slice(0, query)
}

/** The remote address of a call, `local` when embedded without a socket. */
export function remoteAddress(c: Context<Env>): string {
  return c.env?.incoming?.socket?.remoteAddress ?? 'local'
}

/** Handles one call of `route` (with the rules' `endpoint` when it exists). */
export async function handleCall(
  c: Context<Env>,
  route: Route,
  endpoint: AnyEndpoint | undefined,
  pipeline: Pipeline,
): Promise<Response> {
  const { state } = pipeline
  settle(state)
  let now = state.clock.now()
  const url = new URL(c.req.url)
  const rawQuery = url.search.startsWith('?') ? url.search.slice(1) : url.search
  const id = endpoint?.id ?? route.id
  const auth = endpoint?.auth ?? route.auth
  state.requests.push({
    method: c.req.method,
    path: url.pathname,
    userAgent: headerOf(c, 'user-agent'),
    channelApiCode: headerOf(c, 'x-channel-api-code'),
  })
  if (state.requests.length > recordedRequestLimit) state.requests.shift()
  const fail = (error: Failure) => respondFailure(error, state.clock.now())
  // A body is read only within its bound, and only after the headers authenticate: a caller
  // without a key and passphrase never has a byte of it read.
  const post = route.method === 'POST'
  if (post && declaresTooLarge(c)) return fail(tooLarge)
  const timestampWindowMs = pipeline.timestampWindowMs
  if (auth) {
    const headers = authenticateHeaders(state, (name) => headerOf(c, name), { timestampWindowMs })
    if (!headers.ok) return fail(post ? { ...headers, headers: { connection: 'close' } } : headers)
  }
  const read = post ? await readBody(c) : { ok: true as const, text: '' }
  if (!read.ok) return fail(read.failure)
  const body = read.text

  let key: ApiKey | undefined
  if (auth) {
    const result = authenticate(
      state,
      {
        method: c.req.method,
        path: sentPath(c, url),
        rawQuery,
        body,
        header: (name) => headerOf(c, name),
      },
      requirementOf(id, c.req.method),
      { timestampWindowMs },
    )
    if (!result.ok) return fail(result)
    key = result.key
    // The account's mode comes before every other rule: the other mode's API is not served.
    const refusal = accountModeRefusal(endpoint?.path ?? route.path, state.accountModeOf(key.uid))
    if (refusal) return fail(refusal)
  }

  const input = parseInput(route.method, rawQuery, body)
  if (typeof input === 'string') return fail(parameterFailure(input))

  const admission = pipeline.limiter?.admit(
    id,
    { uid: key?.uid, ip: remoteAddress(c), copyTrader: key?.eliteTrader === true },
    input,
  )
  if (admission && !admission.ok) {
    const headers: Record<string, string> = {}
    if (admission.retryAfterMs !== undefined)
      headers['Retry-After'] = String(Math.ceil(admission.retryAfterMs / 1000))
    return fail({ code: '429', msg: 'Too Many Requests', status: 429, headers })
  }
  try {
    let params = input as Record<string, unknown>
    let issues: readonly Issue.Issue[] | undefined
    if (endpoint) {
      if (route.wire) params = route.wire(params)
      if (route.reads && !pipeline.strict) params = route.reads(params)
      const context = route.context?.(params, { state, key, now })
      const checks = (!pipeline.strict && route.lenient) || endpoint
      let checked = Endpoint.check(checks, params, context as never)
      const ignored = checked.success
        ? []
        : checked.issues.filter((i) => i.type === 'unknown' || route.ignores?.(i))
      if (ignored.length > 0 && !pipeline.strict) {
        // The exchange ignores fields it does not take (ccxt sends `symbol` to cancel-order)
        // and those the exchange documentation says it ignores: they are dropped, and the rest is checked as if
        // they had never been sent.
        params = withoutFields(
          params,
          ignored.map((issue) => issue.path),
        ) as typeof params
        checked = Endpoint.check(checks, params, context as never)
      }
      if (!checked.success && !route.partial) return fail(issueFailure(checked.issues[0]))
      if (checked.success) params = checked.output as Record<string, unknown>
      else issues = checked.issues
    }
    // The rules send fields typed `number` as JsonNumbers; the sandbox keeps decimal strings.
    params = withDecimalStrings(params)
    const fault = pipeline.faults.take(c.req.method, url.pathname)
    const early = fault && !applies(fault) ? await injectFault(c, fault, state, body) : undefined
    if (early) return early
    if (fault?.kind === 'delay') {
      // The call is handled when the delay ends, on the clock of that moment (a late heartbeat
      // arms the countdown from its arrival, and a switch that lapsed meanwhile lapses first).
      await (pipeline.sleep ?? sleep)(fault.delayMs)
      // The sandbox closed during the delay: its connection is gone, and nothing is applied.
      if (pipeline.stopped?.()) return fail({ code: '40015', msg: 'The sandbox closed.' })
      settle(state)
      now = state.clock.now()
    }
    const outcome = await route.handle({
      state,
      key,
      params,
      now,
      issues,
      strict: pipeline.strict === true,
    })
    const late = fault && applies(fault) ? await injectFault(c, fault, state, body) : undefined
    if (late) return late
    if ('error' in outcome) return fail(outcome.error)
    return respond(success(outcome.data, state.clock.now()))
  } finally {
    if (admission?.ok) admission.release()
  }
}

/**
 * A copy of `value` without the fields at `paths` (object keys, through arrays by index); the
 * value itself is not changed.
 */
function withoutFields(value: unknown, paths: readonly (readonly (string | number)[])[]): unknown {
  const copy = copyOf(value)
  for (const path of paths) {
    let parent: unknown = copy
    for (const part of path.slice(0, -1))
      parent =
        typeof parent === 'object' && parent !== null
          ? (parent as Record<string | number, unknown>)[part]
          : undefined
    const last = path.at(-1)
    if (typeof parent === 'object' && parent !== null && last !== undefined)
      delete (parent as Record<string | number, unknown>)[last]
  }
  return copy
}

/** A copy of the arrays and plain objects of a request; other values (a `JsonNumber`) are kept. */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf)
  if (typeof value !== 'object' || value === null) return value
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyOf(v)]))
}

/** Whether the operation runs before the fault is answered. */
function applies(fault: ActiveFault): boolean {
  if (fault.kind === 'code-after') return true
  if (
    fault.kind === 'code-before' ||
    fault.kind === 'delay' ||
    fault.kind === 'http429' ||
    fault.kind === 'echo'
  )
    return false
  return fault.applied
}

/** The answer of a fault; `undefined` for `delay` (it only waits). */
async function injectFault(
  c: Context<Env>,
  fault: ActiveFault,
  state: SandboxState,
  body: string,
): Promise<Response | undefined> {
  switch (fault.kind) {
    case 'code-before':
    case 'code-after':
      return respondFailure({ code: fault.code, msg: faultMessages[fault.code] }, state.clock.now())
    case 'http500':
      return new Response('Internal Server Error', {
        status: 500,
        headers: { 'content-type': 'text/plain' },
      })
    case 'malformed':
      return new Response('<html>upstream returned garbage', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    case 'drop': {
      const socket = c.env?.incoming?.socket
      if (!socket) throw new DroppedConnectionError('Connection dropped by an injected fault')
      socket.destroy()
      return RESPONSE_ALREADY_SENT
    }
    case 'http429': {
      // The exchange's rate-limit answer, as the sandbox's own limiter gives it.
      const headers: Record<string, string> = {}
      if (fault.retryAfterMs !== undefined)
        headers['Retry-After'] = String(Math.ceil(fault.retryAfterMs / 1000))
      return respondFailure(
        { code: '429', msg: 'Too Many Requests', status: 429, headers },
        state.clock.now(),
      )
    }
    case 'delay':
      return undefined
    case 'echo':
      return echo(c, fault, state, body)
  }
}

/**
 * The answer of an `echo` fault: the request's ACCESS-* headers and body, and what the sandbox
 * knows of the key (its secret and passphrase, and the signature, in every spelling of
 * `echoSpellings`), as an upstream
 * that logs or quotes them would answer.
 */
function echo(c: Context<Env>, fault: ActiveFault, state: SandboxState, body: string): Response {
  const { as = 'envelope', status = 400, code = '40009' } = fault.echo ?? {}
  const key = state.keys.get(headerOf(c, 'ACCESS-KEY') ?? '')
  const headers = ['ACCESS-KEY', 'ACCESS-SIGN', 'ACCESS-PASSPHRASE', 'ACCESS-TIMESTAMP'].map(
    (name) => `${name}: ${headerOf(c, name) ?? ''}`,
  )
  const sign = headerOf(c, 'ACCESS-SIGN') ?? ''
  const known = key ? [key.secret, key.passphrase, sign].flatMap(echoSpellings) : []
  const text = [
    ...headers,
    `sign (url): ${encodeURIComponent(sign)}`,
    `body: ${body}`,
    `known: ${known.join(' ')}`,
  ].join('\n')
  if (as === 'page')
    return new Response(`<html><body><h1>${status} upstream</h1><pre>${text}</pre></body></html>`, {
      status,
      headers: { 'content-type': 'text/html' },
    })
  return respondFailure({ code, msg: text, status }, state.clock.now())
}

/**
 * The request as an object: the query of a GET, the JSON body of a POST (`{}` when empty), its
 * long integers exact; or why it is refused (a query key sent twice, a body that is not a JSON
 * object or array or passes the bounds of `checkStructure`).
 */
function parseInput(method: string, rawQuery: string, body: string): object | string {
  if (method === 'GET') {
    const query: Record<string, string> = {}
    for (const [name, value] of new URLSearchParams(rawQuery)) {
      if (Object.hasOwn(query, name))
        return `${name.slice(0, 64)}: expected a query parameter sent once, received it twice`
      setField(query, name, value)
    }
    return query
  }
  if (body.trim() === '') return {}
  const refused = checkStructure(body)
  if (refused !== undefined) return refused
  try {
    const value: unknown = parseJson(body)
    if (typeof value === 'object' && value !== null) return value
  } catch {}
  return 'body: expected a JSON object or array'
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
