/**
 * Response records of the classic plan endpoints
 * (https://www.bitget.com/api-doc/contract/plan/Place-Plan-Order and its sibling pages), read
 * leniently with core's `Fields` as the other classic records: decimals as decimal strings,
 * `""` and `null` as `null`, unknown fields kept.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'

const { decimal, id, list, text } = Fields

/**
 * The acknowledgement of place-plan-order, place-tpsl-order, modify-plan-order and
 * modify-tpsl-order: `orderId` and `clientOid` of the plan order.
 */
export const planAck = Fields.record({
  orderId: v.optional(v.nullable(id), null),
  clientOid: v.optional(v.nullable(id), null),
})
/** A plan acknowledgement as the exchange sent it. */
export type PlanAck = v.InferOutput<typeof planAck>

/** One item of place-pos-tpsl's answer: the plan order and the clientOids of both legs. */
export const posTpslAck = Fields.record({
  orderId: v.optional(v.nullable(id), null),
  stopSurplusClientOid: v.optional(v.nullable(id), null),
  stopLossClientOid: v.optional(v.nullable(id), null),
})
/** The answer of place-pos-tpsl (`[]` when `null`). */
export const posTpslAcks = list(posTpslAck)
/** One item of place-pos-tpsl's answer. */
export type PosTpslAck = v.InferOutput<typeof posTpslAck>

/**
 * A pending plan order (an item of orders-plan-pending): `planStatus` `live`, the trigger,
 * execute price (`null` for a market execution), callback ratio (trailing stops) and the
 * take-profit/stop-loss it carries.
 */
export const planOrder = Fields.record({
  planType: text,
  symbol: text,
  size: decimal,
  orderId: id,
  clientOid: v.optional(v.nullable(id), null),
  price: decimal,
  executePrice: decimal,
  callbackRatio: decimal,
  triggerPrice: decimal,
  triggerType: text,
  planStatus: text,
  side: text,
  posSide: text,
  marginCoin: text,
  marginMode: text,
  enterPointSource: text,
  tradeSide: text,
  posMode: text,
  orderType: text,
  orderSource: text,
  cTime: text,
  uTime: text,
  stopSurplusExecutePrice: decimal,
  stopSurplusTriggerPrice: decimal,
  stopSurplusTriggerType: text,
  stopLossExecutePrice: decimal,
  stopLossTriggerPrice: decimal,
  stopLossTriggerType: text,
})
/** A pending plan order. */
export type PlanOrder = v.InferOutput<typeof planOrder>

/**
 * A finished plan order (an item of orders-plan-history): the pending fields plus
 * `executeOrderId` (the order it placed), `priceAvg` and `baseVolume` of that order;
 * `planStatus` `executed`, `fail_execute` or `cancelled`.
 */
export const planHistoryOrder = Fields.record({
  ...planOrder.entries,
  executeOrderId: v.optional(v.nullable(id), null),
  priceAvg: decimal,
  baseVolume: decimal,
})
/** A finished plan order. */
export type PlanHistoryOrder = v.InferOutput<typeof planHistoryOrder>

/** `data` of orders-plan-pending: `entrustedList` (`null` read as `[]`) and `endId`. */
export const planPage = Fields.record({
  entrustedList: list(planOrder),
  endId: v.optional(v.nullable(id), null),
})
/** A page of pending plan orders. */
export type PlanPage = v.InferOutput<typeof planPage>

/** `data` of orders-plan-history: `entrustedList` (`null` read as `[]`) and `endId`. */
export const planHistoryPage = Fields.record({
  entrustedList: list(planHistoryOrder),
  endId: v.optional(v.nullable(id), null),
})
/** A page of finished plan orders. */
export type PlanHistoryPage = v.InferOutput<typeof planHistoryPage>

/**
 * An item of plan-sub-order: a futures order a triggered plan placed. `orderId` (`""` as sent
 * when no order exists, as for a `fail`), `price` (`"0"` for a market order), `type`
 * (`limit`/`market`) and `status`, the plan's trigger status (`success`, `fail`, `cancelled`,
 * `in_progress`, `in_progress_tracking`).
 */
export const planSubOrder = Fields.record({
  orderId: v.optional(v.nullable(id), null),
  price: decimal,
  type: text,
  status: text,
})
/** An order a triggered plan placed. */
export type PlanSubOrder = v.InferOutput<typeof planSubOrder>

/** `data` of plan-sub-order: a bare list (`null` read as `[]`). */
export const planSubOrders = list(planSubOrder)

/** The answer of cancel-plan-order: `successList` and `failureList` (with `errorMsg`). */
export const cancelPlanResult = Fields.record({
  successList: list(
    Fields.record({
      orderId: v.optional(v.nullable(id), null),
      clientOid: v.optional(v.nullable(id), null),
    }),
  ),
  failureList: list(
    Fields.record({
      orderId: v.optional(v.nullable(id), null),
      clientOid: v.optional(v.nullable(id), null),
      errorMsg: text,
    }),
  ),
})
/** The answer of cancel-plan-order. */
export type CancelPlanResult = v.InferOutput<typeof cancelPlanResult>
