/**
 * Response schemas of order-changing calls (docs/exchange-conventions.md, "Order identity"): acknowledgements,
 * batch item results, the countdown answer. Ids are read leniently (a number becomes a string).
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'

/** An id that may arrive as a JSON string or number; returned as a string. */
export const id = Fields.id

/**
 * An order acknowledgement: `orderId` and `clientOid`. `orderId` is null when a one-way
 * reduce-only order replaced an older one (place-order rule 5).
 */
export const orderAck = Fields.record({
  orderId: v.nullable(id),
  clientOid: v.optional(v.nullable(id), null),
})

/** An order acknowledgement as the exchange sent it. */
export type OrderAck = v.InferOutput<typeof orderAck>

/** The acknowledgement a client returns: the order's id is always known. */
export type ResolvedAck = {
  /** The platform order id. */
  readonly orderId: string
  /** The client order id (`null` only when the exchange sent none). */
  readonly clientOid: string | null
}

/** One item of a batch answer: ids plus this item's `code` and `msg`. */
export const batchItemResult = Fields.record({
  orderId: v.optional(v.nullable(id), null),
  clientOid: v.optional(v.nullable(id), null),
  code: v.optional(v.nullable(id), null),
  msg: v.optional(v.nullable(v.string()), null),
})

/** One item of a batch answer. */
export type BatchItemResult = v.InferOutput<typeof batchItemResult>

/**
 * `data` of cancel-symbol-order: its item results under `list` (the exchange's page), also read
 * bare or under `successList`.
 */
export const cancelAllResults = v.pipe(
  v.union([
    v.array(batchItemResult),
    v.looseObject({ list: v.array(batchItemResult) }),
    v.looseObject({ successList: v.array(batchItemResult) }),
    v.null(),
  ]),
  v.transform((data): BatchItemResult[] => {
    if (data === null) return []
    if (Array.isArray(data)) return data
    return 'list' in data
      ? (data.list as BatchItemResult[])
      : (data.successList as BatchItemResult[])
  }),
)

/**
 * `data` of a strategy change: the ids (modify), or `null` (cancel, as the exchange's page
 * shows), when the acknowledgement is the ids the request named.
 */
export const strategyAck = v.nullable(orderAck)

/**
 * One item of the answer of a single batch (`placeBatch`, `modifyBatch`, `cancelBatch`): the
 * exchange's own result, or, for an item whose outcome was unknown, what reconciliation found:
 * applied (the exchange's success, `orderId` and `clientOid` as found), or proven not applied
 * (`error` holds why; `code` is the exchange's when it gave one, else `null`, with the error's
 * `shortMessage` as `msg`). An item with `error` was not applied, but for one error: an
 * `OrderClosedOutcomeUnknownError` (`modifyBatch`) says that the order closed (filled or
 * cancelled) showing neither the modification nor proof that it never applied: whether it applied
 * cannot be learned, and the order can no longer change (nothing to send again). An item naming,
 * by another id, the order an earlier item is found applied on (its `orderId`, that order's
 * `clientOid`) is not a second success: `OrderNotChangedError`, a `duplicate` issue as its cause
 * (the exchange changes the order once, for the earlier item). An item whose outcome stays unknown
 * is never answered: the call throws `OrderOutcomeUnknownError`.
 */
export type SettledBatchItemResult = BatchItemResult & { readonly error?: unknown }

/** `data` of place-batch and cancel-batch. */
export const batchResults = v.array(batchItemResult)

/** `data` of batch-modify-order: `orderId` and `clientOid` per modification. */
export const batchModifyResults = v.array(batchItemResult)

/** `data` of countdown-cancel-all: a string. */
export const countdownResponse = v.pipe(
  v.union([v.string(), v.number(), v.null()]),
  v.transform((value) => (value === null ? '' : String(value))),
)
