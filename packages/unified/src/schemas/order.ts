/**
 * Response schemas of orders. The exchange documentation shows only the identifiers of an order record; the other
 * fields are those the exchange returns publicly and are read leniently: a decimal field may
 * arrive as a string or a number and is always returned as a decimal string.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { decimal, decimalish, list, text } from './fields.js'

export { decimalish }

/** One fee of an order or a fill (`feeDetail`): its coin and amount (`null` before any fill). */
export const feeDetail = Fields.record({ feeCoin: text, fee: decimal })

/**
 * An order record of the read endpoints (order-info, unfilled-orders, history-orders) as the
 * exchange sends it (docs/records.md): decimals as decimal strings, `""` and `null` as `null`,
 * unknown fields kept.
 */
export const orderRecord = Fields.record({
  orderId: v.string(),
  clientOid: v.nullable(v.string()),
  category: text,
  symbol: text,
  orderType: text,
  side: text,
  /** `"0"` for a market order. */
  price: decimal,
  /** Base coin; `"0"` when the order was given as a quote amount. */
  qty: decimal,
  /** Quote coin (a spot market buy); `"0"` otherwise. */
  amount: decimal,
  cumExecQty: decimal,
  cumExecValue: decimal,
  /** `"0"` before any fill. */
  avgPrice: decimal,
  timeInForce: text,
  /** `live`, `partially_filled`, `filled`, `cancelled` (and `new` on pushes). */
  orderStatus: text,
  posSide: text,
  holdMode: text,
  tradeSide: text,
  delegateType: text,
  /** `YES`/`NO` on REST (`yes`/`no` on pushes). */
  reduceOnly: text,
  marginMode: text,
  stpMode: text,
  takeProfit: decimal,
  stopLoss: decimal,
  tpLimitPrice: decimal,
  slLimitPrice: decimal,
  tpTriggerBy: text,
  slTriggerBy: text,
  tpOrderType: text,
  slOrderType: text,
  feeDetail: list(feeDetail),
  /** An open set of reasons; `null` when not cancelled. */
  cancelReason: text,
  execType: text,
  createdTime: text,
  updatedTime: text,
})

/** An order record of the read endpoints. */
export type OrderRecord = v.InferOutput<typeof orderRecord>

/** A page of order records with the cursor of the next page (`''` on an empty page, `null` when the exchange sends none). */
export const orderPage = Fields.record({
  list: v.array(orderRecord),
  cursor: v.optional(v.nullable(v.string()), null),
})

/** A page of order records. */
export type OrderPage = v.InferOutput<typeof orderPage>

/**
 * A fill of one of the account's orders (GET /api/v3/trade/fills, docs/records.md): price,
 * base quantity and quote value of the fill, its fees and realised PnL.
 */
export const fillRecord = Fields.record({
  execId: v.string(),
  execLinkId: text,
  orderId: v.string(),
  clientOid: text,
  category: text,
  symbol: text,
  orderType: text,
  side: text,
  posSide: text,
  tradeSide: text,
  execPrice: decimal,
  execQty: decimal,
  execValue: decimal,
  /** `taker` or `maker`. */
  tradeScope: text,
  feeDetail: list(feeDetail),
  execPnl: decimal,
  isRPI: text,
  createdTime: text,
  updatedTime: text,
})

/** A fill of one of the account's orders. */
export type FillRecord = v.InferOutput<typeof fillRecord>

/** A page of fills with the cursor of the next page (`''` on an empty page, `null` when the exchange sends none). */
export const fillPage = Fields.record({
  list: v.array(fillRecord),
  cursor: v.optional(v.nullable(v.string()), null),
})

/** A page of fills. */
export type FillPage = v.InferOutput<typeof fillPage>
