import type { Named, OrderOutcomeUnknownError, WriteErrorType } from '@tradeline/core'
import { ValidationError, validateRequest } from '@tradeline/core'
import type { Issues } from '@tradeline/rules/shared'
import { Unified } from '@tradeline/rules/unified'
import { duplicates } from '../internal/batches.js'
import { type ChangeOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { assertTradable } from '../internal/context.js'
import { type BatchCall, oneBatch } from '../internal/oneBatch.js'
import { settingsOf } from '../internal/settle.js'
import type { SettledBatchItemResult } from '../schemas/ack.js'
import {
  type PlacedItem,
  placeBatchContext,
  placementEngine,
  withClientOids,
} from './placeOrders.js'

/**
 * Places one batch of 1 to 20 orders of one category (POST /api/v3/trade/place-batch). Every
 * order gets a `clientOid` when it has none and is checked before anything is sent. It goes
 * through core's engine as {@link placeOrders} does: an unknown outcome (timeout, lost
 * connection, 40010/40725/45001, HTTP 5xx) is reconciled order by order through order-info by
 * `clientOid`, and the answer is one result per order, in order, as the exchange holds them (an
 * order found placed as the exchange acknowledges one, `code` `00000`; an order proven not
 * placed with the error as `error`). When an order's outcome stays unknown (an abort ending its
 * lookups included), `OrderOutcomeUnknownError` whose `retryWith` is this batch with the same
 * `clientOid`s: sending it again places each order at most once, and answers for every order.
 * Use {@link placeOrders} for any number of orders and progress.
 *
 * @example
 * import { createUnifiedClient, placeBatch } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await placeBatch(client, [{ category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '60000' }])
 * // [{ orderId: '1001', clientOid: 'Jc3m_…', code: '00000', msg: 'success' }]
 */
export async function placeBatch(
  client: ClientBase,
  orders: placeBatch.Parameters,
  options: placeBatch.Options = {},
): Promise<placeBatch.ReturnType> {
  requireArgument(Unified.placeBatch, orders, 'array', 'orders')
  // The reconciliation settings are checked before the instrument checks load anything.
  settingsOf(client, options.reconcile, Unified.placeBatch)
  const items = withClientOids(client, orders) as PlacedItem[]
  const repeated = duplicates(items, (item: { clientOid?: string | undefined }) => ({
    clientOid: item.clientOid,
  }))
  if (repeated.length > 0)
    throw new ValidationError({
      endpoint: Unified.placeBatch.id,
      issues: repeated as unknown as Issues,
    })
  await assertTradable(client, Unified.placeBatch, items, (i) => [i])
  validateRequest(Unified.placeBatch, items, await placeBatchContext(client, items))
  const results = await oneBatch(
    client,
    placementEngine(client),
    { parameters: orders, retryWith: items, items },
    options,
    { code: '00000', msg: 'success' },
  )
  results.forEach((result, i) => {
    if (result.error === undefined) client.symbols?.remember(result, items[i]?.symbol)
  })
  return results
}

export declare namespace placeBatch {
  /** Up to 20 orders of one category. */
  type Parameters = readonly Unified.placeBatch.Item[]
  /** Options of the call: `signal`, `reconcile`. */
  type Options = ChangeOptions
  /** Per-item results, in order (an order proven not placed with its `error`). */
  type ReturnType = SettledBatchItemResult[]
  /**
   * What the call may throw: `OrderOutcomeUnknownError` (its `retryWith` the batch with its
   * `clientOid`s) when an order's outcome stays unknown.
   */
  type ErrorType =
    | WriteErrorType
    | Named<OrderOutcomeUnknownError<BatchCall<placeBatch.Parameters>>, 'OrderOutcomeUnknownError'>
}
