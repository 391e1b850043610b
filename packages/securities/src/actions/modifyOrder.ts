import {
  type BaseError,
  combineSignals,
  OrderClosedOutcomeUnknownError,
  OrderNotChangedError,
  reconcileSettings,
  requireArgument,
  runChange,
  validateRequest,
} from '@tradeline/core'
import { Decimal, Securities } from '@tradeline/rules'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { lookUpOrder } from '../reconcile.js'
import type { StockOrder } from '../schemas/orders.js'
import { type OrderAck, orderAck } from '../schemas/records.js'

/** Whether the order shows `wanted` (a decimal sent) in `shown`. */
function shows(shown: string | null, wanted: string | undefined): boolean {
  return wanted === undefined || (shown !== null && Decimal.compare(shown, wanted) === 0)
}

/**
 * Modifies a resting stock or option order (POST /api/v3/stockplus/trade/modify-order): its
 * whole new `quantity` and, as its type uses them, `price`, `triggerPrice` and the trailing
 * fields; through core's change engine: an unknown outcome is settled by reading the order
 * (order-detail): the quantity and prices sent shown is the acknowledgement; absent throws
 * `OrderNotChangedError`; closed (filled, cancelled) without them throws
 * `OrderClosedOutcomeUnknownError`; live without them through every lookup throws
 * `OrderOutcomeUnknownError` with the same modification to send again (`retryWith`).
 *
 * @example
 * import { createSecuritiesClient, modifyOrder } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await modifyOrder(client, { orderId: '1001', quantity: '5', price: '149.5' })
 * // { orderId: '1001', clientOid: null, symbol: 'AAPL.US' }
 */
export async function modifyOrder(
  client: ClientBase,
  parameters: modifyOrder.Parameters,
  options: ChangeOptions = {},
): Promise<modifyOrder.ReturnType> {
  requireArgument(Securities.modifyOrder, parameters, 'object')
  const reconcile = reconcileSettings(
    options.reconcile,
    client.config?.reconcile,
    Securities.modifyOrder.id,
  )
  const request = validateRequest(Securities.modifyOrder, parameters, {}) as {
    orderId: string
    quantity: string
    price?: string
    triggerPrice?: string
  }
  const signal = combineSignals(client.config?.signal, options.signal)
  const applied = (order: StockOrder) =>
    shows(order.quantity, request.quantity) &&
    shows(order.price, request.price) &&
    shows(order.triggerPrice, request.triggerPrice)
  return runChange<OrderAck, OrderAck, StockOrder>(
    client.transport,
    {
      endpoint: Securities.modifyOrder,
      request,
      response: orderAck,
      retryWith: parameters,
      acknowledged: (ack) => ack,
      lookup: (s) => lookUpOrder(client, request.orderId, s),
      judge: (found) => {
        if (found === undefined) return { kind: 'not-applied', final: true }
        if (applied(found))
          return {
            kind: 'done',
            value: { orderId: found.orderId, clientOid: null, symbol: found.symbol },
          }
        if (Securities.isLiveOrderStatus(found.status ?? ''))
          return { kind: 'not-applied', final: false }
        const { id, method, path } = Securities.modifyOrder
        return {
          kind: 'error',
          error: new OrderClosedOutcomeUnknownError({
            endpoint: id,
            method,
            path,
            status: found.status,
          }),
        }
      },
      notApplied: (order, attempts, cause) =>
        new OrderNotChangedError({
          endpoint: Securities.modifyOrder.id,
          order,
          status: order?.status,
          attempts,
          cause,
        }),
    },
    { signal, reconcile },
  )
}

export declare namespace modifyOrder {
  /** `orderId`, the whole new `quantity` and the fields to change. */
  type Parameters = Securities.modifyOrder.Parameters
  /** `orderId`, `clientOid` (`null` when empty) and `symbol`. */
  type ReturnType = OrderAck
  /** What the call may throw: `ValidationError`, `ApiError`, `OrderNotChangedError`, `UnknownOutcomeError`. */
  type ErrorType = BaseError
}
