/**
 * Classic orders one at a time: place-order, click-backhand (reversal), cancel-order,
 * cancel-all-orders and close-positions (flash close).
 */
import { ClassicFutures } from '@tradeline/rules'
import { flashClose } from '../../exchange/classic/close.js'
import { type ClassicOrderRequest, placeClassicOrder } from '../../exchange/classic/place.js'
import { type ReversalRequest, reverseClassicPosition } from '../../exchange/classic/reversal.js'
import { classicFailures, failures } from '../../exchange/codes.js'
import { cancelOrder } from '../../exchange/matching.js'
import type { Route } from '../../exchange.js'
import { type Order, openStatuses } from '../../orders.js'
import {
  classicContext,
  findClassicOrder,
  ignoresTradeSide,
  readsClassicOrder,
  uidOf,
} from './common.js'

/**
 * The acknowledgement `{ orderId, clientOid }`; without `orderId` when the order cancelled
 * earlier reduce-only orders (classic order rule 2: "the response of the newest reduce-only order has
 * no orderId").
 */
export function classicAck(order: Order, hasOrderId = true): Record<string, string> {
  return hasOrderId
    ? { orderId: order.orderId, clientOid: order.clientOid }
    : { clientOid: order.clientOid }
}

/**
 * POST /api/v2/mix/order/place-order: the rules with the account's context (rule 1 mode
 * fields, instrument steps, rule 5 elite-trader pairs), then the exchange (rules 2 to 4).
 */
export const placeOrderRoute: Route = {
  id: ClassicFutures.placeOrder.id,
  method: 'POST',
  path: ClassicFutures.placeOrder.path,
  auth: true,
  context: (input, { state, key }) => classicContext(state, key, input),
  ignores: ignoresTradeSide,
  reads: readsClassicOrder,
  handle({ state, key, params }) {
    const placed = placeClassicOrder(state, uidOf(key), params as ClassicOrderRequest)
    if (!placed.ok) return { error: placed.error }
    return { data: classicAck(placed.order, placed.ackHasOrderId) }
  },
}

/** POST /api/v2/mix/order/click-backhand: reverses a position (the rules' `reverse`). */
export const clickBackhandRoute: Route = {
  id: ClassicFutures.clickBackhand.id,
  method: 'POST',
  path: ClassicFutures.clickBackhand.path,
  auth: true,
  context: (input, { state, key }) => classicContext(state, key, input),
  ignores: ignoresTradeSide,
  handle({ state, key, params }) {
    const placed = reverseClassicPosition(state, uidOf(key), params as ReversalRequest)
    if (!placed.ok) return { error: placed.error }
    return { data: classicAck(placed.order) }
  },
}

/**
 * POST /api/v2/mix/order/cancel-order: cancels an open classic order of the symbol and product
 * type; `orderId` wins over `clientOid`. Unknown: `40768`; filled or cancelled: `45055`.
 */
export const cancelOrderRoute: Route = {
  id: ClassicFutures.cancelOrder.id,
  method: 'POST',
  path: ClassicFutures.cancelOrder.path,
  auth: true,
  handle({ state, key, params }) {
    const order = findClassicOrder(state, uidOf(key), params)
    if (!order) return { error: classicFailures.notFound }
    if (!openStatuses.includes(order.status)) return { error: classicFailures.notCancellable }
    cancelOrder(state, order.orderId, 'user')
    return { data: classicAck(order) }
  },
}

/** The open classic orders of an account, of a product type and optionally a symbol and coin. */
export function openClassicOrders(
  state: Parameters<Route['handle']>[0]['state'],
  uid: string,
  filter: { productType: string; symbol?: string | undefined; marginCoin?: string | undefined },
): Order[] {
  return state.orders
    .list({
      uid,
      line: 'classic',
      category: filter.productType,
      symbol: filter.symbol,
      statuses: openStatuses,
    })
    .filter((order) => filter.marginCoin === undefined || order.marginCoin === filter.marginCoin)
}

/**
 * POST /api/v2/mix/order/cancel-all-orders: cancels every open classic order of the product
 * type (and margin coin; the page names no symbol); `{ successList, failureList }` as
 * batch-place-order.
 */
export const cancelAllOrdersRoute: Route = {
  id: ClassicFutures.cancelAllOrders.id,
  method: 'POST',
  path: ClassicFutures.cancelAllOrders.path,
  auth: true,
  handle({ state, key, params }) {
    const open = openClassicOrders(state, uidOf(key), {
      productType: String(params.productType),
      marginCoin: params.marginCoin as string | undefined,
    })
    for (const order of open) cancelOrder(state, order.orderId, 'user')
    return { data: { successList: open.map((order) => classicAck(order)), failureList: [] } }
  },
}

/**
 * POST /api/v2/mix/order/close-positions: flash-closes the matching positions at market;
 * `successList` `[{ orderId, clientOid, symbol }]`; asked for a symbol with nothing to close, one
 * `failureList` item with `22002`.
 */
export const closePositionsRoute: Route = {
  id: ClassicFutures.closePositions.id,
  method: 'POST',
  path: ClassicFutures.closePositions.path,
  auth: true,
  handle({ state, key, params }) {
    const symbol = params.symbol as string | undefined
    const closed = flashClose(state, uidOf(key), {
      productType: String(params.productType),
      symbol,
      holdSide: params.holdSide as 'long' | 'short' | undefined,
    })
    const failureList =
      closed.length === 0 && symbol !== undefined
        ? [
            {
              orderId: '',
              clientOid: '',
              symbol,
              errorMsg: failures.noPosition.msg,
              errorCode: failures.noPosition.code,
            },
          ]
        : []
    return {
      data: {
        successList: closed.map((order) => ({ ...classicAck(order), symbol: order.symbol })),
        failureList,
      },
    }
  },
}
