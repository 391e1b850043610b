import type { Named, OrderOutcomeUnknownError, WriteErrorType } from '@tradeline/core'
import { validateRequest } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type ChangeOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { defined, instrumentsOf } from '../internal/context.js'
import { type BatchCall, oneBatch } from '../internal/oneBatch.js'
import { settingsOf } from '../internal/settle.js'
import type { SettledBatchItemResult } from '../schemas/ack.js'
import { modifyEngine } from './modifyOrders.js'

/**
 * Modifies one batch of 1 to 20 orders of one product line, each at most once
 * (POST /api/v3/trade/batch-modify-order). Checked before it is sent; it goes through core's
 * engine as {@link modifyOrders} does: an unknown outcome (timeout, lost connection,
 * 40010/40725/45001, HTTP 5xx) is reconciled order by order through order-info, and the answer
 * is one result per modification, in order (a modification found applied as the exchange
 * acknowledges one, without `code`; one proven not applied with the error as `error`). A
 * modification whose order closed showing neither its values nor proof that it never applied is
 * answered with `OrderClosedOutcomeUnknownError` as `error`: whether it applied cannot be learned,
 * and the order can no longer change, so it is not a call to send again. When a modification's
 * outcome stays unknown (an abort ending its lookups included), `OrderOutcomeUnknownError` whose
 * `retryWith` is this batch: sending it again is safe, and answers for every modification. Use
 * {@link modifyOrders} for any number of orders and progress.
 *
 * @example
 * import { createUnifiedClient, modifyBatch } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await modifyBatch(client, [{ orderId: '1001', category: 'SPOT', symbol: 'BTCUSDT', price: '60100' }])
 * // [{ orderId: '1001', clientOid: 'Jc3m_…', code: null, msg: null }]
 */
export async function modifyBatch(
  client: ClientBase,
  orders: modifyBatch.Parameters,
  options: modifyBatch.Options = {},
): Promise<modifyBatch.ReturnType> {
  requireArgument(Unified.batchModifyOrder, orders, 'array', 'orders')
  // The reconciliation settings are checked before the instrument checks load anything.
  settingsOf(client, options.reconcile, Unified.batchModifyOrder)
  const instruments = await instrumentsOf(client, orders)
  validateRequest(Unified.batchModifyOrder, orders, defined({ instruments }))
  return oneBatch(
    client,
    modifyEngine(client),
    { parameters: orders, retryWith: orders, items: orders },
    options,
    { code: null, msg: null },
  )
}

export declare namespace modifyBatch {
  /** Up to 20 modifications of one product line. */
  type Parameters = readonly Unified.batchModifyOrder.Item[]
  /** Options of the call: `signal`, `reconcile`. */
  type Options = ChangeOptions
  /**
   * `orderId` and `clientOid` per modification, in order (one proven not applied with its `error`;
   * one whose order closed with its outcome unknown with `OrderClosedOutcomeUnknownError`).
   */
  type ReturnType = SettledBatchItemResult[]
  /**
   * What the call may throw: `OrderOutcomeUnknownError` (its `retryWith` the batch) when a
   * modification's outcome stays unknown.
   */
  type ErrorType =
    | WriteErrorType
    | Named<OrderOutcomeUnknownError<BatchCall<modifyBatch.Parameters>>, 'OrderOutcomeUnknownError'>
}
