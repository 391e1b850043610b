/**
 * The public types of the securities client: its configuration, what every action needs of a
 * client (to write an action of your own), the lot-size cache, call options.
 */
import type { ClientBase as CoreClientBase, LoadCache, OrderClientConfig } from '@tradeline/core'

export type { CallOptions, ChangeOptions } from '@tradeline/core'

/** What the client knows beyond its transport. */
export type ClientConfig = OrderClientConfig & {
  /** The clock the execution iterator reads "now" from (Unix milliseconds). @default Date */
  readonly clock?: { now(): number } | undefined
}

/** The lot size of each symbol as market/static answers it (`null`: none given), cached per symbol. */
export type LotSizes = LoadCache<number | null>

/** What every action needs of a client. */
export type ClientBase = CoreClientBase<ClientConfig> & {
  /** The lot sizes loaded from market/static, checked before an order is sent. @default none (not checked) */
  readonly lotSizes?: LotSizes | undefined
}
