/**
 * The interface the transport uses to ask a rate limiter before each attempt. The limiter itself
 * (windows, spacing, shared stores) lives in `@tradeline/rate-limit`.
 */
import type { Query } from './sign.js'

/** Ends a slot taken with {@link RateLimiter.acquire}; call it once the call has settled. */
export type Release = () => void

/** What the limiter is told about a request. */
export type RateLimitRequest = {
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Request path without the query. */
  readonly path: string
  /** Query of a GET. */
  readonly query: Query | undefined
  /** Body of a POST, before serialisation. */
  readonly body: unknown
  /**
   * The symbol the call acts on when the request does not carry it (a cancel by id of an order
   * whose symbol the client knows), for budgets that depend on the symbol.
   */
  readonly symbol?: string | undefined
}

/**
 * A rate limiter the transport asks before every attempt (retries included).
 *
 * @example
 * import type { RateLimiter } from '@tradeline/core'
 * const unlimited: RateLimiter = { acquire: async () => () => {} }
 */
export type RateLimiter = {
  /**
   * Waits for (or refuses) a slot for the endpoint; resolves to the function that releases it.
   * Rejecting (e.g. fail fast) fails the call before anything is sent.
   */
  acquire(parameters: {
    /** Endpoint id, e.g. `unified.placeOrder`; the key of the rules' rate-limit table. */
    endpoint: string
    /** The request about to be sent. */
    request: RateLimitRequest
    /** The call's abort signal. */
    signal?: AbortSignal | undefined
  }): Promise<Release>
  /**
   * Called when the exchange answered 429 with a `Retry-After`: hold new slots for `ms`
   * milliseconds (for the endpoint in `scope`, or everything when the limiter cannot tell).
   */
  pause?(ms: number, scope?: { endpoint: string } | undefined): void
}
