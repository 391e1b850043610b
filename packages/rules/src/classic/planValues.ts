/**
 * The enumerated values of the classic plan (trigger) and take-profit/stop-loss orders, as the
 * exchange documentation lists them
 * (https://www.bitget.com/api-doc/contract/plan/Place-Plan-Order and its sibling pages).
 */

/**
 * The types of place-plan-order (`planType`): a trigger order or a trailing stop.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.planTypes // ['normal_plan', 'track_plan']
 */
export const planTypes = ['normal_plan', 'track_plan'] as const
/** A type of place-plan-order. */
export type PlanType = (typeof planTypes)[number]

/**
 * The types of place-tpsl-order (`planType`): take-profit, stop-loss and trailing stop of a
 * given size, and take-profit and stop-loss of the whole position.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.tpslPlanTypes.includes('pos_profit') // true
 */
export const tpslPlanTypes = [
  'profit_plan',
  'loss_plan',
  'moving_plan',
  'pos_profit',
  'pos_loss',
] as const
/** A type of place-tpsl-order. */
export type TpslPlanType = (typeof tpslPlanTypes)[number]

/**
 * The types cancel-plan-order takes (`planType`, `normal_plan` by default).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.cancelPlanTypes[0] // 'normal_plan'
 */
export const cancelPlanTypes = ['normal_plan', 'track_plan', ...tpslPlanTypes] as const
/** A type cancel-plan-order takes. */
export type CancelPlanType = (typeof cancelPlanTypes)[number]

/**
 * The types the plan queries take (`planType`): `profit_loss` stands for every take-profit and
 * stop-loss type.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.planQueryTypes // ['normal_plan', 'track_plan', 'profit_loss']
 */
export const planQueryTypes = ['normal_plan', 'track_plan', 'profit_loss'] as const
/** A type of the plan queries. */
export type PlanQueryType = (typeof planQueryTypes)[number]

/**
 * What a trigger watches (`triggerType`): the last traded price or the mark price.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.triggerTypes // ['fill_price', 'mark_price']
 */
export const triggerTypes = ['fill_price', 'mark_price'] as const
/** What a trigger watches. */
export type TriggerType = (typeof triggerTypes)[number]

/**
 * The final states of a plan order (`planStatus` of orders-plan-history).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.planStatuses // ['executed', 'fail_execute', 'cancelled']
 */
export const planStatuses = ['executed', 'fail_execute', 'cancelled'] as const
/** A final state of a plan order. */
export type PlanStatus = (typeof planStatuses)[number]

/**
 * The position a take-profit/stop-loss protects (`holdSide`): `long`/`short` in hedge mode,
 * `buy`/`sell` (long/short) in one-way mode.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.tpslHoldSides // ['long', 'short', 'buy', 'sell']
 */
export const tpslHoldSides = ['long', 'short', 'buy', 'sell'] as const
/** The position a take-profit/stop-loss protects. */
export type TpslHoldSide = (typeof tpslHoldSides)[number]

/** The largest callback ratio of a trailing stop, in percent ("cannot be greater than 10"). */
export const maxCallbackRatio = '10'
