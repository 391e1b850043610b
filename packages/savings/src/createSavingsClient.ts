import {
  bindActions,
  createClientBase,
  extendClient,
  type BoundAction as Fn,
} from '@tradeline/core'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { Options, RateLimits } from '@tradeline/rules'
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
import { version } from './version.js'

/** The savings client: its actions over one transport. */
export type SavingsClient = ClientBase & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** {@link getProducts} */ readonly products: Fn<typeof getProducts>
  /** {@link getSubscribeInfo} */ readonly subscribeInfo: Fn<typeof getSubscribeInfo>
  /** {@link getSubscribeResult} */ readonly subscribeResult: Fn<typeof getSubscribeResult>
  // savings account, holdings, records and the subscribe/redeem writes
  /** {@link subscribe} */ readonly subscribe: Fn<typeof subscribe>
  /** {@link redeem} */ readonly redeem: Fn<typeof redeem>
  /** {@link getRedeemResult} */ readonly redeemResult: Fn<typeof getRedeemResult>
  /** {@link getAssets} */ readonly assets: Fn<typeof getAssets>
  /** {@link getRecords} */ readonly records: Fn<typeof getRecords>
  /** {@link getAccount} */ readonly account: Fn<typeof getAccount>
}

/**
 * Creates a client of the savings (earn) endpoints: the product list, subscription conditions,
 * subscribing and redeeming with their results, the holdings, the records and the account.
 *
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
  Options.assert('createSavingsClient', Options.tradingClient, options)
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
      // savings account, holdings, records and the subscribe/redeem writes
      subscribe,
      redeem,
      redeemResult: getRedeemResult,
      assets: getAssets,
      records: getRecords,
      account: getAccount,
    }),
  )
}

export declare namespace createSavingsClient {
  type Parameters = createClientBase.Parameters & {
    /**
     * Reconciles an unknown outcome of a subscription by lookup (records and assets: the
     * exchange documents no client id), or `false` to throw the `UnknownOutcomeError`.
     * @default { attempts: 6, baseDelayMs: 250 }
     */
    reconcile?: import('@tradeline/core').ReconcileOptions | false | undefined
  }
  type ReturnType = SavingsClient
  type ErrorType = import('@tradeline/core').BaseError
}
