/** Order and fill reads: order-info, unfilled-orders, history-orders, fills. */
import { failures } from '../../exchange/codes.js'
import type { Route } from '../../exchange.js'
import { type OrderStatus, openStatuses } from '../../orders.js'
import { findOrder, inWindow, orderRecord, page, uidOf } from './common.js'

const closedStatuses: readonly OrderStatus[] = ['filled', 'cancelled']
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** GET /api/v3/trade/order-info: one order record; `orderId` wins; `43001` when absent. */
export const orderInfoRoute: Route = {
  id: 'unified.getOrderInfo',
  method: 'GET',
  path: '/api/v3/trade/order-info',
  auth: true,
  handle({ state, key, params }) {
    const order = findOrder(state, uidOf(key), params)
    return order ? { data: orderRecord(order) } : { error: failures.notFound }
  },
}

const orderList = (id: string, path: string, statuses: readonly OrderStatus[]): Route => ({
  id,
  method: 'GET',
  path,
  auth: true,
  handle({ state, key, params }) {
    const all = state.orders
      .list({
        uid: uidOf(key),
        category: text(params.category),
        symbol: text(params.symbol),
        statuses,
      })
      .filter((order) => inWindow(params, order.createdTime))
    return { data: page(all, (order) => order.orderId, params, orderRecord) }
  },
})

/** GET /api/v3/trade/unfilled-orders: live and partially filled orders, newest first. */
export const unfilledOrdersRoute = orderList(
  'unified.getUnfilledOrders',
  '/api/v3/trade/unfilled-orders',
  openStatuses,
)

/** GET /api/v3/trade/history-orders: filled and cancelled orders of a category, newest first. */
export const historyOrdersRoute = orderList(
  'unified.getHistoryOrders',
  '/api/v3/trade/history-orders',
  closedStatuses,
)

/** GET /api/v3/trade/fills: the account's fills, newest first. */
export const fillsRoute: Route = {
  id: 'unified.getFills',
  method: 'GET',
  path: '/api/v3/trade/fills',
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const category = text(params.category)?.toUpperCase()
    const all = state.fills
      .filter(
        (fill) =>
          fill.uid === uid &&
          (category === undefined || fill.category.toUpperCase() === category) &&
          (params.orderId === undefined || fill.orderId === params.orderId) &&
          inWindow(params, fill.ts),
      )
      .reverse()
    return {
      data: page(
        all,
        (fill) => fill.execId,
        params,
        (fill) => ({
          execId: fill.execId,
          orderId: fill.orderId,
          clientOid: fill.clientOid,
          category: fill.category,
          symbol: fill.symbol,
          side: fill.side,
          price: fill.price,
          qty: fill.qty,
          ts: String(fill.ts),
        }),
      ),
    }
  },
}
