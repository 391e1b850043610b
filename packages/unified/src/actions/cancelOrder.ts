import { ApiError, type BaseError, RateLimitedError } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import {
  type ChangeOptions,
  type ClientBase,
  requireArgument,
  send,
  signalOf,
  validate,
} from '../internal/call.js'
import { defined } from '../internal/context.js'
import {
  isReconcilable,
  type Lookup,
  settingsOf,
  settle,
  type Verdict,
} from '../internal/settle.js'
import {
  lookUpOrder,
  OrderIdUnresolvedError,
  OrderNotChangedError,
  OrderOutcomeUnknownError,
} from '../reconcile.js'
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
  const settings = settingsOf(client, options.reconcile, Unified.cancelOrder)
  const request = validate(Unified.cancelOrder, parameters, {})
  const signal = signalOf(client, options.signal)
  const query = defined({ orderId: parameters.orderId, clientOid: parameters.clientOid })
  let ack: { orderId: string | null; clientOid: string | null }
  try {
    // The body names no symbol; the one of an order this client placed decides its budget
    // (an rToken cancel also counts against the rToken budget).
    const symbol = client.symbols?.symbolOf(parameters)
    ack = await send(client, Unified.cancelOrder, request, orderAck, { signal, symbol })
  } catch (error) {
    // The safe retry of an unknown cancellation (`retryWith`) is refused when its first attempt
    // cancelled the order after all: the order found cancelled is the acknowledgement, as
    // reconciliation judges it (a filled or open order keeps the refusal).
    if (ApiError.isInstance(error) && !RateLimitedError.isInstance(error)) {
      const found = await lookUpOrder(client, query, signal).catch(() => undefined)
      const verdict = judgeCancel(found)
      if (verdict.kind === 'done') return verdict.value
      throw error
    }
    if (settings === undefined || !isReconcilable(error, signal)) throw error
    return settle(client, {
      error,
      settings,
      signal,
      query,
      judge: judgeCancel,
      notApplied: (order, attempts) =>
        new OrderNotChangedError({
          endpoint: Unified.cancelOrder.id,
          order,
          status: order?.orderStatus,
          attempts,
          cause: error,
        }),
      unresolved: (attempts) =>
        new OrderOutcomeUnknownError({
          error,
          attempts,
          clientOid: parameters.clientOid,
          retryWith: parameters,
        }),
    })
  }
  const clientOid = ack.clientOid ?? parameters.clientOid ?? null
  const orderId =
    ack.orderId ?? parameters.orderId ?? (await lookUpOrder(client, query, signal))?.orderId
  if (orderId === undefined) throw new OrderIdUnresolvedError({ clientOid: clientOid ?? '' })
  return { orderId, clientOid }
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
  type ErrorType = BaseError
}
