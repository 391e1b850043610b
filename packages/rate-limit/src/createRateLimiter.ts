/**
 * The limiter of `@tradeline/core`'s `rateLimiter` option: every call takes the rules of its
 * endpoint from the rules' table (`RateLimits.resolve`, with the shared rToken budget when the
 * request's `symbol` is an rToken pair), cancels wait ahead of other calls, and a 429 with
 * `Retry-After` pauses the endpoint's whole scope.
 */
import { RateLimits } from '@tradeline/rules/shared'
import { createLimiter, type Release } from './createLimiter.js'
import { checkLimiterOptions } from './limiterChecks.js'

/** What core tells the limiter about a request (structurally core's `RateLimitRequest`). */
export type RateLimitRequest = {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly query: Readonly<Record<string, unknown>> | undefined
  readonly body: unknown
  /** The symbol the call acts on when the request does not carry it (a cancel by id). */
  readonly symbol?: string | undefined
}

/**
 * Cancels first: endpoints whose id contains `cancel` get priority 1, others 0.
 *
 * @example
 * import { defaultPriority } from '@tradeline/rate-limit'
 * defaultPriority('unified.cancelOrder') // 1
 * defaultPriority('unified.placeOrder') // 0
 */
export function defaultPriority(endpoint: string): number {
  return endpoint.toLowerCase().includes('cancel') ? 1 : 0
}

/**
 * Creates the rate limiter to pass to `createTransport({ rateLimiter })` (or a client), over the
 * whole table of the rules (`RateLimits.table`).
 *
 * @example
 * import { createRateLimiter } from '@tradeline/rate-limit'
 * const rateLimiter = createRateLimiter({ uid: '1234567890', maxWaitMs: 5000 })
 * const release = await rateLimiter.acquire({
 *   endpoint: 'unified.placeOrder',
 *   request: { method: 'POST', path: '/api/v3/trade/place-order', query: undefined, body: { symbol: 'BTCUSDT' } },
 * })
 * release()
 */
export function createRateLimiter(
  options: createRateLimiter.Parameters = {},
): createRateLimiter.ReturnType {
  return createRateLimiterFor(RateLimits.table, options)
}

/**
 * {@link createRateLimiter} over a part of the table: a client's default limiter takes only its
 * own line's rows (`RateLimits.unifiedTable` with `RateLimits.publicTable`, ...), so a browser
 * bundle carries only those. A call to an endpoint the part does not hold is refused with
 * `UnknownEndpointError`, as one missing from the whole table is.
 *
 * @example
 * import { RateLimits } from '@tradeline/rules/shared'
 * import { createRateLimiterFor } from '@tradeline/rate-limit'
 * const rateLimiter = createRateLimiterFor({ ...RateLimits.publicTable, ...RateLimits.unifiedTable })
 */
export function createRateLimiterFor(
  table: Readonly<Partial<Record<string, readonly RateLimits.Rule[]>>>,
  options: createRateLimiter.Parameters = {},
): createRateLimiter.ReturnType {
  checkLimiterOptions('createRateLimiter', options)
  const limiter = createLimiter(options)
  const priorityOf = options.priority ?? defaultPriority
  const entitlements: RateLimits.resolve.Options = {
    rTokenWhitelisted: options.rTokenWhitelisted,
    copyTrader: options.copyTrader,
  }
  const rulesOf = (endpoint: string, request: RateLimitRequest | undefined) => {
    const symbol = symbolOf(request)
    return RateLimits.resolveIn(
      table,
      endpoint,
      symbol === undefined ? undefined : { symbol },
      entitlements,
    )
  }
  return {
    limiter,
    acquire({ endpoint, request, signal }) {
      let rules: readonly RateLimits.Rule[]
      try {
        rules = rulesOf(endpoint, request)
      } catch (error) {
        return Promise.reject(error)
      }
      return limiter.acquire(rules, { signal, priority: priorityOf(endpoint) })
    },
    pause(ms, scope) {
      if (!scope || !Object.hasOwn(table, scope.endpoint)) return limiter.pause(ms)
      const scopes = new Set(
        limiter.budgets(rulesOf(scope.endpoint, undefined)).map((b) => b.scope),
      )
      limiter.pause(ms, [...scopes])
    },
    close: () => limiter.close(),
  }
}

export declare namespace createRateLimiter {
  type Parameters = createLimiter.Parameters & {
    /** The account is whitelisted for 30 rToken orders per second instead of 5. @default false */
    rTokenWhitelisted?: boolean | undefined
    /** The key belongs to a copy-trading trader (reversal and batch-place at 1 per second). @default false */
    copyTrader?: boolean | undefined
    /** The priority of an endpoint's calls among waiting calls; higher goes first. @default defaultPriority (cancels first) */
    priority?: ((endpoint: string) => number) | undefined
  }
  type ReturnType = {
    /** The limiter underneath (its store, `waiting`, `acquire` over explicit rules). */
    readonly limiter: createLimiter.ReturnType
    /** Waits for every rule of the endpoint; resolves to the function that releases the slot. */
    acquire(parameters: {
      endpoint: string
      request?: RateLimitRequest | undefined
      signal?: AbortSignal | undefined
    }): Promise<Release>
    /** Holds the endpoint's scope (or every scope) for `ms` after a 429 with `Retry-After`. */
    pause(ms: number, scope?: { endpoint: string } | undefined): void
    /** Rejects waiting calls and stops timers. */
    close(): void
  }
  type ErrorType = createLimiter.ErrorType | RateLimits.UnknownEndpointError
}

/** The `symbol` of a request: the one the caller names, else the body's (an object), else the query's. */
function symbolOf(request: RateLimitRequest | undefined): string | undefined {
  if (request?.symbol !== undefined) return request.symbol
  const body = request?.body
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const symbol = (body as { symbol?: unknown }).symbol
    if (typeof symbol === 'string') return symbol
  }
  const symbol = request?.query?.symbol
  return typeof symbol === 'string' ? symbol : undefined
}
