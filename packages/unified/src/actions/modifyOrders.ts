import { isRetry, type ReadErrorType } from '@tradeline/core'
import { modificationRefusal } from '@tradeline/core/internal'
import { Unified } from '@tradeline/rules/unified'
import {
  type BatchEngine,
  type BatchOptions,
  type BatchOutcome,
  runBatches,
} from '../internal/batches.js'
import { type ClientBase, requireArgument } from '../internal/call.js'
import { defined, instrumentsOf } from '../internal/context.js'
import { OrderNotChangedError } from '../reconcile.js'
import { judgeModify } from './modifyOrder.js'

/**
 * Modifies any number of orders through batch-modify-order: grouped by category, cut into
 * batches of 20, all checked before the first is sent, sent one at a time (never more than the
 * 5 in flight the exchange allows). One outcome per modification in input order; a batch with
 * an unknown outcome is reconciled by reading each order.
 *
 * @example
 * import { createUnifiedClient, modifyOrders } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const outcomes = await modifyOrders(client, [{ orderId: '1001', category: 'SPOT', symbol: 'BTCUSDT', price: '60100' }])
 * outcomes[0]?.status // 'ok'
 */
export async function modifyOrders(
  client: ClientBase,
  orders: modifyOrders.Parameters,
  options: modifyOrders.Options = {},
): Promise<modifyOrders.ReturnType> {
  requireArgument(Unified.batchModifyOrder, orders, 'array', 'orders')
  return runBatches(client, modifyEngine(client), orders, options)
}

/**
 * The modifications of batch-modify-order on core's batch engine, for {@link modifyOrders} and
 * {@link modifyBatch}: each item read as modifyOrder reads its order.
 */
export function modifyEngine(client: ClientBase): BatchEngine<Unified.batchModifyOrder.Item> {
  return {
    endpoint: Unified.batchModifyOrder,
    context: async (chunk) => defined({ instruments: await instrumentsOf(client, chunk) }),
    query: (item) => defined({ orderId: item.orderId, clientOid: item.clientOid }),
    judge: (item, found) => judgeModify(found, item, Unified.batchModifyOrder),
    // As modifyOrder: a retried item refused while a modification awaits its result (43021)
    // may meet its own first attempt: an unknown outcome, looked up; its other refusals are
    // checked against the order; a first attempt's refusal stands.
    refusal: (item, error) => modificationRefusal(isRetry(item), error),
    notApplied: (_, order, attempts, cause) =>
      new OrderNotChangedError({
        endpoint: Unified.batchModifyOrder.id,
        order,
        status: order?.orderStatus,
        attempts,
        cause,
      }),
  }
}

export declare namespace modifyOrders {
  /** Any number of modifications. */
  type Parameters = readonly Unified.batchModifyOrder.Item[]
  /** Options: `onProgress`, `signal`, `reconcile`. */
  type Options = BatchOptions
  /** One outcome per modification, in input order. */
  type ReturnType = BatchOutcome[]
  /** What the call may throw (a `ValidationError` before anything is sent). */
  type ErrorType = ReadErrorType
}
