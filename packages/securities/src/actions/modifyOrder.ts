import type { ChangeErrorType } from '@tradeline/core'
import { OrderClosedOutcomeUnknownError } from '@tradeline/core'
import { modificationRefusal, requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import { Decimal } from '@tradeline/rules/shared'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { checkModification } from '../internal/orderChecks.js'
import { ackOf, changeOrder } from '../reconcile.js'
import type { StockOrder } from '../schemas/orders.js'
import type { OrderAck } from '../schemas/records.js'

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
 * `OrderOutcomeUnknownError` with the same modification to send again (`retryWith`). That
 * retry's refusal (`43020` for an order closed since, or any other) is checked against the
 * order: its first attempt may have applied meanwhile, and an order read back showing the
 * quantity and prices sent (live or closed since) is the acknowledgement; otherwise the refusal
 * stands, or, while the first attempt may still reach the exchange, the outcome stays unknown.
 *
 * Modify-order names only the `orderId`: an order this client placed or read (`orders.get`) is
 * checked before the modification is sent, against its symbol and type: the fields its type
 * forbids (`trailingPercent` on an `LO`), `price`, `triggerPrice` and `monitorPrice` on the
 * tick, `quantity` in whole lots (a `ValidationError` naming the field, nothing sent). Another
 * order is sent as given: the exchange checks it (no order-detail read is spent on it).
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
  const applied = (found: StockOrder, request: Readonly<Record<string, string>>) =>
    shows(found.quantity, request.quantity) &&
    shows(found.price, request.price) &&
    shows(found.triggerPrice, request.triggerPrice)
  return changeOrder(client, Securities.modifyOrder, parameters, options, {
    orderId: typeof parameters.orderId === 'string' ? parameters.orderId : undefined,
    check: (request, signal) => checkModification(client, request, signal),
    judge: (found, request) => {
      if (found === undefined) return { kind: 'not-applied', final: true }
      if (applied(found, request)) return { kind: 'done', value: ackOf(found) }
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
    // A retry's refusal may meet its first attempt: one awaiting its result (43021) is
    // reconciled, any other refusal (43020: the order closed since) is checked.
    refusal: (error) => modificationRefusal(true, error),
    // The order shows what was sent (live, or closed since): the first attempt applied.
    judgeRefusal: (found, request) =>
      found !== undefined && applied(found, request)
        ? { kind: 'done', value: ackOf(found) }
        : { kind: 'not-applied', final: true },
  })
}

export declare namespace modifyOrder {
  /** `orderId`, the whole new `quantity` and the fields to change. */
  type Parameters = Securities.modifyOrder.Parameters
  /** `orderId`, `clientOid` (`null` when empty) and `symbol`. */
  type ReturnType = OrderAck
  /** What the call may throw: `ValidationError` (also a price off its tick, a fraction of a lot or a field the order's type forbids, for an order this client knows), `ApiError`, `OrderNotChangedError`, `UnknownOutcomeError`. */
  type ErrorType = ChangeErrorType<modifyOrder.Parameters>
}
