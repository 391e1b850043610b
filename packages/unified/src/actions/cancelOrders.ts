import { isRetry, type ReadErrorType } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import {
  type BatchEngine,
  type BatchOptions,
  type BatchOutcome,
  runBatches,
} from '../internal/batches.js'
import { type ClientBase, requireArgument } from '../internal/call.js'
import { defined } from '../internal/context.js'
import { OrderNotChangedError } from '../reconcile.js'
import { judgeCancel } from './cancelOrder.js'

/**
 * Cancels any number of orders through cancel-batch: grouped by category, cut into batches of
 * 20, all checked before the first is sent, sent at the rate limiter's pace. Orders named by
 * `orderId` and orders named by `clientOid` alone go in batches of their own: in a batch that
 * names any order by `orderId` the exchange ignores `clientOid`, and an order named by it alone
 * would be answered as not existing while it stays open. One outcome per order in input order;
 * a batch with an unknown outcome is reconciled by reading each order.
 *
 * @example
 * import { cancelOrders, createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const outcomes = await cancelOrders(client, [{ category: 'SPOT', symbol: 'BTCUSDT', orderId: '1001' }])
 * outcomes[0]?.status // 'ok'
 */
export async function cancelOrders(
  client: ClientBase,
  orders: cancelOrders.Parameters,
  options: cancelOrders.Options = {},
): Promise<cancelOrders.ReturnType> {
  requireArgument(Unified.cancelBatch, orders, 'array', 'orders')
  return runBatches(client, cancelEngine(), orders, options)
}

/**
 * The cancellations of cancel-batch on core's batch engine, for {@link cancelOrders} and
 * {@link cancelBatch}: each item read as cancelOrder reads its order.
 */
export function cancelEngine(): BatchEngine<Unified.cancelBatch.Item> {
  return {
    endpoint: Unified.cancelBatch,
    context: async () => ({}),
    query: (item) => defined({ orderId: item.orderId, clientOid: item.clientOid }),
    judge: (_, found) => judgeCancel(found),
    notApplied: (_, order, attempts, cause) =>
      new OrderNotChangedError({
        endpoint: Unified.cancelBatch.id,
        order,
        status: order?.orderStatus,
        attempts,
        cause,
      }),
    // As cancelOrder: the safe retry of an unknown item is refused (43020) when its first
    // attempt cancelled the order late: it is checked, an order found cancelled is the
    // acknowledgement; a first attempt's refusal stands.
    refusal: (item) => (isRetry(item) ? 'check' : 'stands'),
    apart: namedBy,
  }
}

/**
 * How an order of cancel-batch is named: `orderId` (which wins over a `clientOid` beside it), or
 * `clientOid` alone. In a batch that names any order by `orderId`, the exchange ignores
 * `clientOid`.
 */
export function namedBy(item: unknown): 'orderId' | 'clientOid' {
  return (item as { orderId?: unknown } | null | undefined)?.orderId === undefined
    ? 'clientOid'
    : 'orderId'
}

export declare namespace cancelOrders {
  /** Any number of orders, each by `orderId` or `clientOid`. */
  type Parameters = readonly Unified.cancelBatch.Item[]
  /** Options: `onProgress`, `signal`, `reconcile`. */
  type Options = BatchOptions
  /** One outcome per order, in input order. */
  type ReturnType = BatchOutcome[]
  /** What the call may throw (a `ValidationError` before anything is sent). */
  type ErrorType = ReadErrorType
}
