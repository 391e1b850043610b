/**
 * The enumerated values of classic-account futures requests (docs/exchange-conventions.md, "Classic futures"),
 * as `as const` lists with their literal types.
 */

/**
 * Every product type (`productType`), as sent.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.productTypes.includes('USDT-FUTURES') // true
 */
export const productTypes = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const
/** A product type. */
export type ProductType = (typeof productTypes)[number]

/**
 * Every margin mode (`marginMode`).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.marginModes // ['isolated', 'crossed']
 */
export const marginModes = ['isolated', 'crossed'] as const
/** A margin mode. */
export type MarginMode = (typeof marginModes)[number]

/**
 * Every order side (`side`).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.sides // ['buy', 'sell']
 */
export const sides = ['buy', 'sell'] as const
/** An order side. */
export type Side = (typeof sides)[number]

/**
 * Every order type (`orderType`).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.orderTypes // ['limit', 'market']
 */
export const orderTypes = ['limit', 'market'] as const
/** An order type. */
export type OrderType = (typeof orderTypes)[number]

/**
 * Every trade side (`tradeSide`, hedge mode only).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.tradeSides // ['open', 'close']
 */
export const tradeSides = ['open', 'close'] as const
/** A trade side. */
export type TradeSide = (typeof tradeSides)[number]

/**
 * Every time in force (`force`); `gtc` is the default.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.forces.includes('post_only') // true
 */
export const forces = ['ioc', 'fok', 'gtc', 'post_only'] as const
/** A time in force. */
export type Force = (typeof forces)[number]

/**
 * Every `reduceOnly` value (one-way mode only); `NO` is the default.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.reduceOnlyValues // ['YES', 'NO']
 */
export const reduceOnlyValues = ['YES', 'NO'] as const
/** A `reduceOnly` value. */
export type ReduceOnly = (typeof reduceOnlyValues)[number]

/**
 * Every self-trade prevention mode (`stpMode`); `none` is the default.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.stpModes[0] // 'none'
 */
export const stpModes = ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'] as const
/** A self-trade prevention mode. */
export type StpMode = (typeof stpModes)[number]

/**
 * Every position side of flash close (`holdSide`).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.holdSides // ['long', 'short']
 */
export const holdSides = ['long', 'short'] as const
/** A position side. */
export type HoldSide = (typeof holdSides)[number]

/**
 * Every status filter of pending orders (`status` of orders-pending); the values are the
 * live exchange's (the exchange documentation names only the parameter).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.pendingStatuses // ['live', 'partially_filled']
 */
export const pendingStatuses = ['live', 'partially_filled'] as const
/** A pending-order status filter. */
export type PendingStatus = (typeof pendingStatuses)[number]

/**
 * Every position mode of the classic account (`posMode` of set-position-mode and the account
 * reads).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.posModes // ['one_way_mode', 'hedge_mode']
 */
export const posModes = ['one_way_mode', 'hedge_mode'] as const
/** A classic position mode as the exchange writes it. */
export type PosMode = (typeof posModes)[number]

/**
 * Every automatic margin top-up setting of an isolated position (`autoMargin` of
 * set-auto-margin and of the position record).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.autoMargins // ['on', 'off']
 */
export const autoMargins = ['on', 'off'] as const
/** An automatic margin top-up setting. */
export type AutoMargin = (typeof autoMargins)[number]

/**
 * Every business type of the trade-rate read (`businessType`): `mix` (futures), `spot` and
 * `margin`.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.tradeRateBusinessTypes // ['mix', 'spot', 'margin']
 */
export const tradeRateBusinessTypes = ['mix', 'spot', 'margin'] as const
/** A business type of the trade-rate read. */
export type TradeRateBusinessType = (typeof tradeRateBusinessTypes)[number]
