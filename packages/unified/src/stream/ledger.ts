/**
 * The unified account's records as core's stream ledger reads them, and the REST reads that
 * fill a gap: the open orders, the order history of every category since a moment (clamped to
 * the endpoint's 90-day window; an older order is looked up by id), the fills since a moment,
 * and one order by id. Every read follows all pages of 100 and honours the abort signal.
 */
import {
  ApiError,
  allPages,
  type FillShape,
  type GapReads,
  type Missed as LedgerMissed,
  type OrderShape,
  orderAbsentCodes,
} from '@tradeline/core'
import { Category, Limits } from '@tradeline/rules/shared'
import { getFills } from '../actions/getFills.js'
import { getOpenOrders } from '../actions/getOpenOrders.js'
import { getOrderHistory } from '../actions/getOrderHistory.js'
import { getOrderInfo } from '../actions/getOrderInfo.js'
import type { ClientBase } from '../internal/call.js'
import type { FillRecord, OrderRecord } from '../schemas/order.js'

/** An event the ledger returns: an order or a fill. */
export type Missed = LedgerMissed<OrderRecord, FillRecord>

/** Unified categories whose history is read after a gap. */
export const streamCategories = Category.categories

const timeOf = (value: string | null | undefined): number => {
  const n = Number(value)
  return Number.isFinite(n) ? n : 0
}

const stages: Readonly<Record<string, 0 | 1>> = { new: 0, live: 0, partially_filled: 1 }

/** An order state: its update time, creation time, filled quantity and stage. */
export const orderShape: OrderShape<OrderRecord> = {
  id: (order) => order.orderId,
  time: (order) => timeOf(order.updatedTime ?? order.createdTime),
  created: (order) => timeOf(order.createdTime),
  filled: (order) => order.cumExecQty ?? '0',
  stage: (order) => stages[order.orderStatus ?? ''] ?? 2,
}

/** A fill: its `execId`, order and time. */
export const fillShape: FillShape<FillRecord> = {
  id: (fill) => fill.execId,
  orderId: (fill) => fill.orderId,
  time: (fill) => timeOf(fill.createdTime ?? fill.updatedTime),
}

const day = 24 * 60 * 60 * 1000
const page = { limit: '100' } as const

/** The REST reads of a gap, through `client`. */
export function gapReads(client: ClientBase): GapReads<OrderRecord, FillRecord> {
  const options = (signal: AbortSignal) => ({ pageSize: 100, signal })
  return {
    openOrders: (signal) =>
      allPages(
        'open orders',
        (cursor) => getOpenOrders(client, { ...page, ...cursor }, { signal }),
        options(signal),
      ),
    async orderHistory(start, signal) {
      // The endpoint reads the last 90 days; an order created before is looked up by id.
      const floor = client.transport.clock.now() - (Limits.historyOrders.withinDays * day - 60_000)
      const startTime = String(Math.max(start, floor))
      const pages = await Promise.all(
        streamCategories.map((category) =>
          allPages(
            `order history (${category})`,
            (cursor) =>
              getOrderHistory(client, { category, startTime, ...page, ...cursor }, { signal }),
            options(signal),
          ),
        ),
      )
      return pages.flat()
    },
    fills: (start, signal) =>
      allPages(
        'fills',
        (cursor) =>
          getFills(
            client,
            { startTime: String(Math.max(0, start)), ...page, ...cursor },
            { signal },
          ),
        options(signal),
      ),
    order: (orderId, signal) =>
      getOrderInfo(client, { orderId }, { signal }).catch((error: unknown) => {
        // Gone from the exchange's records: nothing to tell; any other failure is retried.
        if (ApiError.isInstance(error) && orderAbsentCodes.includes(error.code)) return undefined
        throw error
      }),
  }
}
