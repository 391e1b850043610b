/**
 * Classic reads of what happened: the orders that ended (`orders-history`) and the fills
 * (`fills`), newest first, paged with `idLessThan` and `endId` as the exchange pages them.
 */
import { ClassicFutures, Decimal } from '@tradeline/rules'
import type { Route } from '../../exchange.js'
import type { OrderStatus } from '../../orders.js'
import { classicOrderRecord } from '../../records/classic.js'
import { classicFillRecord } from '../../records/classicFill.js'
import { uidOf } from './common.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

const endedStatuses: readonly OrderStatus[] = ['filled', 'cancelled']

/** `a < b` for numeric ids (ids that are not numbers never are). */
export function idBelow(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) && Decimal.compare(a, b) < 0
}

/** Whether `time` is inside the query's `startTime`/`endTime` (each optional). */
export function inWindow(params: Record<string, unknown>, time: number): boolean {
  const start = text(params.startTime)
  const end = text(params.endTime)
  return (
    (start === undefined || time >= Number(start)) && (end === undefined || time <= Number(end))
  )
}

/**
 * At most `limit` (default `fallback`, most 100) of `all`, and the page's last id as `endId`.
 */
export function page<T>(
  all: readonly T[],
  idOf: (item: T) => string,
  params: Record<string, unknown>,
  fallback = 100,
) {
  const limit = Number(params.limit ?? fallback)
  const items = all.slice(0, Number.isInteger(limit) && limit > 0 ? Math.min(limit, 100) : fallback)
  const last = items.at(-1)
  return { items, endId: last === undefined ? null : idOf(last) }
}

/** Page `pageNo` (from 1; the first when absent) of `size` items of `all`. */
export function numberedPage<T>(all: readonly T[], pageNo: unknown, size: number): T[] {
  const from = (Number(pageNo ?? 1) - 1) * size
  return all.slice(from, from + size)
}

/**
 * GET /api/v2/mix/order/orders-history: the account's filled and canceled classic orders of a
 * product type, newest first, filtered by symbol, orderId, clientOid, orderSource and creation
 * time; items are the pending list's records (status key `status`) plus `liqPrice`. An empty
 * page is `{ entrustedList: null, endId: null }`, as orders-pending answers it.
 */
export const ordersHistoryRoute: Route = {
  id: ClassicFutures.getOrdersHistory.id,
  method: 'GET',
  path: ClassicFutures.getOrdersHistory.path,
  auth: true,
  handle({ state, key, params }) {
    const orderId = text(params.orderId)
    const clientOid = text(params.clientOid)
    const idLessThan = text(params.idLessThan)
    const source = text(params.orderSource)
    const all = state.orders
      .list({
        uid: uidOf(key),
        line: 'classic',
        category: String(params.productType),
        symbol: text(params.symbol),
        statuses: endedStatuses,
      })
      .filter(
        (order) =>
          (orderId === undefined || order.orderId === orderId) &&
          (clientOid === undefined || order.clientOid === clientOid) &&
          (source === undefined || (order.source ?? 'normal') === source) &&
          (idLessThan === undefined || idBelow(order.orderId, idLessThan)) &&
          inWindow(params, order.createdTime),
      )
    const { items, endId } = page(all, (order) => order.orderId, params)
    if (items.length === 0) return { data: { entrustedList: null, endId: null } }
    return {
      data: {
        entrustedList: items.map((order) => ({
          ...classicOrderRecord(order, { fills: state.fills, kind: 'pending', state }),
          liqPrice: '',
        })),
        endId,
      },
    }
  },
}

/**
 * GET /api/v2/mix/order/fills: the account's classic fills of a product type, newest first,
 * filtered by orderId, symbol and fill time; `endId` is the page's last `tradeId`, to pass back
 * as `idLessThan`. An empty page is `{ fillList: [], endId: null }`.
 */
export const fillsRoute: Route = {
  id: ClassicFutures.getFills.id,
  method: 'GET',
  path: ClassicFutures.getFills.path,
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const productType = String(params.productType).toUpperCase()
    const orderId = text(params.orderId)
    const symbol = text(params.symbol)
    const idLessThan = text(params.idLessThan)
    const all = state.fills
      .filter(
        (fill) =>
          fill.uid === uid &&
          fill.line === 'classic' &&
          fill.category.toUpperCase() === productType &&
          (orderId === undefined || fill.orderId === orderId) &&
          (symbol === undefined || fill.symbol === symbol) &&
          (idLessThan === undefined || idBelow(fill.execId, idLessThan)) &&
          inWindow(params, fill.ts),
      )
      .reverse()
    const { items, endId } = page(all, (fill) => fill.execId, params)
    return { data: { fillList: items.map((fill) => classicFillRecord(state, fill)), endId } }
  },
}
