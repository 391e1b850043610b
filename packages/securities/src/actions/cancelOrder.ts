import {
  type BaseError,
  combineSignals,
  OrderNotChangedError,
  reconcileSettings,
  requireArgument,
  runChange,
  validateRequest,
} from '@tradeline/core'
import { Securities } from '@tradeline/rules'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { lookUpOrder } from '../reconcile.js'
import type { StockOrder } from '../schemas/orders.js'
import { type OrderAck, orderAck } from '../schemas/records.js'

/**
 * Cancels a resting stock or option order (POST /api/v3/stockplus/trade/cancel-order) of
 * `symbol`, named by `orderId` or `clientOid`, through core's change engine: an unknown
 * outcome (a timeout, 45001, a lost connection) is settled by reading the order (order-detail,
 * by `orderId`): `CanceledStatus` is the acknowledgement; filled, rejected, expired or absent
 * throws `OrderNotChangedError`; still live through every lookup throws
 * `OrderOutcomeUnknownError` with the same cancel to send again (`retryWith`).
 *
 * @example
 * import { cancelOrder, createSecuritiesClient } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await cancelOrder(client, { symbol: 'AAPL.US', orderId: '1001' })
 * // { orderId: '1001', clientOid: null, symbol: 'AAPL.US' }
 */
export async function cancelOrder(
  client: ClientBase,
  parameters: cancelOrder.Parameters,
  options: ChangeOptions = {},
): Promise<cancelOrder.ReturnType> {
  requireArgument(Securities.cancelOrder, parameters, 'object')
  const reconcile = reconcileSettings(
    options.reconcile,
    client.config?.reconcile,
    Securities.cancelOrder.id,
  )
  const request = validateRequest(Securities.cancelOrder, parameters, {})
  const signal = combineSignals(client.config?.signal, options.signal)
  const { orderId } = parameters
  return runChange<OrderAck, OrderAck, StockOrder>(
    client.transport,
    {
      endpoint: Securities.cancelOrder,
      request,
      response: orderAck,
      symbol: parameters.symbol,
      retryWith: parameters,
      clientOid: parameters.clientOid,
      acknowledged: (ack) => ack,
      // Only an orderId can be read back (order-detail takes no clientOid).
      lookup: orderId === undefined ? undefined : (s) => lookUpOrder(client, orderId, s),
      judge: (found) => {
        if (found === undefined) return { kind: 'not-applied', final: true }
        if (found.status === 'CanceledStatus')
          return {
            kind: 'done',
            value: { orderId: found.orderId, clientOid: null, symbol: found.symbol },
          }
        return {
          kind: 'not-applied',
          final: !Securities.isLiveOrderStatus(found.status ?? ''),
        }
      },
      notApplied: (order, attempts, cause) =>
        new OrderNotChangedError({
          endpoint: Securities.cancelOrder.id,
          order,
          status: order?.status,
          attempts,
          cause,
        }),
    },
    { signal, reconcile },
  )
}

export declare namespace cancelOrder {
  /** `symbol` and `orderId` or `clientOid`. */
  type Parameters = Securities.cancelOrder.Parameters
  /** `orderId`, `clientOid` (`null` when empty) and `symbol`. */
  type ReturnType = OrderAck
  /** What the call may throw: `ValidationError`, `ApiError`, `OrderNotChangedError`, `UnknownOutcomeError`. */
  type ErrorType = BaseError
}
