/**
 * Response schemas of strategy orders. The exchange documentation shows only `orderId` and `clientOid`; the other
 * fields are those the sandbox answers (the common fields, the type's fields as sent, the leg
 * that triggered and the orders it placed), all optional and read leniently: a decimal may
 * arrive as a string or a number and is returned as a decimal string, an id or a time as a
 * string, and unknown fields are kept as they come.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { id } from './ack.js'
import { decimalish } from './order.js'

const optionalText = v.optional(v.nullable(v.string()))
const optionalDecimal = v.optional(v.nullable(decimalish))
const optionalId = v.optional(v.nullable(id))
const optionalList = <schema extends v.GenericSchema>(item: schema) =>
  v.optional(v.nullable(v.array(item)))

/** One element of `ocoParams`: the direct limit leg and the conditional leg. */
const ocoParamsRecord = Fields.record({
  ocoLimitPrice: optionalDecimal,
  ocoTriggerPrice: optionalDecimal,
  ocoOrderType: optionalText,
  ocoOrderPrice: optionalDecimal,
})

/** One element of `trailingStopParams`. */
const trailingStopParamsRecord = Fields.record({
  activationPrice: optionalDecimal,
  activationType: optionalText,
  trailType: optionalText,
  trailVariance: optionalDecimal,
  preOrderType: optionalText,
  preOrderPrice: optionalDecimal,
})

/** One element of `icebergParams`. */
const icebergParamsRecord = Fields.record({
  splitMode: optionalText,
  qtyPerOrder: optionalDecimal,
  splitOrderNumbers: optionalDecimal,
  orderPreference: optionalText,
  executionStrategy: optionalText,
  fixedDistanceType: optionalText,
  distance: optionalDecimal,
  fixedPrice: optionalDecimal,
  priceLimit: optionalDecimal,
})

/** One element of `twapParams` (the exchange documentation types some of its fields as numbers). */
const twapParamsRecord = Fields.record({
  duration: optionalDecimal,
  interval: optionalDecimal,
  orderType: optionalText,
  limitOffsetType: optionalId,
  limitOffsetPercentage: optionalDecimal,
  limitOffsetSpread: optionalDecimal,
  twapTriggerPrice: optionalDecimal,
  twapTerminationPrice: optionalDecimal,
})

/** A strategy order of the list endpoints. */
export const strategyOrderRecord = Fields.record({
  orderId: id,
  clientOid: v.optional(v.nullable(id), null),
  category: optionalText,
  symbol: optionalText,
  /** `tpsl`, `trigger`, `oco`, `trailing_stop`, `iceberg` or `twap`. */
  type: optionalText,
  /** `live`, `triggered` or `cancelled` (the sandbox's names). */
  status: optionalText,
  side: optionalText,
  posSide: optionalText,
  qty: optionalDecimal,
  reduceOnly: optionalText,
  // tpsl
  tpslMode: optionalText,
  tpTriggerBy: optionalText,
  slTriggerBy: optionalText,
  takeProfit: optionalDecimal,
  stopLoss: optionalDecimal,
  tpOrderType: optionalText,
  slOrderType: optionalText,
  tpLimitPrice: optionalDecimal,
  slLimitPrice: optionalDecimal,
  // trigger
  triggerBy: optionalText,
  triggerPrice: optionalDecimal,
  triggerOrderType: optionalText,
  triggerOrderPrice: optionalDecimal,
  // the lists of oco, trailing_stop, iceberg and twap
  ocoParams: optionalList(ocoParamsRecord),
  trailingStopParams: optionalList(trailingStopParamsRecord),
  icebergParams: optionalList(icebergParamsRecord),
  twapParams: optionalList(twapParamsRecord),
  /** The leg that triggered: `takeProfit`, `stopLoss` (tpsl), `trigger` or `limit` (trigger, oco). */
  triggeredLeg: optionalText,
  /** The ids of the orders placed when it triggered. */
  orderIds: optionalList(id),
  /** Unix milliseconds as a string. */
  createdTime: optionalId,
  /** Unix milliseconds as a string. */
  updatedTime: optionalId,
})

/** A strategy order of the list endpoints. */
export type StrategyOrderRecord = v.InferOutput<typeof strategyOrderRecord>

/** A page of strategy orders with the cursor of the next page (`null` on the last). */
const pageObject = Fields.record({
  list: v.array(strategyOrderRecord),
  cursor: v.optional(v.nullable(v.string()), null),
})

/**
 * A page of strategy orders: `{ list, cursor }` (history), or the bare array the exchange sends
 * for the open strategy orders (docs/records.md), read as one page with no cursor.
 */
export const strategyOrderPage = v.union([
  pageObject,
  v.pipe(
    v.array(strategyOrderRecord),
    v.transform((list): v.InferOutput<typeof pageObject> => ({ list, cursor: null })),
  ),
])

/** A page of strategy orders. */
export type StrategyOrderPage = v.InferOutput<typeof pageObject>
