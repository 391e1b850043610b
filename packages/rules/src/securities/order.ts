/**
 * The order vocabulary of stockplus place-order as data: order types, sides, times in force,
 * trading-hours choices and which fields each order type requires or accepts.
 */

/**
 * Order types: `LO` limit, `MO` market, `LIT` limit if touched, `MIT` market if touched,
 * `TSLPAMT` trailing stop limit by amount, `TSLPPCT` trailing stop limit by percentage.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.orderTypes.includes('LIT') // true
 */
export const orderTypes = ['LO', 'MO', 'LIT', 'MIT', 'TSLPAMT', 'TSLPPCT'] as const
/** One of {@link orderTypes}. */
export type OrderType = (typeof orderTypes)[number]

/**
 * Order sides, spelled as the interface spells them.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.sides // ['Buy', 'Sell']
 */
export const sides = ['Buy', 'Sell'] as const
/** One of {@link sides}. */
export type Side = (typeof sides)[number]

/**
 * Times in force; `GoodTilDate` needs `expireDate`.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.timesInForce.includes('GoodTilDate') // true
 */
export const timesInForce = ['Day', 'GoodTilCanceled', 'GoodTilDate'] as const
/** One of {@link timesInForce}. */
export type TimeInForce = (typeof timesInForce)[number]

/**
 * `outsideRth` values of US stock orders: regular hours only, any time, or overnight.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.outsideRthValues // ['RTHOnly', 'AnyTime', 'Overnight']
 */
export const outsideRthValues = ['RTHOnly', 'AnyTime', 'Overnight'] as const
/** One of {@link outsideRthValues}. */
export type OutsideRth = (typeof outsideRthValues)[number]

/**
 * The fields whose presence depends on the order type.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.orderTypeDependentFields.includes('submittedPrice') // true
 */
export const orderTypeDependentFields = [
  'submittedPrice',
  'triggerPrice',
  'limitOffset',
  'trailingAmount',
  'trailingPercent',
  'limitDepthLevel',
  'triggerCount',
  'monitorPrice',
] as const
/** One of {@link orderTypeDependentFields}. */
export type OrderTypeDependentField = (typeof orderTypeDependentFields)[number]

/** Fields an order type requires and fields it accepts besides; every other dependent field is forbidden. */
export type OrderTypeFields = {
  readonly required: readonly OrderTypeDependentField[]
  readonly optional: readonly OrderTypeDependentField[]
}

/**
 * For each order type, the dependent fields it requires and those it accepts. `limitOffset`
 * of the trailing types is listed as optional here: it is required when `limitDepthLevel` is 0
 * (or absent) and forbidden otherwise.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.orderTypeFields.LIT.required // ['submittedPrice', 'triggerPrice']
 */
export const orderTypeFields = {
  LO: { required: ['submittedPrice'], optional: [] },
  MO: { required: [], optional: [] },
  LIT: { required: ['submittedPrice', 'triggerPrice'], optional: ['triggerCount'] },
  MIT: { required: ['triggerPrice'], optional: ['triggerCount'] },
  TSLPAMT: {
    required: ['trailingAmount'],
    optional: ['limitOffset', 'limitDepthLevel', 'monitorPrice', 'triggerCount'],
  },
  TSLPPCT: {
    required: ['trailingPercent'],
    optional: ['limitOffset', 'limitDepthLevel', 'monitorPrice', 'triggerCount'],
  },
} as const satisfies Record<OrderType, OrderTypeFields>

/**
 * Whether an order type is a trailing stop (`TSLPAMT`, `TSLPPCT`).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.isTrailing('TSLPPCT') // true
 */
export function isTrailing(orderType: OrderType): boolean {
  return orderType === 'TSLPAMT' || orderType === 'TSLPPCT'
}
