import type { BaseError } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import {
  type ChangeOptions,
  type ClientBase,
  clientOidFor,
  send,
  signalOf,
  validate,
} from '../internal/call.js'
import { defined, instrumentOf, positionModeOf } from '../internal/context.js'
import { isReconcilable, settingsOf, settle } from '../internal/settle.js'
import { defaultReconcile, OrderIdUnresolvedError, OrderNotPlacedError } from '../reconcile.js'
import { orderAck } from '../schemas/ack.js'

/**
 * Places one order (POST /api/v3/trade/place-order). The order is checked before it is sent
 * (schema, and the tick, lot, minimum and position-mode rules where the client knows the
 * instrument and mode), always carries a `clientOid` (generated when absent), and an unknown
 * outcome is reconciled by looking the order up by `clientOid`: the real result is returned, or
 * `OrderNotPlacedError` is thrown; nothing is sent twice. An acknowledgement with a null
 * `orderId` (a reduce-only replacement) is resolved to the new order by its `clientOid`.
 *
 * @example
 * import { createUnifiedClient, placeOrder } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await placeOrder(client, { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '60000' })
 * // { orderId: '1001', clientOid: 'Jc3m_0q9ZyXb-4TtUu1wQe8K' }
 */
export async function placeOrder(
  client: ClientBase,
  parameters: placeOrder.Parameters,
  options: placeOrder.Options = {},
): Promise<placeOrder.ReturnType> {
  const clientOid = clientOidFor(client, parameters.clientOid)
  const input = { ...parameters, clientOid }
  const [instrument, positionMode] = await Promise.all([
    instrumentOf(client, parameters.symbol, parameters.category),
    positionModeOf(client, parameters.category),
  ])
  const request = validate(Unified.placeOrder, input, defined({ instrument, positionMode }))
  const signal = signalOf(client, options.signal)
  let ack: { orderId: string | null; clientOid: string | null }
  try {
    ack = await send(client, Unified.placeOrder, request, orderAck, {
      signal,
      channelApiCode: options.channelApiCode,
    })
  } catch (error) {
    const settings = settingsOf(client, options.reconcile)
    if (settings === undefined || !isReconcilable(error, signal)) throw error
    return settle(client, {
      error,
      settings,
      signal,
      query: { clientOid },
      judge: (found) =>
        found
          ? { kind: 'done', value: { orderId: found.orderId, clientOid } }
          : { kind: 'not-applied', final: false },
      notApplied: (_, attempts) =>
        new OrderNotPlacedError({
          endpoint: Unified.placeOrder.id,
          clientOid,
          attempts,
          cause: error,
        }),
    })
  }
  if (ack.orderId !== null) return { orderId: ack.orderId, clientOid: ack.clientOid ?? clientOid }
  return resolveOrderId(client, clientOid, signal)
}

/**
 * Rule 5: a one-way reduce-only order that replaced an older one is acknowledged with a null
 * `orderId`; the new order is found by its `clientOid`.
 */
export async function resolveOrderId(
  client: ClientBase,
  clientOid: string,
  signal: AbortSignal | undefined,
): Promise<placeOrder.ReturnType> {
  const unresolved = new OrderIdUnresolvedError({ clientOid })
  return settle(client, {
    error: unresolved,
    settings: settingsOf(client, undefined) ?? defaultReconcile,
    signal,
    query: { clientOid },
    judge: (found) =>
      found ? { kind: 'done', value: { orderId: found.orderId, clientOid } } : { kind: 'pending' },
    notApplied: () => unresolved,
  })
}

export declare namespace placeOrder {
  /** The order as a caller writes it; `clientOid` is generated when absent. */
  type Parameters = Unified.placeOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions & {
    /** Sends the transport's broker code as `X-CHANNEL-API-CODE`. @default false */
    channelApiCode?: boolean | undefined
  }
  /** The acknowledgement: the order's id and `clientOid`. */
  type ReturnType = { readonly orderId: string; readonly clientOid: string }
  /** What the call may throw. */
  type ErrorType = BaseError
}
