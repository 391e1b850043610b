import type { ChangeErrorType } from '@tradeline/core'
import { validateRequest } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { oneBatch } from '../internal/oneBatch.js'
import { sendUnnamed } from '../internal/unnamed.js'
import { settingsOf } from '../reconcile.js'
import { batchResult, type SettledBatchResult } from '../schemas/records.js'
import type { CancelLookup } from './cancelOrder.js'
import { type CancelItem, cancelEngine } from './cancelOrders.js'

/**
 * Cancels one batch of 1 to 50 orders of one symbol, each by `orderId` or `clientOid`
 * (POST /api/v2/mix/order/batch-cancel-orders). It goes through core's engine as
 * {@link cancelOrders} does: an unknown outcome (timeout, lost connection, 40010/40725/45001,
 * HTTP 5xx) is reconciled order by order through order detail, and the answer lists what the
 * exchange holds (`successList`: cancelled; `failureList`: refused, or proven not cancelled with
 * the error as `error`, as is an item naming by its `clientOid` the order an earlier item names by
 * `orderId`: the order is cancelled once); an order whose outcome stays unknown (an abort ending
 * its lookups included) makes it an `OrderOutcomeUnknownError` whose `retryWith` is this batch,
 * safe to send again. Without `orderIdList` it cancels every order of the product type (and
 * symbol): nothing names those orders, so an unknown outcome is thrown as it came
 * (`UnknownOutcomeError`); sending it again cancels what is still pending.
 *
 * @example
 * import { cancelBatch, createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await cancelBatch(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderIdList: [{ orderId: '1001' }, { clientOid: 'my-2' }] })
 * // { successList: [{ orderId: '1001', clientOid: '…', symbol: null }, { orderId: '1002', clientOid: 'my-2', symbol: null }], failureList: [], result: null }
 */
export async function cancelBatch(
  client: ClientBase,
  parameters: cancelBatch.Parameters,
  options: cancelBatch.Options = {},
): Promise<cancelBatch.ReturnType> {
  requireArgument(ClassicFutures.batchCancelOrders, parameters, 'object')
  const endpoint = ClassicFutures.batchCancelOrders
  // The reconciliation settings are checked before anything is sent.
  settingsOf(client, options.reconcile, endpoint)
  const request = validateRequest(endpoint, parameters) as cancelBatch.Parameters
  const { orderIdList, ...shared } = parameters
  // Every pending order of the product type: nothing names those orders.
  if (orderIdList === undefined) return sendUnnamed(client, endpoint, request, batchResult, options)
  return oneBatch<CancelItem, CancelLookup>(
    client,
    cancelEngine(client),
    { parameters, retryWith: parameters, shared, list: orderIdList },
    options,
  )
}

export declare namespace cancelBatch {
  /** The batch-cancel-orders request: each item by `orderId` or `clientOid`. */
  type Parameters = ClassicFutures.batchCancelOrders.Parameters
  /** Options of the call: `signal`, `reconcile`. */
  type Options = ChangeOptions
  /** `successList`, `failureList` (an order proven not cancelled with its `error`), `result`. */
  type ReturnType = SettledBatchResult
  /** What the call may throw: `OrderOutcomeUnknownError` when an order's outcome stays unknown. */
  type ErrorType = ChangeErrorType<cancelBatch.Parameters>
}
