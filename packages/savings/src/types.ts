/** The public types of the savings client: its configuration, what every action needs of a client, call options. */
import type { ClientConfig, ClientBase as CoreClientBase, LoadCache } from '@tradeline/core'
import type { SubscribeInfo } from './schemas/records.js'

export type { CallOptions, ClientConfig } from '@tradeline/core'

/**
 * The subscribe-info of each product (`productId:periodType`), read before a subscription is
 * sent to check its amount, cached for a short time.
 */
export type SubscribeInfos = LoadCache<SubscribeInfo>

/** What every action needs of a client. */
export type ClientBase = CoreClientBase<ClientConfig> & {
  /** The products' subscribe-info, a subscription's amount is checked against. @default none (not checked) */
  readonly subscribeInfos?: SubscribeInfos | undefined
}
