import type { ChangeErrorType, Named } from '@tradeline/core'
import { isRetry, runChange, validateRequest } from '@tradeline/core'
import { combineSignals } from '@tradeline/core/internal'
import { Unified } from '@tradeline/rules/unified'
import { type ChangeOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { defined } from '../internal/context.js'
import { type Lookup, settingsOf, type Verdict } from '../internal/settle.js'
import { lookUpOrder, OrderIdUnresolvedError, OrderNotChangedError } from '../reconcile.js'
import { orderAck, type ResolvedAck } from '../schemas/ack.js'

/**
 * Cancels one unfilled or partially filled order (POST /api/v3/trade/cancel-order); `orderId`
 * wins over `clientOid`. An unknown outcome is reconciled by reading the order: the
 * acknowledgement is returned once it shows `cancelled`, and `OrderNotChangedError` is thrown
 * when it is filled, does not exist, or stays open through the window.
 *
 * @example
 * import { cancelOrder, createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await cancelOrder(client, { clientOid: 'my-1', category: 'SPOT' }) // { orderId: '1001', clientOid: 'my-1' }
 */
export async function cancelOrder(
  client: ClientBase,
  parameters: cancelOrder.Parameters,
  options: cancelOrder.Options = {},
): Promise<cancelOrder.ReturnType> {
  requireArgument(Unified.cancelOrder, parameters, 'object', 'parameters')
  // The call's own reconciliation settings are checked before anything is sent.
  const reconcile = settingsOf(client, options.reconcile, Unified.cancelOrder)
  const request = validateRequest(Unified.cancelOrder, parameters, {})
  const signal = combineSignals(client.config?.signal, options.signal)
  const query = defined({ orderId: parameters.orderId, clientOid: parameters.clientOid })
  // The body names no symbol; the one of an order this client placed decides its budget
  // (an rToken cancel also counts against the rToken budget).
  const symbol = client.symbols?.symbolOf(parameters)
  // A refusal may meet this call's own first attempt only when it is the retry of an unknown
  // outcome (`retryWith`): the order found cancelled is then the acknowledgement.
  const retry = isRetry(parameters)
  return runChange(
    client.transport,
    {
      endpoint: Unified.cancelOrder,
      request,
      response: orderAck,
      symbol,
      retryWith: parameters,
      retry,
      clientOid: parameters.clientOid,
      acknowledged: async (ack, s) => {
        const clientOid = ack.clientOid ?? parameters.clientOid ?? null
        const orderId =
          ack.orderId ?? parameters.orderId ?? (await lookUpOrder(client, query, s))?.orderId
        if (orderId === undefined) throw new OrderIdUnresolvedError({ clientOid: clientOid ?? '' })
        return { orderId, clientOid }
      },
      lookup: (s) => lookUpOrder(client, query, s),
      judge: judgeCancel,
      refusal: () => (retry ? 'check' : 'stands'),
      notApplied: (order, attempts, cause) =>
        new OrderNotChangedError({
          endpoint: Unified.cancelOrder.id,
          order,
          status: order?.orderStatus,
          attempts,
          cause,
        }),
    },
    { signal, reconcile },
  )
}

/** Whether the order shows the cancellation. */
export function judgeCancel(found: Lookup): Verdict<ResolvedAck> {
  if (found === undefined) return { kind: 'not-applied', final: true }
  if (found.orderStatus === 'cancelled')
    return { kind: 'done', value: { orderId: found.orderId, clientOid: found.clientOid } }
  return { kind: 'not-applied', final: found.orderStatus === 'filled' }
}

export declare namespace cancelOrder {
  /** The order to cancel: `orderId` or `clientOid`. */
  type Parameters = Unified.cancelOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement. */
  type ReturnType = ResolvedAck
  /** What the call may throw. */
  type ErrorType =
    | ChangeErrorType<cancelOrder.Parameters>
    | Named<OrderIdUnresolvedError, 'OrderIdUnresolvedError'>
}
