/**
 * Response schemas of strategy orders. The spec shows only `orderId` and `clientOid`; the other
 * fields of a record are read leniently and kept as they come.
 */
import * as v from 'valibot'
import { id } from './ack.js'
import { decimalish } from './order.js'

const optionalText = v.optional(v.nullable(v.string()))

/** A strategy order of the list endpoints. */
export const strategyOrderRecord = v.looseObject({
  orderId: id,
  clientOid: v.optional(v.nullable(id), null),
  category: optionalText,
  symbol: optionalText,
  type: optionalText,
  side: optionalText,
  qty: v.optional(v.nullable(decimalish)),
  status: optionalText,
})

/** A strategy order of the list endpoints. */
export type StrategyOrderRecord = v.InferOutput<typeof strategyOrderRecord>

/** A page of strategy orders with the cursor of the next page (`null` on the last). */
export const strategyOrderPage = v.looseObject({
  list: v.array(strategyOrderRecord),
  cursor: v.optional(v.nullable(v.string()), null),
})

/** A page of strategy orders. */
export type StrategyOrderPage = v.InferOutput<typeof strategyOrderPage>
