/**
 * Placing and cancelling single orders, cancelling all orders of a category (or symbol), and
 * the countdown switch.
 */
import { failures } from '../../exchange/codes.js'
import { setCountdown } from '../../exchange/countdown.js'
import { cancelOrder, type PlaceRequest, placeOrder } from '../../exchange/matching.js'
import type { Route } from '../../exchange.js'
import { openStatuses } from '../../orders.js'
import { findOrder, orderContext, uidOf } from './common.js'

/**
 * POST /api/v3/trade/place-order: the rules with the account's context, then the exchange
 * (duplicate clientOid, price band, rule 5, balance, matching); `orderId` is null when a
 * one-way reduce-only order replaced earlier ones.
 */
export const placeOrderRoute: Route = {
  id: 'unified.placeOrder',
  method: 'POST',
  path: '/api/v3/trade/place-order',
  auth: true,
  context: (input, { state, key }) => orderContext(state, key, input),
  handle({ state, key, params }) {
    const placed = placeOrder(state, uidOf(key), params as PlaceRequest)
    if (!placed.ok) return { error: placed.error }
    const { order, orderIdIsNull } = placed
    return { data: { orderId: orderIdIsNull ? null : order.orderId, clientOid: order.clientOid } }
  },
}

/** POST /api/v3/trade/cancel-order: cancels an open order; `orderId` wins over `clientOid`. */
export const cancelOrderRoute: Route = {
  id: 'unified.cancelOrder',
  method: 'POST',
  path: '/api/v3/trade/cancel-order',
  auth: true,
  handle({ state, key, params }) {
    const order = findOrder(state, uidOf(key), params)
    if (!order) return { error: failures.notFound }
    if (!openStatuses.includes(order.status)) return { error: failures.closed }
    cancelOrder(state, order.orderId, 'user')
    return { data: { orderId: order.orderId, clientOid: order.clientOid } }
  },
}

/** POST /api/v3/trade/cancel-symbol-order: cancels every open order of a category (or symbol). */
export const cancelSymbolOrderRoute: Route = {
  id: 'unified.cancelSymbolOrder',
  method: 'POST',
  path: '/api/v3/trade/cancel-symbol-order',
  auth: true,
  handle({ state, key, params }) {
    const open = state.orders.list({
      uid: uidOf(key),
      line: 'unified',
      category: params.category as string,
      symbol: params.symbol as string | undefined,
      statuses: openStatuses,
    })
    // `{ list: [...] }`, as the exchange's page shows it (and close-positions answers).
    const list = open.map((order) => {
      cancelOrder(state, order.orderId, 'user')
      return { orderId: order.orderId, clientOid: order.clientOid, code: '00000', msg: 'success' }
    })
    return { data: { list } }
  },
}

/**
 * POST /api/v3/trade/countdown-cancel-all: arms or refreshes the switch (5 to 60 seconds) or
 * closes it (0); `data` is the string `'success'`. Keys need the `countdown` whitelist.
 */
export const countdownRoute: Route = {
  id: 'unified.countdownCancelAll',
  method: 'POST',
  path: '/api/v3/trade/countdown-cancel-all',
  auth: true,
  handle({ state, key, params }) {
    setCountdown(state, uidOf(key), Number(params.countdown))
    return { data: 'success' }
  },
}
