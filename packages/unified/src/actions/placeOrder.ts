import { ApiError, type BaseError } from '@tradeline/core'
import { Decimal, Unified } from '@tradeline/rules'
import {
  type ChangeOptions,
  type ClientBase,
  checkOf,
  clientOidFor,
  requireArgument,
  send,
  signalOf,
  validate,
} from '../internal/call.js'
import {
  assertTradable,
  defined,
  instrumentOf,
  positionModeOf,
  recheckAfterRefusal,
} from '../internal/context.js'
import { isReconcilable, settingsOf, settle } from '../internal/settle.js'
import {
  defaultReconcile,
  duplicateClientOidCodes,
  lookUpOrder,
  OrderIdUnresolvedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
} from '../reconcile.js'
import { orderAck } from '../schemas/ack.js'
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
export async function placeOrder(
  client: ClientBase,
  parameters: placeOrder.Parameters,
  options: placeOrder.Options = {},
): Promise<placeOrder.ReturnType> {
  requireArgument(Unified.placeOrder, parameters, 'object', 'parameters')
  // The call's own reconciliation settings are checked before anything is sent.
  const settings = settingsOf(client, options.reconcile, Unified.placeOrder)
  const clientOid = clientOidFor(client, parameters.clientOid)
  const input = { ...parameters, clientOid }
  const [instrument, positionMode] = await Promise.all([
    instrumentOf(client, parameters.symbol, parameters.category),
    positionModeOf(client, parameters.category),
  ])
  await assertTradable(client, Unified.placeOrder, [input])
  const request = validate(Unified.placeOrder, input, defined({ instrument, positionMode }))
  const signal = signalOf(client, options.signal)
  let ack: { orderId: string | null; clientOid: string | null }
  try {
    ack = await send(client, Unified.placeOrder, request, orderAck, {
      signal,
      channelApiCode: options.channelApiCode,
    })
  } catch (error) {
    // A refusal for the instrument's attributes: the loaded list may be stale; with the list
    // loaded again, a mistake the client can name is reported as such (nothing is sent again).
    const named = await recheckAfterRefusal(client, error, input, (fresh) =>
      checkOf(Unified.placeOrder, input, defined({ instrument: fresh, positionMode })),
    )
    if (named) throw named
    // The safe retry of an unknown outcome (same clientOid) meets the order it placed after all.
    if (ApiError.isInstance(error) && duplicateClientOidCodes.includes(error.code)) {
      const found = await lookUpOrder(client, { clientOid }, signal).catch(() => undefined)
      if (found && sameOrder(found, input)) {
        client.symbols?.remember({ orderId: found.orderId, clientOid }, input.symbol)
        return { orderId: found.orderId, clientOid }
      }
      throw error
    }
    if (settings === undefined || !isReconcilable(error, signal)) throw error
    client.symbols?.remember({ clientOid }, input.symbol)
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
      unresolved: (attempts) =>
        new OrderOutcomeUnknownError({ error, attempts, clientOid, retryWith: input }),
    })
  }
  client.symbols?.remember({ orderId: ack.orderId, clientOid }, input.symbol)
  if (ack.orderId !== null) return { orderId: ack.orderId, clientOid: ack.clientOid ?? clientOid }
  return resolveOrderId(client, clientOid, signal)
}

/**
 * Whether an order found by `clientOid` is the one a request describes (same symbol, side, type,
 * quantity and, when given, price): a refused duplicate is then the earlier attempt's order, not
 * an unrelated order that happens to carry the id.
 */
export function sameOrder(
  found: OrderRecord,
  request: {
    symbol: string
    side: string
    orderType: string
    qty: string
    price?: string | undefined
  },
): boolean {
  const equal = (a: string | null | undefined, b: string | undefined) =>
    b === undefined ||
    (typeof a === 'string' &&
      Decimal.isDecimal(a) &&
      Decimal.isDecimal(b) &&
      Decimal.compare(a, b) === 0)
  return (
    found.symbol === request.symbol &&
    found.side === request.side &&
    found.orderType === request.orderType &&
    equal(found.qty, request.qty) &&
    (request.orderType !== 'limit' || equal(found.price, request.price))
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
  type ErrorType = BaseError
}
