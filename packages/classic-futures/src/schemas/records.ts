/**
 * Response records of the classic futures endpoints (docs/records.md), read leniently
 * with core's `Fields`: decimals come out as decimal strings, `""` and `null` as `null`, an empty
 * list sent as `null` as `[]`, and unknown fields are kept (every record is a `looseObject`).
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'

const { decimal, id, list, text } = Fields

/**
 * An order acknowledgement (place-order, click-backhand, modify-order, cancel-order):
 * `orderId` and `clientOid`. `orderId` is `null` when a one-way reduce-only order replaced older
 * ones (classic order rule 2) and on a modification (its new order is created later).
 */
export const orderAck = Fields.record({
  orderId: v.optional(v.nullable(id), null),
  clientOid: v.optional(v.nullable(id), null),
})
/** An order acknowledgement as the exchange sent it. */
export type OrderAck = v.InferOutput<typeof orderAck>

/** One item of `successList`. */
export const batchSuccess = Fields.record({
  orderId: v.optional(v.nullable(id), null),
  clientOid: v.optional(v.nullable(id), null),
  symbol: text,
})
/** One item of `failureList`: ids plus the item's `errorCode` and `errorMsg`. */
export const batchFailure = Fields.record({
  orderId: v.optional(v.nullable(id), null),
  clientOid: v.optional(v.nullable(id), null),
  symbol: text,
  errorCode: v.optional(v.nullable(id), null),
  errorMsg: text,
})

/**
 * `data` of batch-place-order, batch-cancel-orders, cancel-all-orders and close-positions
 * (docs/records.md): `successList`, `failureList` (each `[]` when `null` or absent) and the
 * spec's `result` (in no public SDK type: `null` when absent).
 */
export const batchResult = Fields.record({
  successList: list(batchSuccess),
  failureList: list(batchFailure),
  result: v.optional(v.nullable(v.boolean()), null),
})
/** A batch answer. */
export type BatchResult = v.InferOutput<typeof batchResult>
/**
 * The answer of `placeBatch` and `cancelBatch`: the exchange's, where an item whose outcome was
 * unknown is listed as reconciliation found it (applied in `successList`; proven not applied in
 * `failureList` with `errorCode` `null` and the error as `error`). An order named by two items (by
 * `orderId` and by its `clientOid`) and found cancelled is the earlier item's success; the later
 * item is in `failureList` with `OrderNotChangedError` (a `duplicate` issue as its cause), never a
 * second success. An item whose outcome stays unknown is never listed: the call throws
 * `OrderOutcomeUnknownError`.
 */
export type SettledBatchResult = Omit<BatchResult, 'failureList'> & {
  failureList: (BatchResult['failureList'][number] & { error?: unknown })[]
}

const orderFields = {
  symbol: text,
  size: decimal,
  orderId: id,
  clientOid: v.optional(v.nullable(id), null),
  baseVolume: decimal,
  quoteVolume: decimal,
  price: decimal,
  priceAvg: decimal,
  fee: decimal,
  totalProfits: decimal,
  leverage: decimal,
  side: text,
  force: text,
  posSide: text,
  tradeSide: text,
  posMode: text,
  marginCoin: text,
  marginMode: text,
  reduceOnly: text,
  orderType: text,
  presetStopSurplusPrice: decimal,
  presetStopSurplusExecutePrice: decimal,
  presetStopLossPrice: decimal,
  presetStopLossExecutePrice: decimal,
  presetStopSurplusType: text,
  presetStopLossType: text,
  enterPointSource: text,
  orderSource: text,
  cancelReason: text,
  cTime: text,
  uTime: text,
}

/**
 * GET /api/v2/mix/order/detail (docs/records.md): one order, its status in `state`
 * (`live`, `partially_filled`, `filled`, `canceled`; other spellings kept as sent).
 */
export const orderDetail = Fields.record({ ...orderFields, state: text })
/** An order as order detail returns it. */
export type OrderDetail = v.InferOutput<typeof orderDetail>

/**
 * An item of GET /api/v2/mix/order/orders-pending (docs/records.md): the detail's fields
 * with the status in `status`; the trigger-type keys of both spellings are kept as sent.
 */
export const pendingOrder = Fields.record({
  ...orderFields,
  status: text,
  presetStopSurplusTriggerType: text,
  presetStopLossTriggerType: text,
})
/** An order as the pending list returns it. */
export type PendingOrder = v.InferOutput<typeof pendingOrder>

/** `data` of orders-pending: `entrustedList` (`null` read as `[]`) and `endId` (next page's `idLessThan`). */
export const pendingPage = Fields.record({
  entrustedList: list(pendingOrder),
  endId: v.optional(v.nullable(id), null),
})
/** A page of pending orders. */
export type PendingPage = v.InferOutput<typeof pendingPage>

/** A position of GET /api/v2/mix/position/all-position (docs/records.md). */
export const positionRecord = Fields.record({
  marginCoin: text,
  symbol: text,
  holdSide: text,
  openDelegateSize: decimal,
  marginSize: decimal,
  available: decimal,
  locked: decimal,
  total: decimal,
  leverage: decimal,
  achievedProfits: decimal,
  openPriceAvg: decimal,
  marginMode: text,
  posMode: text,
  unrealizedPL: decimal,
  liquidationPrice: decimal,
  keepMarginRate: decimal,
  markPrice: decimal,
  marginRatio: decimal,
  breakEvenPrice: decimal,
  totalFee: decimal,
  deductedFee: decimal,
  grant: decimal,
  assetMode: text,
  autoMargin: text,
  takeProfit: decimal,
  stopLoss: decimal,
  takeProfitId: text,
  stopLossId: text,
  cTime: text,
  uTime: text,
})
/** A position. */
export type PositionRecord = v.InferOutput<typeof positionRecord>
/** `data` of all-position: `[]` when flat (`null` read as `[]`). */
export const positionRecords = list(positionRecord)

/**
 * A contract of GET /api/v2/mix/market/contracts (docs/records.md). The tick is
 * `priceEndStep` x 10^-`pricePlace`; the lot is `sizeMultiplier` with at most `volumePlace`
 * decimals and at least `minTradeNum`.
 */
export const contractRecord = Fields.record({
  symbol: v.string(),
  baseCoin: text,
  quoteCoin: text,
  supportMarginCoins: list(v.string()),
  minTradeNum: decimal,
  pricePlace: Fields.integer,
  priceEndStep: Fields.integer,
  volumePlace: Fields.integer,
  sizeMultiplier: decimal,
  minTradeUSDT: decimal,
  maxMarketOrderQty: decimal,
  maxOrderQty: decimal,
  symbolType: text,
  symbolStatus: text,
  offTime: text,
  limitOpenTime: text,
  deliveryTime: text,
  launchTime: text,
  minLever: decimal,
  maxLever: decimal,
})
/** A contract. */
export type ContractRecord = v.InferOutput<typeof contractRecord>
/** `data` of contracts. */
export const contractRecords = v.array(contractRecord)

/**
 * An item of GET /api/v2/mix/order/orders-history: the pending list's fields (status in
 * `status`: `filled`, `canceled`) plus `liqPrice`.
 */
export const historyOrder = Fields.record({ ...pendingOrder.entries, liqPrice: decimal })
/** An order as the history list returns it. */
export type HistoryOrder = v.InferOutput<typeof historyOrder>

/** `data` of orders-history: `entrustedList` (`null` read as `[]`) and `endId` (next page's `idLessThan`). */
export const historyPage = Fields.record({
  entrustedList: list(historyOrder),
  endId: v.optional(v.nullable(id), null),
})
/** A page of history orders. */
export type HistoryPage = v.InferOutput<typeof historyPage>

/** One line of a fill's `feeDetail`: the fee coin, whether it was deducted, the amounts. */
export const fillFee = Fields.record({
  deduction: text,
  feeCoin: text,
  totalDeductionFee: decimal,
  totalFee: decimal,
})

/**
 * A fill of GET /api/v2/mix/order/fills: `tradeId`, `orderId`, `price`, `baseVolume` (the
 * filled quantity), `quoteVolume`, `profit`, `feeDetail` (a list; `[]` when absent), the
 * order's `side`, `tradeSide` and `posMode`, `tradeScope`, `cTime`.
 */
export const fillRecord = Fields.record({
  tradeId: id,
  symbol: text,
  orderId: id,
  price: decimal,
  baseVolume: decimal,
  quoteVolume: decimal,
  feeDetail: list(fillFee),
  side: text,
  profit: decimal,
  enterPointSource: text,
  tradeSide: text,
  posMode: text,
  tradeScope: text,
  marginCoin: text,
  cTime: text,
})
/** A fill. */
export type FillRecord = v.InferOutput<typeof fillRecord>

/** `data` of fills: `fillList` (`null` read as `[]`) and `endId` (next page's `idLessThan`). */
export const fillPage = Fields.record({
  fillList: list(fillRecord),
  endId: v.optional(v.nullable(id), null),
})
/** A page of fills. */
export type FillPage = v.InferOutput<typeof fillPage>
