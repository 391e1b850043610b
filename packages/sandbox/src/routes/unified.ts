/**
 * Unified-account endpoints. Orders live in the state's order store (by orderId and by
 * clientOid), so place, modify and cancel can be added beside the reads.
 */
import type { Route } from '../exchange.js'
import { type Order, openStatuses } from '../orders.js'

/**
 * An order as the read endpoints answer it; times are millisecond strings.
 *
 * @example
 * import { createSandboxApp, orderRecord } from '@tradeline/sandbox'
 * const { admin } = createSandboxApp()
 * orderRecord(admin.addOrder({ symbol: 'BTCUSDT', category: 'SPOT', side: 'buy', orderType: 'market', qty: '1' })).orderStatus // 'live'
 */
export function orderRecord(order: Order): Record<string, unknown> {
  return {
    orderId: order.orderId,
    clientOid: order.clientOid,
    category: order.category,
    symbol: order.symbol,
    side: order.side,
    orderType: order.orderType,
    price: order.price ?? null,
    qty: order.qty,
    cumExecQty: order.filledQty,
    orderStatus: order.status,
    ...(order.posSide !== undefined ? { posSide: order.posSide } : {}),
    ...(order.timeInForce !== undefined ? { timeInForce: order.timeInForce } : {}),
    reduceOnly: order.reduceOnly ?? 'no',
    createdTime: String(order.createdTime),
    updatedTime: String(order.updatedTime),
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

const count = (value: unknown, fallback: number): number => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

/**
 * GET /api/v3/trade/unfilled-orders: the account's open orders (live or partially filled),
 * newest first, filtered by `category`, `symbol` and times, paged by `limit` (<= 100) and
 * `cursor` (the last orderId of the previous page).
 */
const getUnfilledOrders: Route = {
  id: 'unified.getUnfilledOrders',
  method: 'GET',
  path: '/api/v3/trade/unfilled-orders',
  auth: true,
  handle({ state, key, params }) {
    const startTime = text(params.startTime)
    const endTime = text(params.endTime)
    const all = state.orders.list({
      uid: key?.uid,
      category: text(params.category),
      symbol: text(params.symbol),
      statuses: openStatuses,
      startTime: startTime === undefined ? undefined : Number(startTime),
      endTime: endTime === undefined ? undefined : Number(endTime),
    })
    const cursor = text(params.cursor)
    const from = cursor === undefined ? 0 : all.findIndex((o) => o.orderId === cursor) + 1
    const page = all.slice(from, from + Math.min(count(params.limit, 100), 100))
    const last = page.at(-1)
    const more = from + page.length < all.length
    return {
      data: { list: page.map(orderRecord), cursor: more && last ? last.orderId : null },
    }
  },
}

/**
 * The unified-account routes of the sandbox.
 *
 * @example
 * import { unifiedRoutes } from '@tradeline/sandbox'
 * unifiedRoutes[0]?.id // 'unified.getUnfilledOrders'
 */
export const unifiedRoutes: readonly Route[] = [getUnfilledOrders]
