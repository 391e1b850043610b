/**
 * Response records of the stockplus order reads (order-detail, today-orders, history-orders),
 * read leniently like the other stockplus records: numbers that arrive as JSON strings or JSON
 * numbers come out as decimal strings (`null` where the exchange sends null or nothing), times
 * as Unix milliseconds. Unknown fields are kept.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { execution, timestamp } from './records.js'

const { decimal, id, integer, list, text } = Fields

/** One stock or option order of the order reads. */
export const stockOrder = Fields.record({
  orderId: id,
  /** `NewStatus`, `PartialFilledStatus`, `FilledStatus`, `CanceledStatus`, ... (Securities.orderStatuses). */
  status: text,
  stockName: text,
  quantity: decimal,
  executedQuantity: decimal,
  price: decimal,
  executedPrice: decimal,
  submittedAt: timestamp,
  side: text,
  symbol: text,
  orderType: text,
  lastDone: decimal,
  triggerPrice: decimal,
  msg: text,
  tag: text,
  timeInForce: text,
  expireDate: text,
  updatedAt: timestamp,
  triggerAt: timestamp,
  trailingAmount: decimal,
  trailingPercent: decimal,
  limitOffset: decimal,
  triggerStatus: text,
  currency: text,
  outsideRth: text,
  remark: text,
  limitDepthLevel: integer,
  triggerCount: integer,
  monitorPrice: decimal,
})
/** A stock or option order. */
export type StockOrder = v.InferOutput<typeof stockOrder>

/** `data` of trade/today-orders: its `orders`. */
export const todayOrders = v.pipe(
  Fields.record({ orders: list(stockOrder) }),
  v.transform((data) => data.orders),
)

/** `data` of trade/history-orders: `hasMore` and `orders`. */
export const historyOrders = Fields.record({
  hasMore: v.optional(v.nullable(v.boolean()), false),
  orders: list(stockOrder),
})
/** A page of past orders. */
export type HistoryOrders = v.InferOutput<typeof historyOrders>

const change = Fields.record({
  price: decimal,
  quantity: decimal,
  status: text,
  msg: text,
  time: timestamp,
})

const fee = Fields.record({ code: text, name: text, amount: decimal, currency: text })
const charge = Fields.record({ code: text, name: text, fees: list(fee) })

/** `data` of trade/order-detail: the order, its `history` of changes and its charges. */
export const stockOrderDetail = Fields.record({
  ...stockOrder.entries,
  freeStatus: text,
  freeAmount: decimal,
  freeCurrency: text,
  deductionsStatus: text,
  deductionsAmount: decimal,
  deductionsCurrency: text,
  platformDeductedStatus: text,
  platformDeductedAmount: decimal,
  platformDeductedCurrency: text,
  history: list(change),
  chargeDetail: v.optional(
    v.nullable(Fields.record({ totalAmount: decimal, currency: text, items: list(charge) })),
    null,
  ),
})
/** An order with its history and charges. */
export type StockOrderDetail = v.InferOutput<typeof stockOrderDetail>

/** `data` of trade/today-executions: its `trades` (each partial fill its own). */
export const todayExecutions = v.pipe(
  Fields.record({ trades: list(execution) }),
  v.transform((data) => data.trades),
)
