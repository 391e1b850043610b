import {
  bindActions,
  createClientBase,
  extendClient,
  type BoundAction as Fn,
} from '@tradeline/core'
import { assertFactoryOptions, withAliases } from '@tradeline/core/internal'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { Options, RateLimits } from '@tradeline/rules/shared'
import { getAccount } from './actions/getAccount.js'
import { getAssets } from './actions/getAssets.js'
import { getProducts } from './actions/getProducts.js'
import { getRecords } from './actions/getRecords.js'
import { getRedeemResult } from './actions/getRedeemResult.js'
import { getSubscribeInfo } from './actions/getSubscribeInfo.js'
import { getSubscribeResult } from './actions/getSubscribeResult.js'
import { redeem } from './actions/redeem.js'
import { subscribe } from './actions/subscribe.js'
import type { ClientBase, ClientConfig } from './internal/client.js'
import { createSubscribeInfos } from './internal/subscribeInfos.js'
import { version } from './version.js'

/** The savings client: its actions over one transport. */
export type SavingsClient = ClientBase & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** {@link getProducts} */ readonly getProducts: Fn<typeof getProducts>
  /** {@link getSubscribeInfo} */ readonly getSubscribeInfo: Fn<typeof getSubscribeInfo>
  /** {@link getSubscribeResult} */ readonly getSubscribeResult: Fn<typeof getSubscribeResult>
  // savings account, holdings, records and the subscribe/redeem writes
  /** {@link subscribe} */ readonly subscribe: Fn<typeof subscribe>
  /** {@link redeem} */ readonly redeem: Fn<typeof redeem>
  /** {@link getRedeemResult} */ readonly getRedeemResult: Fn<typeof getRedeemResult>
  /** {@link getAssets} */ readonly getAssets: Fn<typeof getAssets>
  /** {@link getRecords} */ readonly getRecords: Fn<typeof getRecords>
  /** {@link getAccount} */ readonly getAccount: Fn<typeof getAccount>
  // Deprecated names of the reads above.
  /** @deprecated Use `getProducts` (the same function); `products` goes in the next minor version. */
  readonly products: Fn<typeof getProducts>
  /** @deprecated Use `getSubscribeInfo` (the same function); `subscribeInfo` goes in the next minor version. */
  readonly subscribeInfo: Fn<typeof getSubscribeInfo>
  /** @deprecated Use `getSubscribeResult` (the same function); `subscribeResult` goes in the next minor version. */
  readonly subscribeResult: Fn<typeof getSubscribeResult>
  /** @deprecated Use `getRedeemResult` (the same function); `redeemResult` goes in the next minor version. */
  readonly redeemResult: Fn<typeof getRedeemResult>
  /** @deprecated Use `getAssets` (the same function); `assets` goes in the next minor version. */
  readonly assets: Fn<typeof getAssets>
  /** @deprecated Use `getRecords` (the same function); `records` goes in the next minor version. */
  readonly records: Fn<typeof getRecords>
  /** @deprecated Use `getAccount` (the same function); `account` goes in the next minor version. */
  readonly account: Fn<typeof getAccount>
}

/**
 * Creates a client of the savings (earn) endpoints: the product list, subscription conditions,
 * subscribing and redeeming with their results, the holdings, the records and the account.
 *
 * @param options The client's options, each listed below with its default.
 * @example
 * import { createSavingsClient } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials: { apiKey, secret, passphrase } })
 * const subscribeInfo = await client.getSubscribeInfo({ productId: '1001', periodType: 'flexible' })
 * subscribeInfo.redeemDelay // { days: 1, raw: 'D+1' }
 */
export function createSavingsClient(
  options: createSavingsClient.Parameters = {},
): createSavingsClient.ReturnType {
  // Every numeric option (timeout, retry, reconcile) before anything is created.
  assertFactoryOptions('createSavingsClient', Options.tradingClient, options)
  const { cacheTtlMs, subscribeInfo: checkSubscriptions, ...rest } = options
  const base = createClientBase(rest, {
    name: 'savings',
    version,
    rateLimits: RateLimits.savingsTable,
    createRateLimiter: createRateLimiterFor,
  })
  const subscribeInfos =
    checkSubscriptions === false
      ? undefined
      : createSubscribeInfos(base.transport, { ttlMs: cacheTtlMs, clock: options.clock })
  const client = extendClient({ ...base, subscribeInfos }, (c) =>
    bindActions(c, {
      getProducts,
      getSubscribeInfo,
      getSubscribeResult,
      // savings account, holdings, records and the subscribe/redeem writes
      subscribe,
      redeem,
      getRedeemResult,
      getAssets,
      getRecords,
      getAccount,
    }),
  )
  // Deprecated names (one minor version), the same functions, not enumerable.
  return withAliases(client, {
    products: 'getProducts',
    subscribeInfo: 'getSubscribeInfo',
    subscribeResult: 'getSubscribeResult',
    redeemResult: 'getRedeemResult',
    assets: 'getAssets',
    records: 'getRecords',
    account: 'getAccount',
  })
}

export declare namespace createSavingsClient {
  /**
   * The client's options, each documented here: where it connects and with which key, its
   * transport, limiter and retries.
   * @interface
   * @expand
   */
  type Parameters = createClientBase.Parameters & {
    /**
     * Reconciles an unknown outcome of a subscription by lookup (records and assets: the
     * exchange documents no client id), or `false` to throw the `UnknownOutcomeError`.
     * @default { attempts: 6, baseDelayMs: 250 }
     */
    reconcile?: import('@tradeline/core').ReconcileOptions | false | undefined
    /** How long a product's subscribe-info (a subscription's amount is checked against) is kept, in milliseconds. @default 60000 */
    cacheTtlMs?: number | undefined
    /** `false`: a subscription's amount is not checked against the product's subscribe-info before it is sent. @default checked */
    subscribeInfo?: false | undefined
  }
  type ReturnType = SavingsClient
  type ErrorType = import('@tradeline/core').BaseError
}
