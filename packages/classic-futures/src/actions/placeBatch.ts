import type { WriteErrorType } from '@tradeline/core'
import { sendRequest, validateRequest } from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules'
import {
  assertTradable,
  type CallOptions,
  type ClientBase,
  clientOidFor,
  orderContextOf,
} from '../internal/client.js'
import { type BatchResult, batchResult } from '../schemas/records.js'

/**
 * Places one batch of 1 to 50 orders of one contract (POST /api/v2/mix/order/batch-place-order).
 * Every order gets a `clientOid` when it has none and the batch is checked before it is sent. An
 * unknown outcome is thrown as is: use {@link placeOrders} for reconciliation, any number of
 * orders and progress.
 *
 * @example
 * import { createClassicFuturesClient, placeBatch } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await placeBatch(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginMode: 'crossed', marginCoin: 'USDT', orderList: [{ size: '0.01', side: 'buy', orderType: 'limit', price: '60000' }] })
 * // { successList: [{ orderId: '1001', clientOid: 'Jc3m_…', symbol: null }], failureList: [], result: null }
 */
export async function placeBatch(
  client: ClientBase,
  parameters: placeBatch.Parameters,
  options: CallOptions = {},
): Promise<placeBatch.ReturnType> {
  requireArgument(ClassicFutures.batchPlaceOrder, parameters, 'object')
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
  const request = validateRequest(
    ClassicFutures.batchPlaceOrder,
    input,
    await orderContextOf(client, input),
  )
  return sendRequest(client.transport, ClassicFutures.batchPlaceOrder, request, batchResult, {
    signal: combineSignals(client.config?.signal, options.signal),
  })
}

export declare namespace placeBatch {
  /** The batch-place-order request. */
  type Parameters = ClassicFutures.batchPlaceOrder.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `successList`, `failureList`, `result`. */
  type ReturnType = BatchResult
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}

/** Whether an item is an object to give a clientOid: anything else is left for the rules to refuse as such. */
function isObject(value: unknown): value is { clientOid?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
