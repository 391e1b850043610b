/**
 * The transport every client package calls: it signs, sends (with fetch), reads the envelope, turns
 * failures into typed errors, retries reads, and keeps the clock in step with the server.
 */
import {
  BaseError,
  type Endpoint,
  Issue,
  type Issues,
  Options,
  Public,
  ValidationError,
} from '@tradeline/rules'
import {
  type Clock,
  createSyncedClock,
  type SyncedClock,
  systemClock,
  type TimeSample,
} from './Clock.js'
import { timestampExpiredCode } from './Envelope.js'
import {
  ApiError,
  HookError,
  type HookName,
  MissingCredentialsError,
  RateLimitedError,
  type RequestInfo,
  ResponseError,
} from './Errors.js'
import { stringifyBody } from './internal/body.js'
import { fromFailure, fromResponse, isTransient } from './internal/classify.js'
import { anySignal, backoff, type RetryPolicy, wait } from './internal/retry.js'
import { type Redact, redactHeaders, SecretCredentials } from './internal/secrets.js'
import { fetchSender, loadUndici, type ResponseHeaders, type Sender } from './internal/send.js'
import type { Dispatcher } from './internal/undici.js'
import { type Product, userAgent as userAgentOf } from './internal/userAgent.js'
import type { RateLimiter } from './RateLimiter.js'
import {
  createHmacSigner,
  createRsaSigner,
  encodeQuery,
  prehash,
  type Query,
  type Signer,
} from './sign.js'

/** The exchange's public base URL. */
export const defaultBaseUrl = 'https://api.bitget.com'

/** The endpoint that gives the server time (`data.serverTime`). */
const timeEndpoint = Public.getTime

/** What the transport reads of an endpoint. */
export type EndpointRef = Pick<Endpoint.Endpoint, 'id' | 'method' | 'path' | 'auth'>

/**
 * The account's API key: give `secret` for a key created with an HMAC secret (the usual kind), or
 * `privateKey` for a key created with an RSA public key; neither when a `signer` is given.
 */
export type Credentials = {
  /** `ACCESS-KEY`. */
  apiKey: string
  /** The API secret: requests are signed with HMAC-SHA256. @default undefined */
  secret?: string | undefined
  /**
   * The RSA private key as PEM, PKCS#8 (`-----BEGIN PRIVATE KEY-----`) or PKCS#1
   * (`-----BEGIN RSA PRIVATE KEY-----`): requests are signed with SHA-256 with RSA, PKCS#1 v1.5
   * (see {@link createRsaSigner}). @default undefined
   */
  privateKey?: string | undefined
  /** `ACCESS-PASSPHRASE`. */
  passphrase: string
}

/** What a `request` hook sees: the request with `ACCESS-SIGN` and `ACCESS-PASSPHRASE` redacted. */
export type RequestView = {
  readonly endpoint: string
  readonly method: 'GET' | 'POST'
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
  /** 1 for the first attempt. */
  readonly attempt: number
}

/**
 * Observers of the transport; each is awaited. A hook never changes the outcome of a call: one
 * that throws (or rejects) is ignored, the call going on as if it had returned, and what it threw
 * reaches the `error` hook as a `HookError` (a throw of the `error` hook itself is dropped). What
 * they get of a response (its body, an error's message) has the credentials redacted, also where
 * the server echoed them back.
 */
export type Hooks = {
  /** Before each attempt is sent. */
  request?: ((view: RequestView) => void | Promise<void>) | undefined
  /** When a response arrives, before its envelope is read. */
  response?:
    | ((event: { request: RequestView; status: number; body: string }) => void | Promise<void>)
    | undefined
  /** Before a read is sent again. */
  retry?:
    | ((event: {
        endpoint: string
        attempt: number
        delayMs: number
        error: unknown
      }) => void | Promise<void>)
    | undefined
  /**
   * When a call fails for good (after retries), and when another hook threw: `error` is then a
   * `HookError` naming the hook, and the call goes on.
   */
  error?:
    | ((event: {
        endpoint: string
        method: 'GET' | 'POST'
        path: string
        error: unknown
      }) => void | Promise<void>)
    | undefined
}

/** The transport clients call. */
export type Transport = {
  /** The base URL requests go to. */
  readonly baseUrl: string
  /**
   * Which HTTP client sends this transport's requests: `'undici'` (Node, by default) or
   * `'fetch'`. Resolved on first use (undici is loaded then).
   */
  httpClient(): Promise<'undici' | 'fetch'>
  /** Local time corrected by the server offset. */
  readonly clock: SyncedClock
  /** Sends one call and returns the envelope's `data` (unvalidated; every JSON number in it read as a decimal string, see `losslessNumbers`). */
  request(parameters: Transport.RequestParameters): Promise<unknown>
  /** Reads the server time (`GET /api/v2/public/time`), in Unix milliseconds. */
  serverTime(parameters?: { signal?: AbortSignal | undefined }): Promise<number>
}

export declare namespace Transport {
  type RequestParameters = {
    /** The endpoint: `id`, `method`, `path` and `auth` are read. */
    endpoint: EndpointRef
    /** Query of a GET. @default undefined */
    query?: Query | undefined
    /**
     * Body of a POST, serialised once per attempt; the signed text is the sent text. A
     * `JsonNumber` of the rules is written as its exact text, unquoted. @default {}
     */
    body?: unknown
    /** Aborts this call. @default undefined */
    signal?: AbortSignal | undefined
    /** Per-attempt timeout in milliseconds, or `false`. @default the transport's `timeout` */
    timeout?: number | false | undefined
    /** Sends the transport's `channelApiCode` as `X-CHANNEL-API-CODE` on this call. @default false */
    channelApiCode?: boolean | undefined
    /** The symbol the call acts on when the request does not carry it; told to the rate limiter only. @default undefined */
    symbol?: string | undefined
    /**
     * Called as each attempt is sent: after the rate limiter's wait and the `request` hook, as
     * the request leaves (a time counted from the send starts here). What it throws is ignored.
     * @default undefined
     */
    onSend?: (() => void) | undefined
  }
}

/**
 * Creates the transport: signing, headers, envelope, typed errors, read retries and the clock.
 *
 * @example
 * import { createTransport } from '@tradeline/core'
 * const transport = createTransport({ credentials: { apiKey: 'key', secret: 'secret', passphrase: 'pass' } })
 * const data = await transport.request({ endpoint: { id: 'unified.getUnfilledOrders', method: 'GET', path: '/api/v3/trade/unfilled-orders', auth: true }, query: { category: 'SPOT' } })
 */
export function createTransport(
  options: createTransport.Parameters = {},
): createTransport.ReturnType {
  // Every numeric option (timeout, retry) is checked before the transport exists.
  Options.assert('createTransport', Options.transport, options)
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '')
  // The undici sender takes the origin and the path apart (no URL is parsed per call); a base
  // URL may carry a path prefix of its own (a proxy's `/bitget`).
  const { origin, pathname } = new URL(baseUrl)
  const prefix = pathname.replace(/\/+$/, '')
  const locale = options.locale ?? 'en-US'
  const hooks = options.hooks ?? {}
  const localClock = options.clock ?? systemClock
  const defaultTimeout = options.timeout ?? 10_000
  const http = options.http ?? (options.fetch ? 'fetch' : 'auto')
  const userAgent = userAgentOf(options.product)
  if (options.fetch && http === 'undici')
    throw new BaseError("Give `fetch` or `http: 'undici'`, not both: one client sends.")
  // Looked up per call, so a fetch installed after the transport was created is used.
  const viaFetch = fetchSender(options.fetch ?? ((input, init) => globalThis.fetch(input, init)))
  let sender: Sender | undefined = http === 'fetch' ? viaFetch : undefined
  let loading: Promise<Sender> | undefined
  function resolveSender(): Promise<Sender> {
    loading ??= loadUndici().then((loaded) => {
      if (loaded)
        sender = loaded.undiciSender(loaded.undici, options.dispatcher as Dispatcher | undefined)
      else if (http === 'undici')
        throw new BaseError(
          "`http: 'undici'` needs Node and the `undici` package (an optional dependency of @tradeline/core), which could not be loaded.",
        )
      else sender = viaFetch
      return sender
    })
    return loading
  }
  const policy: RetryPolicy = {
    limit: options.retry?.limit ?? 2,
    baseDelayMs: options.retry?.baseDelayMs ?? 250,
    maxDelayMs: options.retry?.maxDelayMs ?? 4_000,
    maxRetryAfterMs: options.retry?.maxRetryAfterMs ?? 30_000,
    random: options.retry?.random ?? Math.random,
    wait: options.retry?.wait ?? wait,
  }
  const { credentials } = options
  if (credentials?.secret !== undefined && credentials.privateKey !== undefined)
    throw new BaseError(
      'Give `credentials.secret` (HMAC) or `credentials.privateKey` (RSA), not both: an API key has one of them.',
    )
  const secrets = credentials
    ? new SecretCredentials(credentials.apiKey, credentials.passphrase, {
        secret: credentials.secret,
        privateKey: credentials.privateKey,
      })
    : undefined
  const signer: Signer | undefined =
    options.signer ??
    (credentials?.privateKey !== undefined
      ? createRsaSigner(credentials.privateKey)
      : credentials?.secret !== undefined
        ? createHmacSigner(credentials.secret)
        : undefined)
  if (secrets && !signer)
    throw new BaseError(
      '`credentials.secret`, `credentials.privateKey` or a `signer` is needed to sign requests.',
    )

  const clock = createSyncedClock({
    clock: localClock,
    sample: async (): Promise<TimeSample> => {
      const result = await call({ endpoint: timeEndpoint })
      return {
        sentAt: result.sentAt,
        receivedAt: result.receivedAt,
        serverTime: readServerTime(result.data),
      }
    },
  })

  type Outcome = { data: unknown; sentAt: number; receivedAt: number }

  /**
   * Runs one hook, isolated: what it throws (a bug of the observer) never reaches the call; it
   * goes to the `error` hook as a `HookError`, and a throw of the `error` hook is dropped.
   */
  async function observe<name extends HookName>(
    name: name,
    info: RequestInfo,
    event: Parameters<NonNullable<Hooks[name]>>[0],
  ): Promise<void> {
    const hook = hooks[name] as ((event: unknown) => unknown) | undefined
    if (hook === undefined) return
    try {
      await hook(event)
    } catch (cause) {
      if (name === 'error') return
      await observe('error', info, {
        ...info,
        error: new HookError({ ...info, hook: name, cause }),
      })
    }
  }

  async function call(parameters: Transport.RequestParameters): Promise<Outcome> {
    const { endpoint } = parameters
    const info = { endpoint: endpoint.id, method: endpoint.method, path: endpoint.path }
    try {
      if (endpoint.method === 'GET' && parameters.body !== undefined)
        throw new BaseError(`${endpoint.id} is a GET: pass \`query\`, not \`body\`.`)
      // A caller without types may pass anything as `signal` (null counts as none, as for
      // fetch): refused by name, not a TypeError from inside the attempt.
      const own = parameters.signal
      if (own != null && !(own instanceof AbortSignal))
        throw new ValidationError({
          endpoint: endpoint.id,
          issues: [
            Issue.create({
              type: 'type',
              path: ['signal'],
              expected: 'an AbortSignal',
              received: Issue.describe(own),
            }),
          ] as unknown as Issues,
        })
      if (parameters.timeout != null)
        Options.assert(endpoint.id, Options.request, { timeout: parameters.timeout })
      if (endpoint.auth && !secrets) throw new MissingCredentialsError({ endpoint: endpoint.id })
      const signal = anySignal(options.signal, parameters.signal ?? undefined)
      if (endpoint.auth && options.syncClock && !clock.synced) await clock.sync()
      let retries = 0
      let resynced = false
      for (let attempt = 1; ; attempt++) {
        try {
          return await send(parameters, attempt, signal)
        } catch (error) {
          if (RateLimitedError.isInstance(error) && error.retryAfterMs !== undefined)
            options.rateLimiter?.pause?.(error.retryAfterMs, { endpoint: endpoint.id })
          // 40008: the timestamp was outside the server's window, so nothing was applied; this
          // holds for POST too. Resynchronise once and send once more with a fresh signature.
          if (
            ApiError.isInstance(error) &&
            error.code === timestampExpiredCode &&
            endpoint.auth &&
            !resynced
          ) {
            resynced = true
            await clock.sync().catch(() => {
              throw error
            })
            continue
          }
          if (endpoint.method !== 'GET' || retries >= policy.limit || !isTransient(error))
            throw error
          const after = RateLimitedError.isInstance(error) ? error.retryAfterMs : undefined
          if (after !== undefined && after > policy.maxRetryAfterMs) throw error
          retries++
          const delayMs = after ?? backoff(retries, policy)
          await observe('retry', info, {
            endpoint: endpoint.id,
            attempt: attempt + 1,
            delayMs,
            error,
          })
          await policy.wait(delayMs, signal)
        }
      }
    } catch (error) {
      await observe('error', info, { ...info, error })
      throw error
    }
  }

  async function send(
    parameters: Transport.RequestParameters,
    attempt: number,
    signal: AbortSignal | undefined,
  ): Promise<Outcome> {
    const { endpoint, query } = parameters
    const { method, path } = endpoint
    const info = { endpoint: endpoint.id, method, path }
    const body = method === 'GET' ? undefined : stringifyBody(parameters.body ?? {})
    const search = method === 'GET' ? encodeQuery(query) : ''
    const target = `${path}${search ? `?${search}` : ''}`
    const url = `${baseUrl}${target}`
    const timeout = parameters.timeout ?? defaultTimeout
    // Before the rate-limit slot: loading the HTTP client (once) uses no budget.
    const via = sender ?? (await resolveSender())
    signal?.throwIfAborted()
    const release = await options.rateLimiter?.acquire({
      endpoint: endpoint.id,
      request: {
        method,
        path,
        query: method === 'GET' ? query : undefined,
        body: parameters.body,
        ...(parameters.symbol !== undefined && { symbol: parameters.symbol }),
      },
      signal,
    })
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', locale }
      if (userAgent !== undefined) headers['User-Agent'] = userAgent
      let signature: string | undefined
      if (endpoint.auth && secrets && signer) {
        const timestamp = String(Math.round(clock.now()))
        signature = await signer.sign(
          prehash({ timestamp, method, path, query: method === 'GET' ? query : undefined, body }),
        )
        headers['ACCESS-KEY'] = secrets.apiKey()
        headers['ACCESS-SIGN'] = signature
        headers['ACCESS-TIMESTAMP'] = timestamp
        headers['ACCESS-PASSPHRASE'] = secrets.passphrase()
        if (options.demoTrading) headers.paptrading = '1'
      }
      if (parameters.channelApiCode && options.channelApiCode)
        headers['X-CHANNEL-API-CODE'] = options.channelApiCode
      // Only hooks see the view: a call with none does not build it.
      const view: RequestView | undefined =
        hooks.request || hooks.response
          ? Object.freeze({
              endpoint: endpoint.id,
              method,
              url,
              headers: redactHeaders(headers),
              body,
              attempt,
            })
          : undefined
      if (view) await observe('request', info, view)
      const sentAt = localClock.now()
      let status: number
      let responseHeaders: ResponseHeaders
      let text: string
      signal?.throwIfAborted()
      try {
        parameters.onSend?.()
      } catch {
        // The caller's timing callback cannot change the call.
      }
      try {
        const answer = await via.send({
          url,
          origin,
          path: `${prefix}${target}`,
          method,
          headers,
          body,
          timeout,
          signal,
        })
        status = answer.status
        responseHeaders = answer.headers
        text = answer.text
      } catch (cause) {
        throw fromFailure(info, cause, { signal, timeout })
      }
      const receivedAt = localClock.now()
      // An upstream may echo the request headers (a proxy's error page) or quote them in `msg`:
      // whatever of the response goes into a hook or an error passes through this first. Built
      // on first use, so a plain success pays nothing.
      const redact: Redact = (value) => (secrets ? secrets.redactor(signature)(value) : value)
      if (hooks.response && view)
        await observe('response', info, { request: view, status, body: redact(text) })
      const data = fromResponse(
        info,
        { status, headers: responseHeaders, text },
        localClock.now(),
        redact,
      )
      return { data, sentAt, receivedAt }
    } finally {
      release?.()
    }
  }

  return {
    baseUrl,
    httpClient: async () => (sender ?? (await resolveSender())).kind,
    clock,
    request: async (parameters) => (await call(parameters)).data,
    serverTime: async (parameters = {}) =>
      readServerTime((await call({ endpoint: timeEndpoint, signal: parameters.signal })).data),
  }
}

export declare namespace createTransport {
  type Parameters = {
    /** Where requests go. @default 'https://api.bitget.com' */
    baseUrl?: string | undefined
    /**
     * The API key, passphrase and `secret` (HMAC) or `privateKey` (RSA PEM); needed for private
     * endpoints. Never printed. A bad `privateKey` throws an `InvalidPrivateKeyError` here.
     * @default undefined
     */
    credentials?: Credentials | undefined
    /**
     * Signs the prehash instead of the signer the credentials imply.
     * @default `createRsaSigner(credentials.privateKey)` when a private key is given, else `createHmacSigner(credentials.secret)`
     */
    signer?: Signer | undefined
    /** The `locale` header (`en-US`, `zh-CN`, ...). @default 'en-US' */
    locale?: string | undefined
    /** Sends `paptrading: 1` on private calls (never on public ones, which may answer 404). @default false */
    demoTrading?: boolean | undefined
    /** Broker code sent as `X-CHANNEL-API-CODE` on the calls that ask for it. @default undefined */
    channelApiCode?: string | undefined
    /**
     * The client package named first in the `User-Agent`, sent in Node only (browsers forbid the
     * header): `tradeline-<name>/<version> (+core <core version>; node <node version>)`. The
     * clients of tradeline set their own. @default undefined (`tradeline-core/<version> (node <version>)`)
     */
    product?: Product | undefined
    /**
     * The fetch to send with, or any function with its call signature (a ky instance: its hooks
     * then see every attempt). Giving one sends every request through it. @default globalThis.fetch
     */
    fetch?: typeof globalThis.fetch | undefined
    /**
     * Which HTTP client sends. `'auto'`: in Node, undici's `request` over a keep-alive pool (the
     * optional dependency `undici`, loaded on first use), else `fetch`; `'fetch'`: always fetch;
     * `'undici'`: undici or an error on the first call where it cannot be loaded.
     * @default 'fetch' when `fetch` is given, else 'auto'
     */
    http?: 'auto' | 'fetch' | 'undici' | undefined
    /**
     * The undici dispatcher (an `Agent`, `Pool` or `ProxyAgent` of undici 7) requests go through
     * when undici sends; `getGlobalDispatcher()` of undici sends through whatever
     * `setGlobalDispatcher` installed (a proxy, say).
     * @default a keep-alive `Pool` of the base URL's origin, shared by the transports of the process (not undici's global dispatcher, which in Node is often the slower undici bundled with Node)
     */
    dispatcher?: object | undefined
    /** Per-attempt timeout in milliseconds, or `false`. @default 10000 */
    timeout?: number | false | undefined
    /** Aborts every call of this transport. @default undefined */
    signal?: AbortSignal | undefined
    /**
     * Observers; they see headers with the signature and passphrase redacted, and response text
     * with the secret, passphrase, signature and API key (all but its first four characters)
     * redacted. @default {}
     */
    hooks?: Hooks | undefined
    /** Asked for a slot before every attempt. @default undefined (no limit) */
    rateLimiter?: RateLimiter | undefined
    /** Local time source; inject one in tests. @default Date.now */
    clock?: Clock | undefined
    /** Synchronises the clock offset before the first private call. @default false */
    syncClock?: boolean | undefined
    /** How reads are retried (state-changing calls never are, except once after 40008). */
    retry?:
      | {
          /** Retries of a read after the first attempt. @default 2 */
          limit?: number | undefined
          /** First backoff step in milliseconds, doubled each retry. @default 250 */
          baseDelayMs?: number | undefined
          /** Largest backoff step in milliseconds. @default 4000 */
          maxDelayMs?: number | undefined
          /** A longer `Retry-After` fails the call instead of waiting. @default 30000 */
          maxRetryAfterMs?: number | undefined
          /** Random source of the jitter, in [0, 1). @default Math.random */
          random?: (() => number) | undefined
          /** How to wait between attempts. @default a setTimeout that the call's signal cancels */
          wait?: ((ms: number, signal: AbortSignal | undefined) => Promise<void>) | undefined
        }
      | undefined
  }
  type ReturnType = Transport
  type ErrorType = BaseError
}

function readServerTime(data: unknown): number {
  const value = Number((data as { serverTime?: unknown } | null)?.serverTime)
  if (!Number.isFinite(value))
    throw new ResponseError({
      ...{ endpoint: timeEndpoint.id, method: timeEndpoint.method, path: timeEndpoint.path },
      status: 200,
      problem: 'no numeric data.serverTime',
    })
  return value
}
