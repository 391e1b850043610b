import type { BaseError, Change, PlacementErrorType, ReconcileSettings } from '@tradeline/core'
import { type ChangeVerdict, placement, runChange, validateRequest } from '@tradeline/core'
import { combineSignals, withClientOid } from '@tradeline/core/internal'
import { Unified } from '@tradeline/rules/unified'
import {
  type ChangeOptions,
  type ClientBase,
  checkOf,
  clientOidFor,
  requireArgument,
} from '../internal/call.js'
import {
  assertTradableNow,
  defined,
  modeAfterLocalRefusal,
  type OrderContext,
  orderContext,
  recheckAfterRefusal,
} from '../internal/context.js'
import { settingsOf, settle } from '../internal/settle.js'
import {
  defaultReconcile,
  duplicateClientOidCodes,
  lookUpOrder,
  OrderIdUnresolvedError,
  OrderNotPlacedError,
} from '../reconcile.js'
import { type OrderAck, orderAck } from '../schemas/ack.js'
import type { OrderRecord } from '../schemas/order.js'

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
export function placeOrder(
  client: ClientBase,
  parameters: placeOrder.Parameters,
  options: placeOrder.Options = {},
): Promise<placeOrder.ReturnType> {
  // No async function around the checks: an order whose instrument and mode are at hand reaches
  // core's engine in this call, and what the checks throw is the returned promise's rejection.
  try {
    requireArgument(Unified.placeOrder, parameters, 'object', 'parameters')
    // The call's own reconciliation settings are checked before anything is sent.
    const reconcile = settingsOf(client, options.reconcile, Unified.placeOrder)
    const clientOid = clientOidFor(client, parameters.clientOid)
    const input = withClientOid(parameters, clientOid)
    // The instrument and mode are looked up once, without a turn of the event loop when at hand.
    const atHand = orderContext(client, parameters.symbol, parameters.category)
    if (atHand instanceof Promise)
      return atHand.then((context) =>
        place(client, parameters, options, { input, clientOid, reconcile, context }),
      )
    return place(client, parameters, options, { input, clientOid, reconcile, context: atHand })
  } catch (error) {
    return Promise.reject(error)
  }
}

/** The order checked against its context and handed to core's engine. */
function place(
  client: ClientBase,
  parameters: placeOrder.Parameters,
  options: placeOrder.Options,
  order: {
    input: Unified.placeOrder.Parameters & { clientOid: string }
    clientOid: string
    reconcile: ReconcileSettings | undefined
    context: OrderContext
    /** Checked again with the position mode read again: its refusal stands. */
    rechecked?: boolean
  },
): Promise<placeOrder.ReturnType> {
  const { input, clientOid, reconcile, context } = order
  assertTradableNow(Unified.placeOrder, input, context.loaded)
  const { positionMode } = context
  let request: unknown
  try {
    request = validateRequest(Unified.placeOrder, input, context)
  } catch (error) {
    // Refused on posSide or reduceOnly with a mode read earlier: it may have been switched
    // elsewhere; read again, a new mode checks the order once more (context.ts).
    if (order.rechecked) throw error
    return modeAfterLocalRefusal(client, error, input.category).then((fresh) => {
      if (fresh === undefined) throw error
      const again = { ...order, context: { ...context, positionMode: fresh }, rechecked: true }
      return place(client, parameters, options, again)
    })
  }
  const signal = combineSignals(client.config?.signal, options.signal)
  const judge = (found: OrderRecord | undefined): ChangeVerdict<placeOrder.ReturnType> => {
    if (found === undefined) return { kind: 'not-applied', final: false }
    // Another order carries the clientOid: this placement was refused as a duplicate.
    if (!ownOrder(found, input)) return { kind: 'not-applied', final: true }
    client.symbols?.remember({ orderId: found.orderId, clientOid }, input.symbol)
    return { kind: 'done', value: { orderId: found.orderId, clientOid } }
  }
  client.symbols?.remember({ clientOid }, input.symbol)
  // One object: placement's part, with this action's own added to it (no copy of it).
  const change: Change<OrderAck, placeOrder.ReturnType, OrderRecord> = Object.assign(
    placement({
      endpoint: Unified.placeOrder,
      request,
      response: orderAck,
      channelApiCode: options.channelApiCode,
      parameters,
      input,
      clientOid,
      duplicateCodes: duplicateClientOidCodes,
      judge,
      clock: client.transport.clock,
      createdAt: createdTimeOf,
    }),
    {
      acknowledged: (ack: OrderAck, s: AbortSignal | undefined) => {
        client.symbols?.remember({ orderId: ack.orderId, clientOid }, input.symbol)
        if (ack.orderId !== null)
          return { orderId: ack.orderId, clientOid: ack.clientOid ?? clientOid }
        return resolveOrderId(client, clientOid, s)
      },
      lookup: (s: AbortSignal | undefined) => lookUpOrder(client, { clientOid }, s),
      notApplied: (_: OrderRecord | undefined, attempts: number, cause: BaseError) =>
        new OrderNotPlacedError({ endpoint: Unified.placeOrder.id, clientOid, attempts, cause }),
      // A refusal for the instrument's attributes or the position mode: what was loaded may be
      // stale; read again, a mistake the client can name is reported as such (nothing is sent
      // again).
      explain: (error: unknown) =>
        recheckAfterRefusal(client, error, input, (fresh) =>
          checkOf(Unified.placeOrder, input, defined({ positionMode, ...fresh })),
        ),
    },
  )
  return runChange(client.transport, change, { signal, reconcile })
}

/** When a found order was created (one function for every placement, not one per call). */
export const createdTimeOf = (found: OrderRecord): string | null | undefined => found.createdTime

/**
 * Whether an order found by `clientOid` can be the one a placement describes: the same symbol,
 * side and type (its price and quantity may have been modified since).
 */
export function ownOrder(
  found: OrderRecord,
  request: { symbol: string; side: string; orderType: string },
): boolean {
  return (
    found.symbol === request.symbol &&
    found.side === request.side &&
    found.orderType === request.orderType
  )
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
  type ErrorType = PlacementErrorType<placeOrder.Parameters>
}
