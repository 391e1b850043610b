import { createTransport, type RateLimiter, type Transport } from '@tradeline/core'
import { createRateLimiter } from '@tradeline/rate-limit'
import { Options } from '@tradeline/rules'
import { getProducts } from './actions/getProducts.js'
import { getSubscribeInfo } from './actions/getSubscribeInfo.js'
import { getSubscribeResult } from './actions/getSubscribeResult.js'
import type { ClientBase, ClientConfig } from './internal/client.js'
import { version } from './version.js'

type Fn<f extends (client: ClientBase, ...rest: any[]) => unknown> = f extends (
  client: ClientBase,
  ...rest: infer rest
) => infer result
  ? (...rest: rest) => result
  : never

/** The savings client: its actions over one transport. */
export type SavingsClient = ClientBase & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** {@link getProducts} */ readonly products: Fn<typeof getProducts>
  /** {@link getSubscribeInfo} */ readonly subscribeInfo: Fn<typeof getSubscribeInfo>
  /** {@link getSubscribeResult} */ readonly subscribeResult: Fn<typeof getSubscribeResult>
}

/**
 * Creates a client of the savings (earn) endpoints (spec Part B "Savings"): subscription
 * conditions and subscription results, and the product list.
 *
 * @example
 * import { createSavingsClient } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials: { apiKey, secret, passphrase } })
 * (await client.subscribeInfo({ productId: '1001', periodType: 'flexible' })).redeemDelay // { days: 1, raw: 'D+1' }
 */
export function createSavingsClient(
  options: createSavingsClient.Parameters = {},
): createSavingsClient.ReturnType {
  // Every numeric option (timeout, retry) before anything is created.
  Options.assert('createSavingsClient', Options.transport, options)
  const { transport: given, rateLimiter, ...transportOptions } = options
  const transport =
    given ??
    createTransport({
      product: { name: 'savings', version },
      ...transportOptions,
      ...(rateLimiter !== false && { rateLimiter: rateLimiter ?? createRateLimiter() }),
    })
  const config: ClientConfig = Object.freeze({
    ...(options.signal !== undefined && { signal: options.signal }),
  })
  const c: ClientBase = { transport, config }
  return {
    transport,
    config,
    products: (p, o) => getProducts(c, p, o ?? {}),
    subscribeInfo: (p, o) => getSubscribeInfo(c, p, o ?? {}),
    subscribeResult: (p, o) => getSubscribeResult(c, p, o ?? {}),
  }
}

export declare namespace createSavingsClient {
  type Parameters = Omit<createTransport.Parameters, 'rateLimiter'> & {
    /** A transport to share with other clients; the transport options are then ignored. @default a new transport */
    transport?: Transport | undefined
    /**
     * Asked before every call for its endpoint's budgets (savings: 10 per second per UID). Pass
     * one limiter to every client of an account, or `false` for none.
     * @default a new in-memory `createRateLimiter()` of `@tradeline/rate-limit`
     */
    rateLimiter?: RateLimiter | false | undefined
  }
  type ReturnType = SavingsClient
  type ErrorType = import('@tradeline/core').BaseError
}
