/** Order and fill reads: order-info, unfilled-orders, history-orders, fills. */
import { failures } from '../../exchange/codes.js'
import type { Route } from '../../exchange.js'
import { type Order, type OrderStatus, openStatuses } from '../../orders.js'
import { fillRecord, type OrderRecordKind, orderRecord } from '../../records/orders.js'
import type { SandboxState } from '../../state.js'
import { findOrder, inWindow, page, uidOf } from './common.js'

const closedStatuses: readonly OrderStatus[] = ['filled', 'cancelled']

/** The exchange's record of an order, with what the sandbox knows of it. */
const recordOf =
  (state: SandboxState, kind: OrderRecordKind) =>
  (order: Order): Record<string, unknown> =>
    orderRecord(order, {
      fills: state.fills,
      instrument: state.instruments.get(order.category, order.symbol),
      kind,
    })
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** GET /api/v3/trade/order-info: one order record; `orderId` wins; `43001` when absent. */
export const orderInfoRoute: Route = {
  id: 'unified.getOrderInfo',
  method: 'GET',
  path: '/api/v3/trade/order-info',
  auth: true,
  handle({ state, key, params }) {
    const order = findOrder(state, uidOf(key), params)
    return order ? { data: recordOf(state, 'info')(order) } : { error: failures.notFound }
  },
}

const orderList = (
  id: string,
  path: string,
  statuses: readonly OrderStatus[],
  kind: OrderRecordKind,
): Route => ({
  id,
  method: 'GET',
  path,
  auth: true,
  handle({ state, key, params }) {
    const all = state.orders
      .list({
        uid: uidOf(key),
        line: 'unified',
        category: text(params.category),
        symbol: text(params.symbol),
        statuses,
      })
      .filter((order) => inWindow(params, order.createdTime))
    return { data: page(all, (order) => order.orderId, params, recordOf(state, kind)) }
  },
})

/** GET /api/v3/trade/unfilled-orders: live and partially filled orders, newest first. */
export const unfilledOrdersRoute = orderList(
  'unified.getUnfilledOrders',
  '/api/v3/trade/unfilled-orders',
  openStatuses,
  'open',
)

/** GET /api/v3/trade/history-orders: filled and cancelled orders of a category, newest first. */
export const historyOrdersRoute = orderList(
  'unified.getHistoryOrders',
  '/api/v3/trade/history-orders',
  closedStatuses,
  'history',
)

/** GET /api/v3/trade/fills: the account's fills, newest first, as the exchange's fill records. */
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
          fill.line === undefined &&
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
        (fill) => {
          const order = state.orders.get(fill.orderId)
          const instrument = state.instruments.get(fill.category, fill.symbol)
          return fillRecord(fill, { order, instrument })
        },
      ),
    }
  },
}
