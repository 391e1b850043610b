/**
 * Response schemas of orders. The spec shows only the identifiers of an order record; the other
 * fields are those the exchange returns publicly and are read leniently: a decimal field may
 * arrive as a string or a number and is always returned as a decimal string.
 */
import * as v from 'valibot'
import { decimalish } from './fields.js'

export { decimalish }

const optionalText = v.optional(v.nullable(v.string()))
const optionalDecimal = v.optional(v.nullable(decimalish))

/** An order record of the read endpoints (details, open orders, history). */
export const orderRecord = v.looseObject({
  orderId: v.string(),
  clientOid: v.nullable(v.string()),
  category: optionalText,
  symbol: optionalText,
  side: optionalText,
  orderType: optionalText,
  price: optionalDecimal,
  qty: optionalDecimal,
  cumExecQty: optionalDecimal,
  avgPrice: optionalDecimal,
  orderStatus: optionalText,
  posSide: optionalText,
  reduceOnly: optionalText,
  timeInForce: optionalText,
  cancelReason: optionalText,
  createdTime: optionalText,
  updatedTime: optionalText,
})

/** An order record of the read endpoints. */
export type OrderRecord = v.InferOutput<typeof orderRecord>

/** A page of order records with the cursor of the next page (`null` on the last). */
export const orderPage = v.looseObject({
  list: v.array(orderRecord),
  cursor: v.optional(v.nullable(v.string()), null),
})

/** A page of order records. */
export type OrderPage = v.InferOutput<typeof orderPage>

/** A fill of one of the account's orders (GET /api/v3/trade/fills). */
export const fillRecord = v.looseObject({
  execId: v.string(),
  orderId: v.string(),
  clientOid: v.optional(v.nullable(v.string())),
  category: optionalText,
  symbol: optionalText,
  side: optionalText,
  price: optionalDecimal,
  qty: optionalDecimal,
  ts: optionalText,
})

/** A fill of one of the account's orders. */
export type FillRecord = v.InferOutput<typeof fillRecord>

/** A page of fills with the cursor of the next page (`null` on the last). */
export const fillPage = v.looseObject({
  list: v.array(fillRecord),
  cursor: v.optional(v.nullable(v.string()), null),
})

/** A page of fills. */
export type FillPage = v.InferOutput<typeof fillPage>
