/**
 * The transport every client package calls: it signs, sends (with fetch), reads the envelope, turns
 * failures into typed errors, retries reads, and keeps the clock in step with the server.
 */
import {
  BaseError,
  Issue,
  type Issues,
  Options,
  Public,
  ValidationError,
} from '@tradeline/rules/shared'
import { type Clock, createSyncedClock, systemClock, type TimeSample } from './Clock.js'
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
import { assertFactoryOptions } from './internal/transportOptions.js'
import type { Dispatcher } from './internal/undici.js'
import { userAgent as userAgentOf } from './internal/userAgent.js'
import type { Product } from './Product.js'
import type { RateLimiter } from './RateLimiter.js'
import {
  createHmacSigner,
  createRsaSigner,
  encodeQuery,
  prehash,
  type Signer,
  signSync,
} from './sign.js'
import type { Credentials, Hooks, RequestView, Transport } from './transportTypes.js'

export type {
  Credentials,
  EndpointRef,
  Hooks,
  RequestView,
  Transport,
} from './transportTypes.js'

/** The exchange's public base URL. */
export const defaultBaseUrl = 'https://api.bitget.com'

/** The endpoint that gives the server time (`data.serverTime`). */
const timeEndpoint = Public.getTime

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
  // Every option is checked before the transport exists: the numbers (timeout, retry) by the
  // rules, the shapes (URL, credentials, the functions it calls later) by their own checks.
  assertFactoryOptions('createTransport', Options.transport, options)
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '')
  // The undici sender takes the origin and the path apart (no URL is parsed per call); a base
  // URL may carry a path prefix of its own (a proxy's `/bitget`).
  const { origin, pathname } = new URL(baseUrl)
  const prefix = pathname.replace(/\/+$/, '')
  const locale = options.locale ?? 'en-US'
  const limiter = options.rateLimiter || undefined
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
  const syncSign = signer && signSync(signer)
  if (secrets && !signer)
    throw new BaseError(
      '`credentials.secret`, `credentials.privateKey` or a `signer` is needed to sign requests.',
    )

  const clock = createSyncedClock({
    clock: localClock,
    sample: async (): Promise<TimeSample> => {
      const times: Times = { sentAt: 0, receivedAt: 0 }
      const data = await call({ endpoint: timeEndpoint }, times)
      return { ...times, serverTime: readServerTime(data) }
    },
  })

  /** When the answering attempt was sent and answered (local clock), for the time sample. */
  type Times = { sentAt: number; receivedAt: number }

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

  /** One call: its attempts, their retries; the envelope's data. */
  async function call(parameters: Transport.RequestParameters, times?: Times): Promise<unknown> {
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
          return await send(parameters, attempt, signal, times)
        } catch (error) {
          // The limiter holds the endpoint's scope for what the exchange asks, at most as long
          // as a call would wait to retry: a `Retry-After` of an hour (an edge's, or a ban) would
          // otherwise hold every call of the account, cancels included, without an error. A call
          // after that meets the 429 again and fails with it.
          if (RateLimitedError.isInstance(error) && error.retryAfterMs !== undefined)
            limiter?.pause?.(Math.min(error.retryAfterMs, policy.maxRetryAfterMs), {
              endpoint: endpoint.id,
            })
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
    times: Times | undefined,
  ): Promise<unknown> {
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
    // Without a limiter nothing is awaited: an `await` of `undefined` still costs a turn.
    const slot = limiter?.acquire({
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
    const release = slot === undefined ? undefined : await slot
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', locale }
      if (userAgent !== undefined) headers['User-Agent'] = userAgent
      let signature: string | undefined
      if (endpoint.auth && secrets && signer) {
        const timestamp = String(Math.round(clock.now()))
        const message = prehash({
          timestamp,
          method,
          path,
          query: method === 'GET' ? query : undefined,
          body,
        })
        // The HMAC of node:crypto is synchronous: signed without a turn of the event loop.
        const now = syncSign?.(message)
        signature = now !== undefined ? now : await signer.sign(message)
        headers['ACCESS-KEY'] = secrets.apiKey()
        headers['ACCESS-SIGN'] = signature
        secrets.noteSignature(signature)
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
      // The send and receive times are read for a clock sample only (`times`): a clock read is
      // not free, and an order makes several.
      const sentAt = times ? localClock.now() : 0
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
        throw fromFailure(info, cause, {
          signal,
          timeout,
          redact: (text) => (secrets ? secrets.redactor(signature)(text) : text),
        })
      }
      const receivedAt = localClock.now()
      // An upstream may echo the request headers (a proxy's error page) or quote them in `msg`:
      // whatever of the response goes into a hook or an error passes through this first. Built
      // on first use, so a plain success pays nothing.
      const redact: Redact = (value) => (secrets ? secrets.redactor(signature)(value) : value)
      let readAt = receivedAt
      if (hooks.response && view) {
        await observe('response', info, { request: view, status, body: redact(text) })
        // The hook took its time: a Retry-After counts from when the answer is read.
        readAt = localClock.now()
      }
      const data = fromResponse(info, { status, headers: responseHeaders, text }, readAt, redact)
      if (times) Object.assign(times, { sentAt, receivedAt })
      return data
    } finally {
      release?.()
    }
  }

  return {
    baseUrl,
    httpClient: async () => (sender ?? (await resolveSender())).kind,
    clock,
    // No async wrapper of its own: `call`'s promise is the call's.
    request: (parameters) => call(parameters),
    redact: (text) => (secrets ? secrets.redactor()(text) : text),
    serverTime: async (parameters = {}) =>
      readServerTime(await call({ endpoint: timeEndpoint, signal: parameters.signal })),
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
    /** Asked for a slot before every attempt; `false` or none: no limit. @default undefined (no limit) */
    rateLimiter?: RateLimiter | false | undefined
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
          /**
           * A longer `Retry-After` fails the call instead of waiting, and pauses the rate limiter
           * for this long at most. @default 30000
           */
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
