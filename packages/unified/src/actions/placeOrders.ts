import { duplicateClientOidCodes, type ReadErrorType, resolveOrderIds } from '@tradeline/core'
import { batchPlacement, combineSignals } from '@tradeline/core/internal'
import { Unified } from '@tradeline/rules'
import { type BatchOptions, type BatchOutcome, runBatches } from '../internal/batches.js'
import { type ClientBase, requireArgument } from '../internal/call.js'
import { assertTradable } from '../internal/context.js'
import { settingsOf } from '../internal/settle.js'
import { OrderNotPlacedError } from '../reconcile.js'
import type { OrderRecord } from '../schemas/order.js'
import { placeBatchContext, withClientOids } from './placeBatch.js'
import { createdTimeOf, ownOrder, resolveOrderId } from './placeOrder.js'

/**
 * Places any number of orders through place-batch: grouped by category, cut into batches of
 * 20, every batch checked before the first is sent, sent at the rate limiter's pace. Returns
 * one outcome per order in input order (`ok`, `rejected` with the item's code, or `failed`);
 * a batch with an unknown outcome is reconciled order by order by `clientOid`.
 *
 * @example
 * import { createUnifiedClient, placeOrders } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const outcomes = await placeOrders(client, orders, { onProgress: ({ done, total }) => console.log(done, total) })
 * outcomes.filter((o) => o.status === 'ok').length // 45
 */
export async function placeOrders(
  client: ClientBase,
  orders: placeOrders.Parameters,
  options: placeOrders.Options = {},
): Promise<placeOrders.ReturnType> {
  requireArgument(Unified.placeBatch, orders, 'array', 'orders')
  // The reconciliation settings are checked before the instrument checks load anything.
  settingsOf(client, options.reconcile, Unified.placeBatch)
  type Item = Unified.placeBatch.Item & { clientOid: string }
  const items = withClientOids(client, orders) as Item[]
  await assertTradable(client, Unified.placeBatch, items, (i) => [i])
  const outcomes = await runBatches<Item>(
    client,
    {
      endpoint: Unified.placeBatch,
      context: (chunk) => placeBatchContext(client, chunk),
      query: (item) => ({ clientOid: item.clientOid }),
      // Each item is read as placeOrder reads its order (core's placement reading): an order
      // found under the clientOid that this item could not have made is another order's, and a
      // retry refused as a duplicate whose order is not visible yet stays unknown.
      ...batchPlacement<Item, OrderRecord>({
        duplicateCodes: duplicateClientOidCodes,
        judge: (item, found) =>
          found === undefined
            ? { kind: 'not-applied', final: false }
            : ownOrder(found, item)
              ? { kind: 'done', value: { orderId: found.orderId, clientOid: found.clientOid } }
              : { kind: 'not-applied', final: true },
        createdAt: createdTimeOf,
      }),
      notApplied: (item, _, attempts, cause) =>
        new OrderNotPlacedError({
          endpoint: Unified.placeBatch.id,
          clientOid: item.clientOid,
          attempts,
          cause,
        }),
    },
    items,
    options,
  )
  // An item acknowledged without `orderId` (a reduce-only replacement) is looked up by its
  // `clientOid`, as placeOrder does; it fails when not found, so `ok` always carries the id.
  const signal = combineSignals(client.config?.signal, options.signal)
  const resolved = await resolveOrderIds(
    outcomes,
    (outcome) =>
      resolveOrderId(client, items[outcome.index]?.clientOid ?? '', signal).then(
        (ack) => ack.orderId,
      ),
    signal,
  )
  for (const outcome of resolved)
    if (outcome.status !== 'failed') client.symbols?.remember(outcome, items[outcome.index]?.symbol)
  return resolved
}

export declare namespace placeOrders {
  /** Any number of orders (place-batch items), of any categories. */
  type Parameters = readonly Unified.placeBatch.Item[]
  /** Options: `onProgress`, `signal`, `reconcile`. */
  type Options = BatchOptions
  /** One outcome per order, in input order; an `ok` outcome carries its order's `orderId`. */
  type ReturnType = BatchOutcome<string>[]
  /** What the call may throw (a `ValidationError` before anything is sent). */
  type ErrorType = ReadErrorType
}
