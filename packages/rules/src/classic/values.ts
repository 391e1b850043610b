/**
 * The enumerated values of classic-account futures requests (spec Part B, "Classic futures"),
 * as `as const` lists with their literal types.
 */

/** Every product type (`productType`), as sent. */
export const productTypes = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const
/** A product type. */
export type ProductType = (typeof productTypes)[number]

/** Every margin mode (`marginMode`). */
export const marginModes = ['isolated', 'crossed'] as const
/** A margin mode. */
export type MarginMode = (typeof marginModes)[number]

/** Every order side (`side`). */
export const sides = ['buy', 'sell'] as const
/** An order side. */
export type Side = (typeof sides)[number]

/** Every order type (`orderType`). */
export const orderTypes = ['limit', 'market'] as const
/** An order type. */
export type OrderType = (typeof orderTypes)[number]

/** Every trade side (`tradeSide`, hedge mode only). */
export const tradeSides = ['open', 'close'] as const
/** A trade side. */
export type TradeSide = (typeof tradeSides)[number]

/** Every time in force (`force`); `gtc` is the default. */
export const forces = ['ioc', 'fok', 'gtc', 'post_only'] as const
/** A time in force. */
export type Force = (typeof forces)[number]

/** Every `reduceOnly` value (one-way mode only); `NO` is the default. */
export const reduceOnlyValues = ['YES', 'NO'] as const
/** A `reduceOnly` value. */
export type ReduceOnly = (typeof reduceOnlyValues)[number]

/** Every self-trade prevention mode (`stpMode`); `none` is the default. */
export const stpModes = ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'] as const
/** A self-trade prevention mode. */
export type StpMode = (typeof stpModes)[number]

/** Every position side of flash close (`holdSide`). */
export const holdSides = ['long', 'short'] as const
/** A position side. */
export type HoldSide = (typeof holdSides)[number]

/**
 * Every status filter of pending orders (`status` of orders-pending); the live exchange
 * returns both when none is given (EXCHANGE-FACTS.md names the parameter, the values are the
 * exchange's).
 */
export const pendingStatuses = ['live', 'partially_filled'] as const
/** A pending-order status filter. */
export type PendingStatus = (typeof pendingStatuses)[number]
