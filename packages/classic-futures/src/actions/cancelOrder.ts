import {
  ApiError,
  type BaseError,
  isReconcilable,
  OrderNotChangedError,
  OrderOutcomeUnknownError,
  RateLimitedError,
  requireArgument,
  sendRequest,
} from '@tradeline/core'
import { ClassicFutures } from '@tradeline/rules'
import { type ChangeOptions, type ClientBase, validate } from '../internal/client.js'
import { signalOf } from '../internal/signal.js'
import { isCanceled, lookUpOrder, settingsOf, settle } from '../reconcile.js'
import { orderAck } from '../schemas/records.js'

/**
 * Cancels one order (POST /api/v2/mix/order/cancel-order) by `orderId` (wins) or `clientOid`.
 * An unknown outcome is reconciled by order detail: a cancelled order is the cancellation's
 * result; a filled or absent order is `OrderNotChangedError`; otherwise the outcome stays unknown.
 *
 * @example
 * import { cancelOrder, createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await cancelOrder(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: '1001' })
 * // { orderId: '1001', clientOid: 'Jc3m_…' }
 */
export async function cancelOrder(
  client: ClientBase,
  parameters: cancelOrder.Parameters,
  options: cancelOrder.Options = {},
): Promise<cancelOrder.ReturnType> {
  requireArgument(ClassicFutures.cancelOrder, parameters, 'object')
  // The call's own reconciliation settings are checked before anything is sent.
  const settings = settingsOf(client, options.reconcile, ClassicFutures.cancelOrder)
  const request = validate(ClassicFutures.cancelOrder, parameters, undefined)
  const signal = signalOf(client, options.signal)
  try {
    return await sendRequest(client.transport, ClassicFutures.cancelOrder, request, orderAck, {
      signal,
    })
  } catch (error) {
    // The safe retry of an unknown cancellation (`retryWith`) is refused when its first attempt
    // cancelled the order after all: the order found cancelled is the acknowledgement, as
    // reconciliation judges it (a filled or open order keeps the refusal).
    if (ApiError.isInstance(error) && !RateLimitedError.isInstance(error)) {
      const found = await lookUpOrder(client, parameters, signal).catch(() => undefined)
      if (found && isCanceled(found.state))
        return { orderId: found.orderId, clientOid: found.clientOid }
      throw error
    }
    if (settings === undefined || !isReconcilable(error, signal)) throw error
    return settle(client, {
      error,
      settings,
      signal,
      query: parameters,
      judge: (found) => {
        if (found === undefined) return { kind: 'not-applied', final: true }
        if (isCanceled(found.state))
          return { kind: 'done', value: { orderId: found.orderId, clientOid: found.clientOid } }
        return { kind: 'not-applied', final: found.state === 'filled' }
      },
      notApplied: (found, attempts) =>
        new OrderNotChangedError({
          endpoint: ClassicFutures.cancelOrder.id,
          order: found,
          status: found?.state,
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
}

export declare namespace cancelOrder {
  /** Which order: its contract, and `orderId` or `clientOid`. */
  type Parameters = ClassicFutures.cancelOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement. */
  type ReturnType = { readonly orderId: string | null; readonly clientOid: string | null }
  /** What the call may throw. */
  type ErrorType = BaseError
}
