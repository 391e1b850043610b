import type { ChangeErrorType } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { ackOf, changeOrder } from '../reconcile.js'
import type { StockOrder } from '../schemas/orders.js'
import type { OrderAck } from '../schemas/records.js'

/**
 * The final statuses a cancel leaves: `CanceledStatus`, and `PartialWithdrawal` for an order that
 * filled in part before its remainder was withdrawn (the broker's API calls a cancel "withdraw").
 */
const cancelledStatuses = ['CanceledStatus', 'PartialWithdrawal'] as const

/**
 * Cancels a resting stock or option order (POST /api/v3/stockplus/trade/cancel-order) of
 * `symbol`, named by `orderId` or `clientOid`, through core's change engine: an unknown
 * outcome (a timeout, 45001, a lost connection) is settled by reading the order (order-detail,
 * by `orderId`): `CanceledStatus` is the acknowledgement; filled, rejected, expired or absent
 * throws `OrderNotChangedError`; still live through every lookup throws
 * `OrderOutcomeUnknownError` with the same cancel to send again (`retryWith`). That retry's
 * refusal (`43020` for an order already closed, or any other) is checked against the order: its
 * first attempt may have cancelled it meanwhile, and an order read back cancelled is the
 * acknowledgement; otherwise the refusal stands, or, while the first attempt may still reach the
 * exchange, the outcome stays unknown (`retryWith` again).
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
  const cancelled = (found: StockOrder | undefined): boolean =>
    found?.status != null && (cancelledStatuses as readonly string[]).includes(found.status)
  return changeOrder(client, Securities.cancelOrder, parameters, options, {
    orderId: parameters.orderId,
    symbol: parameters.symbol,
    judge: (found) => {
      if (found === undefined) return { kind: 'not-applied', final: true }
      if (cancelled(found)) return { kind: 'done', value: ackOf(found) }
      return { kind: 'not-applied', final: !Securities.isLiveOrderStatus(found.status ?? '') }
    },
    // A retry's refusal (43020: the order is closed) may meet its first attempt's cancel.
    refusal: () => 'check',
    judgeRefusal: (found) =>
      found !== undefined && cancelled(found)
        ? { kind: 'done', value: ackOf(found) }
        : { kind: 'not-applied', final: true },
  })
}

export declare namespace cancelOrder {
  /** `symbol` and `orderId` or `clientOid`. */
  type Parameters = Securities.cancelOrder.Parameters
  /** `orderId`, `clientOid` (`null` when empty) and `symbol`. */
  type ReturnType = OrderAck
  /** What the call may throw: `ValidationError`, `ApiError`, `OrderNotChangedError`, `UnknownOutcomeError`. */
  type ErrorType = ChangeErrorType<cancelOrder.Parameters>
}
