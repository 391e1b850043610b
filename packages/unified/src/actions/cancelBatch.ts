import type { Named, OrderOutcomeUnknownError, WriteErrorType } from '@tradeline/core'
import { ValidationError, validateRequest } from '@tradeline/core'
import { Issue } from '@tradeline/rules/shared'
import { Unified } from '@tradeline/rules/unified'
import { type ChangeOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type BatchCall, oneBatch } from '../internal/oneBatch.js'
import { settingsOf } from '../internal/settle.js'
import type { SettledBatchItemResult } from '../schemas/ack.js'
import { cancelEngine, namedBy } from './cancelOrders.js'

/**
 * Cancels one batch of 1 to 20 orders of one category, each by `orderId` or `clientOid`; partial
 * success is allowed (POST /api/v3/trade/cancel-batch). It goes through core's engine as
 * {@link cancelOrders} does: an unknown outcome (timeout, lost connection, 40010/40725/45001,
 * HTTP 5xx) is reconciled order by order through order-info, and the answer is one result per
 * order, in order, as the exchange holds them (an order found cancelled as the exchange
 * acknowledges one, `code` `00000`; an order proven not cancelled with the error as `error`, and
 * so an item naming by its `clientOid` the order an earlier item names by `orderId`, found
 * cancelled once: `OrderNotChangedError` with a `duplicate` issue as cause). When an order's
 * outcome stays unknown (an abort ending its lookups included), `OrderOutcomeUnknownError` whose
 * `retryWith` is this batch: sending it again cancels each order at most once, and answers for
 * every order. A batch naming some orders by `orderId` and others by `clientOid` alone is
 * refused before it is sent (`ValidationError`, the first such `clientOid` named): the exchange
 * ignores `clientOid` in such a batch and answers that the order does not exist, which it does.
 * {@link cancelOrders} sends the two kinds in batches of their own. Use it for any number of
 * orders.
 *
 * @example
 * import { cancelBatch, createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await cancelBatch(client, [{ category: 'SPOT', symbol: 'BTCUSDT', orderId: '1001' }])
 * // [{ orderId: '1001', clientOid: 'Jc3m_…', code: '00000', msg: 'success' }]
 */
export async function cancelBatch(
  client: ClientBase,
  orders: cancelBatch.Parameters,
  options: cancelBatch.Options = {},
): Promise<cancelBatch.ReturnType> {
  requireArgument(Unified.cancelBatch, orders, 'array', 'orders')
  // The reconciliation settings are checked before anything is sent.
  settingsOf(client, options.reconcile, Unified.cancelBatch)
  validateRequest(Unified.cancelBatch, orders)
  assertNamedAlike(orders)
  return oneBatch(
    client,
    cancelEngine(),
    { parameters: orders, retryWith: orders, items: orders },
    options,
    { code: '00000', msg: 'success' },
  )
}

/**
 * Refuses a batch that names some orders by `orderId` and others by `clientOid` alone: the
 * exchange would ignore those clientOids and answer that their orders do not exist (a decision
 * of this client; the exchange's rules accept the batch).
 */
function assertNamedAlike(orders: cancelBatch.Parameters): void {
  const kinds = orders.map(namedBy)
  const at = kinds.indexOf('clientOid')
  if (at === -1 || !kinds.includes('orderId')) return
  throw new ValidationError({
    endpoint: Unified.cancelBatch.id,
    issues: [
      Issue.create({
        type: 'forbidden',
        path: [at, 'clientOid'],
        expected:
          'no order named by clientOid alone in a batch that names others by orderId (the exchange ignores clientOid there; batch.cancel sends them apart)',
        received: JSON.stringify(orders[at]?.clientOid),
      }),
    ],
  })
}

export declare namespace cancelBatch {
  /** Up to 20 orders of one category, each by `orderId` or `clientOid`. */
  type Parameters = readonly Unified.cancelBatch.Item[]
  /** Options of the call: `signal`, `reconcile`. */
  type Options = ChangeOptions
  /** Per-item results, in order (an order proven not cancelled with its `error`). */
  type ReturnType = SettledBatchItemResult[]
  /**
   * What the call may throw: `OrderOutcomeUnknownError` (its `retryWith` the batch) when an
   * order's outcome stays unknown.
   */
  type ErrorType =
    | WriteErrorType
    | Named<OrderOutcomeUnknownError<BatchCall<cancelBatch.Parameters>>, 'OrderOutcomeUnknownError'>
}
