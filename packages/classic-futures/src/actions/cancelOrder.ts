import type { ChangeErrorType, Named } from '@tradeline/core'
import {
  type BaseError,
  type ChangeVerdict,
  isRetry,
  OrderNotChangedError,
  OrderReplacedError,
  orderAbsentCodes,
  type RefusalMeaning,
  runChange,
  validateRequest,
} from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { replacementsOf } from '../internal/replacements.js'
import { isCanceled, lookUpOrder, type OrderQuery, settingsOf } from '../reconcile.js'
import { type OrderDetail, orderAck } from '../schemas/records.js'

/**
 * Cancels one order (POST /api/v2/mix/order/cancel-order) by `orderId` (wins) or `clientOid`.
 * An unknown outcome is reconciled by order detail: a cancelled order is the cancellation's
 * result; a filled or absent order is `OrderNotChangedError`; otherwise the outcome stays unknown.
 * An order that a modification of this process replaced (cancelled, with a successor under the
 * modification's `newClientOid`) is `OrderReplacedError` naming the successor, never a success.
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
  const reconcile = settingsOf(client, options.reconcile, ClassicFutures.cancelOrder)
  const request = validateRequest(ClassicFutures.cancelOrder, parameters, undefined)
  const signal = combineSignals(client.config?.signal, options.signal)
  const retry = isRetry(parameters)
  return runChange(
    client.transport,
    {
      endpoint: ClassicFutures.cancelOrder,
      request,
      response: orderAck,
      retryWith: parameters,
      retry,
      clientOid: parameters.clientOid,
      acknowledged: (ack) => ack,
      ...cancelReading(client, parameters, ClassicFutures.cancelOrder, retry),
    },
    { reconcile, signal },
  )
}

/**
 * How a cancel reads what it meets, for cancelOrder and each item of cancelOrders alike (core's
 * engine reads both): the lookup is the order and, when this process replaced it by a
 * modification, its successor; after an unknown outcome, cancelled is this cancellation unless a
 * modification replaced the order (`OrderReplacedError` naming the successor); a refusal is
 * checked when this call is the retry of an unknown outcome (its first attempt may have
 * cancelled the order), or when the order may have been replaced by this process (the caller
 * learns its successor).
 */
export function cancelReading(
  client: ClientBase,
  parameters: OrderQuery,
  endpoint: { readonly id: string },
  retry: boolean,
): CancelReading {
  const replacements = replacementsOf(client.transport.baseUrl)
  const replaced = (order: OrderDetail | undefined) =>
    order !== undefined && isCanceled(order.state) ? replacements.successorOf(order) : undefined
  const replacedBy = (found: CancelLookup): ChangeVerdict<cancelOrder.ReturnType> | undefined => {
    const { order, successor } = found
    if (successor === undefined || successor.orderId === order.orderId) return undefined
    return {
      kind: 'error',
      error: new OrderReplacedError({
        endpoint: endpoint.id,
        orderId: order.orderId,
        successor: {
          orderId: successor.orderId,
          clientOid: successor.clientOid,
          status: successor.state,
        },
      }),
    }
  }
  const cancelled = (order: OrderDetail): ChangeVerdict<cancelOrder.ReturnType> => ({
    kind: 'done',
    value: { orderId: order.orderId, clientOid: order.clientOid },
  })
  return {
    // The order (and, when this process replaced it by a modification, its successor).
    lookup: async (s) => {
      const order = await lookUpOrder(client, parameters, s)
      const next = replaced(order)
      if (order === undefined || next === undefined) return order && { order }
      const successor = await lookUpOrder(
        client,
        {
          symbol: parameters.symbol,
          productType: parameters.productType,
          clientOid: next.newClientOid,
        },
        s,
      )
      return { order, successor }
    },
    judge: (found) => {
      if (found === undefined) return { kind: 'not-applied', final: true }
      const { order } = found
      if (isCanceled(order.state)) return replacedBy(found) ?? cancelled(order)
      return { kind: 'not-applied', final: order.state === 'filled' }
    },
    refusal: (error) =>
      retry || replacements.successorOf(parameters) !== undefined || orderGone(error)
        ? 'check'
        : 'stands',
    judgeRefusal: (found) => {
      if (found === undefined || !isCanceled(found.order.state))
        return { kind: 'not-applied', final: true }
      return (
        replacedBy(found) ?? (retry ? cancelled(found.order) : { kind: 'not-applied', final: true })
      )
    },
    notApplied: (found, attempts, cause) =>
      new OrderNotChangedError({
        endpoint: endpoint.id,
        order: found?.order,
        status: found?.order.state,
        attempts,
        cause,
      }),
  }
}

/** A cancel's reading (see {@link cancelReading}), in the shape of core's `Change`. */
type CancelReading = {
  lookup(signal: AbortSignal | undefined): Promise<CancelLookup | undefined>
  judge(found: CancelLookup | undefined): ChangeVerdict<cancelOrder.ReturnType>
  refusal(error: { readonly code: string }): RefusalMeaning
  judgeRefusal(found: CancelLookup | undefined): ChangeVerdict<cancelOrder.ReturnType>
  notApplied(found: CancelLookup | undefined, attempts: number, cause: unknown): BaseError
}

/** What a cancel's lookup shows: the order, and the successor of a replacement. */
export type CancelLookup = {
  readonly order: OrderDetail
  readonly successor?: OrderDetail | undefined
}

/** Refusals for an order that is closed or gone: it may have been replaced by this process. */
function orderGone(error: { readonly code: string }): boolean {
  return orderAbsentCodes.includes(error.code) || ['40768', '45055', '43020'].includes(error.code)
}

export declare namespace cancelOrder {
  /** Which order: its contract, and `orderId` or `clientOid`. */
  type Parameters = ClassicFutures.cancelOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement. */
  type ReturnType = { readonly orderId: string | null; readonly clientOid: string | null }
  /** What the call may throw. */
  type ErrorType =
    | ChangeErrorType<cancelOrder.Parameters>
    | Named<OrderReplacedError, 'OrderReplacedError'>
}
