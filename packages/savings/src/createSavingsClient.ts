import {
  bindActions,
  createClientBase,
  extendClient,
  type BoundAction as Fn,
} from '@tradeline/core'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { Options, RateLimits } from '@tradeline/rules'
import { getProducts } from './actions/getProducts.js'
import { getSubscribeInfo } from './actions/getSubscribeInfo.js'
import { getSubscribeResult } from './actions/getSubscribeResult.js'
import type { ClientBase, ClientConfig } from './internal/client.js'
import { version } from './version.js'

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
  const base = createClientBase(options, {
    name: 'savings',
    version,
    rateLimits: RateLimits.savingsTable,
    createRateLimiter: createRateLimiterFor,
  })
  return extendClient(base, (c) =>
    bindActions(c, {
      products: getProducts,
      subscribeInfo: getSubscribeInfo,
      subscribeResult: getSubscribeResult,
    }),
  )
}

export declare namespace createSavingsClient {
  type Parameters = createClientBase.Parameters
  type ReturnType = SavingsClient
  type ErrorType = import('@tradeline/core').BaseError
}
