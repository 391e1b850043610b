/**
 * The classic futures records as core's stream ledger reads them, and the REST reads that fill
 * a gap: the open orders (orders-pending), the orders that ended since a moment
 * (orders-history, clamped to its 90-day window), the fills since a moment (fills), and one
 * order by id (order detail when its symbol is known, else the history filtered by id). Every
 * read is of one product type, follows all pages of 100 and honours the abort signal.
 */
import {
  ApiError,
  allPages,
  type FillShape,
  type GapReads,
  type OrderShape,
  orderAbsentCodes,
} from '@tradeline/core'
import type { ClassicFutures } from '@tradeline/rules/classic-futures'
import { getFills } from '../actions/getFills.js'
import { getOrder } from '../actions/getOrder.js'
import { getOrderHistory } from '../actions/getOrderHistory.js'
import { getPendingOrders } from '../actions/getPendingOrders.js'
import type { ClientBase } from '../internal/client.js'
import type { FillRecord, OrderDetail } from '../schemas/records.js'
import { asOrderDetail } from './records.js'

const timeOf = (value: string | null | undefined): number => {
  const n = Number(value)
  return Number.isFinite(n) ? n : 0
}

const stages: Readonly<Record<string, 0 | 1>> = {
  init: 0,
  new: 0,
  live: 0,
  partially_filled: 1,
}

/** An order state: its update time, creation time, filled quantity (`baseVolume`) and stage. */
export const orderShape: OrderShape<OrderDetail> = {
  id: (order) => order.orderId,
  time: (order) => timeOf(order.uTime ?? order.cTime),
  created: (order) => timeOf(order.cTime),
  filled: (order) => order.baseVolume ?? '0',
  stage: (order) => stages[order.state ?? ''] ?? 2,
}

/** A fill: its `tradeId`, order and time (`cTime`). */
export const fillShape: FillShape<FillRecord> = {
  id: (fill) => fill.tradeId,
  orderId: (fill) => fill.orderId,
  time: (fill) => timeOf(fill.cTime ?? (fill as { uTime?: string | null }).uTime),
}

const day = 24 * 60 * 60 * 1000
/** The history reads the last 90 days (Bitget "Get History Order"). */
const historyDays = 90
const page = { limit: '100' } as const

/**
 * The REST reads of a gap of one product type, through `client`; `symbols` remembers the
 * symbol of each order seen, for the order-detail read (which needs it).
 */
export function gapReads(
  client: ClientBase,
  productType: ClassicFutures.ProductType,
  symbols: Map<string, string>,
): GapReads<OrderDetail, FillRecord> {
  const options = (signal: AbortSignal) => ({ pageSize: 100, signal })
  const remember = (orders: OrderDetail[]) => {
    for (const order of orders) if (order.symbol) remember1(symbols, order.orderId, order.symbol)
    return orders
  }
  return {
    openOrders: async (signal) =>
      remember(
        await allPages(
          'open orders',
          async ({ cursor }) => {
            const result = await getPendingOrders(
              client,
              { productType, ...page, ...(cursor && { idLessThan: cursor }) },
              { signal },
            )
            return { list: result.entrustedList.map(asOrderDetail), cursor: result.endId }
          },
          options(signal),
        ),
      ),
    async orderHistory(start, signal) {
      // The endpoint reads the last 90 days; an order created before is looked up by id.
      const floor = client.transport.clock.now() - (historyDays * day - 60_000)
      const startTime = String(Math.max(start, floor))
      return remember(
        await allPages(
          'order history',
          async ({ cursor }) => {
            const result = await getOrderHistory(
              client,
              { productType, startTime, ...page, ...(cursor && { idLessThan: cursor }) },
              { signal },
            )
            return { list: result.entrustedList.map(asOrderDetail), cursor: result.endId }
          },
          options(signal),
        ),
      )
    },
    fills: (start, signal) =>
      allPages(
        'fills',
        async ({ cursor }) => {
          const result = await getFills(
            client,
            {
              productType,
              startTime: String(Math.max(0, start)),
              ...page,
              ...(cursor && { idLessThan: cursor }),
            },
            { signal },
          )
          return { list: result.fillList, cursor: result.endId }
        },
        options(signal),
      ),
    async order(orderId, signal) {
      const symbol = symbols.get(orderId)
      try {
        if (symbol !== undefined)
          return await getOrder(client, { symbol, productType, orderId }, { signal })
        const found = await getOrderHistory(client, { productType, orderId }, { signal })
        const first = found.entrustedList[0]
        return first === undefined ? undefined : asOrderDetail(first)
      } catch (error) {
        // Gone from the exchange's records: nothing to tell; any other failure is retried.
        if (ApiError.isInstance(error) && orderAbsentCodes.includes(error.code)) return undefined
        throw error
      }
    },
  }
}

/** Remembers an order's symbol, keeping the newest 10000. */
export function remember1(symbols: Map<string, string>, orderId: string, symbol: string): void {
  symbols.delete(orderId)
  symbols.set(orderId, symbol)
  if (symbols.size > 10_000) symbols.delete(symbols.keys().next().value as string)
}
