import { type BaseError, pendingAsUnknown } from '@tradeline/core'
import { Decimal, Unified } from '@tradeline/rules'
import {
  type ChangeOptions,
  type ClientBase,
  requireArgument,
  send,
  signalOf,
  validate,
} from '../internal/call.js'
import { defined, instrumentOf } from '../internal/context.js'
import {
  isReconcilable,
  type Lookup,
  settingsOf,
  settle,
  type Verdict,
} from '../internal/settle.js'
import { OrderNotChangedError, OrderOutcomeUnknownError } from '../reconcile.js'
import { orderAck, type ResolvedAck } from '../schemas/ack.js'
import { resolveOrderId } from './placeOrder.js'

/**
 * Modifies the price or quantity of an order that is not fully filled
 * (POST /api/v3/trade/modify-order). The request is checked before it is sent (the tick, lot
 * and minimum rules where the client knows the instrument). An unknown outcome is reconciled by
 * reading the order: the acknowledgement is returned when the order shows the new values, and
 * `OrderNotChangedError` is thrown when it provably kept the old ones; nothing is sent twice.
 *
 * @example
 * import { createUnifiedClient, modifyOrder } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await modifyOrder(client, { orderId: '1001', symbol: 'BTCUSDT', category: 'SPOT', price: '60100' })
 * // { orderId: '1001', clientOid: 'Jc3m_0q9ZyXb-4TtUu1wQe8K' }
 */
export async function modifyOrder(
  client: ClientBase,
  parameters: modifyOrder.Parameters,
  options: modifyOrder.Options = {},
): Promise<modifyOrder.ReturnType> {
  requireArgument(Unified.modifyOrder, parameters, 'object', 'parameters')
  // The call's own reconciliation settings are checked before anything is sent.
  const settings = settingsOf(client, options.reconcile, Unified.modifyOrder)
  const instrument = await instrumentOf(client, parameters.symbol, parameters.category)
  const request = validate(Unified.modifyOrder, parameters, defined({ instrument }))
  const signal = signalOf(client, options.signal)
  const query = defined({ orderId: parameters.orderId, clientOid: parameters.clientOid })
  let ack: { orderId: string | null; clientOid: string | null }
  try {
    ack = await send(client, Unified.modifyOrder, request, orderAck, { signal })
  } catch (caught) {
    // Refused because a modification still awaits its result: that may be this call's own first
    // attempt (the retry of an unknown outcome), so the outcome is unknown and reconciled.
    const error = pendingAsUnknown(caught)
    if (settings === undefined || !isReconcilable(error, signal)) throw caught
    return settle(client, {
      error,
      settings,
      signal,
      query,
      judge: (found) => judgeModify(found, parameters),
      notApplied: (order, attempts) =>
        new OrderNotChangedError({
          endpoint: Unified.modifyOrder.id,
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
  const orderId = ack.orderId ?? parameters.orderId
  const clientOid = ack.clientOid ?? parameters.clientOid ?? null
  if (orderId !== undefined) return { orderId, clientOid }
  return resolveOrderId(client, clientOid ?? '', signal)
}

/** Whether the order shows the requested price and quantity. */
export function judgeModify(
  found: Lookup,
  parameters: { price?: string | undefined; qty?: string | undefined },
): Verdict<ResolvedAck> {
  if (found === undefined) return { kind: 'not-applied', final: true }
  const same = (a: string | null | undefined, b: string | undefined) =>
    b === undefined ||
    (typeof a === 'string' &&
      Decimal.isDecimal(a) &&
      Decimal.isDecimal(b) &&
      Decimal.compare(a, b) === 0)
  if (same(found.price, parameters.price) && same(found.qty, parameters.qty))
    return { kind: 'done', value: { orderId: found.orderId, clientOid: found.clientOid } }
  const closed = found.orderStatus === 'filled' || found.orderStatus === 'cancelled'
  return { kind: 'not-applied', final: closed }
}

export declare namespace modifyOrder {
  /** The modification as a caller writes it. */
  type Parameters = Unified.modifyOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement. */
  type ReturnType = ResolvedAck
  /** What the call may throw. */
  type ErrorType = BaseError
}
