/**
 * The allowed values of the unified-account order fields (place-order and
 * modify-order tables), as `as const` lists that a form can offer as choices.
 */

/**
 * `side`: the direction of an order.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.sides // ['buy', 'sell']
 */
export const sides = ['buy', 'sell'] as const

/**
 * `orderType`: limit or market.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.orderTypes // ['limit', 'market']
 */
export const orderTypes = ['limit', 'market'] as const

/**
 * `timeInForce` of place-order; `rpi` needs the RPI market-maker permission.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.timeInForces.includes('post_only') // true
 */
export const timeInForces = ['ioc', 'fok', 'gtc', 'post_only', 'rpi'] as const

/**
 * `posSide`: the position side of a hedge-mode futures order.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.posSides // ['long', 'short']
 */
export const posSides = ['long', 'short'] as const

/**
 * A yes/no switch: `reduceOnly`, `autoBorrow`, `autoCancel`, `pxAmendType`.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.yesNo // ['yes', 'no']
 */
export const yesNo = ['yes', 'no'] as const

/**
 * `stpMode`: self-trade prevention; `none` is the default.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.stpModes[0] // 'none'
 */
export const stpModes = ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'] as const

/**
 * `tpTriggerBy` / `slTriggerBy`: the price that triggers a preset take-profit or stop-loss.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.triggerBys // ['market', 'mark']
 */
export const triggerBys = ['market', 'mark'] as const

/**
 * `marginMode` of a futures order; `crossed` is the default.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.marginModes // ['crossed', 'isolated']
 */
export const marginModes = ['crossed', 'isolated'] as const

/**
 * `venue` of an rToken order: the internal pool only, or the lit market (default).
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.venues // ['internalization', 'lit_market']
 */
export const venues = ['internalization', 'lit_market'] as const

/**
 * `rTokenTimeInForce`: valid for the current session (`gtd`, default) or 90 days (`gtc`).
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.rTokenTimeInForces // ['gtd', 'gtc']
 */
export const rTokenTimeInForces = ['gtd', 'gtc'] as const
