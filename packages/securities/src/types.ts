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

/**
 * The orders a client knows by `orderId` (its placements, the orders it read): the symbol and
 * order type a modification is checked against before it is sent.
 */
export type KnownOrders = {
  /** The order's symbol and type, `undefined` when it is not known. */
  get(orderId: string): { readonly symbol: string; readonly orderType: string } | undefined
  /** Remembers an order. */
  remember(orderId: string, order: { readonly symbol: string; readonly orderType: string }): void
}

/** What every action needs of a client. */
export type ClientBase = CoreClientBase<ClientConfig> & {
  /** The lot sizes loaded from market/static, checked before an order is sent. @default none (not checked) */
  readonly lotSizes?: LotSizes | undefined
  /**
   * The orders the client placed or read, so a modification (which names only `orderId`) is
   * checked against its symbol and type before it is sent. @default none (not checked)
   */
  readonly knownOrders?: KnownOrders | undefined
}
