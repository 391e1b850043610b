import type { ChangeErrorType } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import {
  assertTradable,
  type ChangeOptions,
  type ClientBase,
  clientOidFor,
  orderContextOf,
  validateOrder,
} from '../internal/client.js'
import { oneBatch } from '../internal/oneBatch.js'
import { settingsOf } from '../reconcile.js'
import type { OrderDetail, SettledBatchResult } from '../schemas/records.js'
import { isObject, type PlacedItem, placementEngine } from './placeOrders.js'

/**
 * Places one batch of 1 to 50 orders of one contract (POST /api/v2/mix/order/batch-place-order).
 * Every order gets a `clientOid` when it has none and the batch is checked before it is sent. It
 * goes through core's engine as {@link placeOrders} does: an unknown outcome (timeout, lost
 * connection, 40010/40725/45001, HTTP 5xx) is reconciled order by order through order detail by
 * `clientOid`, and the answer lists what the exchange holds (`successList`: placed; `failureList`:
 * refused, or proven not placed with the error as `error`). When an order's outcome stays
 * unknown (an abort ending its lookups included), `OrderOutcomeUnknownError` whose `retryWith` is
 * this batch with the same `clientOid`s: sending it again places each order at most once, and
 * answers for every order.
 *
 * @example
 * import { createClassicFuturesClient, placeBatch } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await placeBatch(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginMode: 'crossed', marginCoin: 'USDT', orderList: [{ size: '0.01', side: 'buy', orderType: 'limit', price: '60000' }] })
 * // { successList: [{ orderId: '1001', clientOid: 'Jc3m_…', symbol: null }], failureList: [], result: true }
 */
export async function placeBatch(
  client: ClientBase,
  parameters: placeBatch.Parameters,
  options: placeBatch.Options = {},
): Promise<placeBatch.ReturnType> {
  requireArgument(ClassicFutures.batchPlaceOrder, parameters, 'object')
  // The reconciliation settings are checked before the instrument checks load anything.
  settingsOf(client, options.reconcile, ClassicFutures.batchPlaceOrder)
  const input = {
    ...parameters,
    orderList: Array.isArray(parameters.orderList)
      ? parameters.orderList.map((order) =>
          isObject(order) && order.clientOid === undefined
            ? { ...order, clientOid: clientOidFor(client, undefined) }
            : order,
        )
      : parameters.orderList,
  }
  await assertTradable(client, ClassicFutures.batchPlaceOrder, [input])
  // As placeOrder: a mode switched elsewhere since it was read is read again, once.
  const context = await orderContextOf(client, input)
  await validateOrder(client, ClassicFutures.batchPlaceOrder, input, context)
  const { orderList, ...shared } = input
  return oneBatch<PlacedItem, OrderDetail>(
    client,
    { ...placementEngine(client), channelApiCode: options.channelApiCode },
    { parameters, retryWith: input, shared, list: orderList },
    options,
  )
}

export declare namespace placeBatch {
  /** The batch-place-order request. */
  type Parameters = ClassicFutures.batchPlaceOrder.Parameters
  /** Options of the call: `signal`, `reconcile`, `channelApiCode`. */
  type Options = ChangeOptions & {
    /** Sends the transport's broker code as `X-CHANNEL-API-CODE`. @default false */
    channelApiCode?: boolean | undefined
  }
  /** `successList`, `failureList` (an order proven not placed with its `error`), `result`. */
  type ReturnType = SettledBatchResult
  /** What the call may throw: `OrderOutcomeUnknownError` when an order's outcome stays unknown. */
  type ErrorType = ChangeErrorType<placeBatch.Parameters>
}
