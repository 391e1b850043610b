/**
 * The in-memory order store: orders keyed by `orderId` and, per account, by `clientOid`. Route
 * handlers (place, modify, cancel, reads) share it; it holds no rules of its own beyond
 * keeping both indexes consistent.
 */

/** The life of an order as the sandbox tracks it. */
export const orderStatuses = ['live', 'partially_filled', 'filled', 'cancelled'] as const
/** One of {@link orderStatuses}. */
export type OrderStatus = (typeof orderStatuses)[number]

/**
 * The account line an order or position belongs to: the unified account (`/api/v3`) or the
 * classic futures account (`/api/v2/mix`). A uid's account mode admits one line for its keys
 * (the other answers 40084 / 40085, `accountMode.ts`); the admin may still seed either, and each
 * line reads only its own orders and positions.
 */
export type Line = 'unified' | 'classic'

/** An order held by the sandbox. Prices and quantities are decimal strings. */
export type Order = {
  readonly orderId: string
  /** `classic` for an order of the classic futures account; absent for the unified account. */
  readonly line?: 'classic' | undefined
  readonly clientOid: string
  readonly uid: string
  readonly category: string
  readonly symbol: string
  readonly side: 'buy' | 'sell'
  readonly orderType: 'limit' | 'market'
  readonly price?: string | undefined
  readonly qty: string
  readonly filledQty: string
  readonly status: OrderStatus
  readonly posSide?: string | undefined
  readonly reduceOnly?: 'yes' | 'no' | undefined
  readonly timeInForce?: string | undefined
  /** Average fill price; absent before the first fill. */
  readonly avgPrice?: string | undefined
  /** Why it was cancelled: user, countdown, autoCancel, reduceOnlyReplaced, ioc, fok, postOnly, oco. */
  readonly cancelReason?: string | undefined
  /** Spot: the shortfall is borrowed (no balance check). */
  readonly autoBorrow?: 'yes' | 'no' | undefined
  /** `crossed` or `isolated` as sent (absent: the account's default, crossed). */
  readonly marginMode?: string | undefined
  /** Self-trade prevention as sent (absent: `none`). */
  readonly stpMode?: string | undefined
  /** Preset take-profit/stop-loss fields as sent. */
  readonly presets?: Readonly<Record<string, string>> | undefined
  /** Classic: the margin coin as sent. */
  readonly marginCoin?: string | undefined
  /** Classic: what placed the order (`normal`, `market`, `reverse`), the record's `orderSource`. */
  readonly source?: string | undefined
  /** Unix milliseconds (sandbox clock). */
  readonly createdTime: number
  /** Unix milliseconds (sandbox clock). */
  readonly updatedTime: number
}

/** Filters of {@link OrderStore.list}. */
export type OrderFilter = {
  readonly uid?: string | undefined
  /** Only orders of this line (`unified`: the orders without a line). */
  readonly line?: Line | undefined
  readonly category?: string | undefined
  readonly symbol?: string | undefined
  readonly statuses?: readonly OrderStatus[] | undefined
  readonly startTime?: number | undefined
  readonly endTime?: number | undefined
}

/** Orders by id and by clientOid. */
export type OrderStore = {
  /** Adds an order; throws when its orderId or (uid, clientOid) is taken. */
  add(order: Order): Order
  /** The order with this id. */
  get(orderId: string): Order | undefined
  /** The account's order with this clientOid. */
  byClientOid(uid: string, clientOid: string): Order | undefined
  /** Replaces fields of an order (not its identity) and returns the new record. */
  update(orderId: string, changes: Partial<Omit<Order, 'orderId' | 'clientOid' | 'uid'>>): Order
  /** Orders matching the filter, newest first. */
  list(filter?: OrderFilter): Order[]
  /** Every order, oldest first. */
  all(): Order[]
}

/**
 * The line of an order or position: `unified` unless it says `classic`.
 *
 * @example
 * import { lineOf } from '@tradeline/sandbox'
 * lineOf({ line: 'classic' }) // 'classic'
 * lineOf({}) // 'unified'
 */
export function lineOf(record: { readonly line?: 'classic' | undefined }): Line {
  return record.line ?? 'unified'
}

/** Open orders: the statuses that can still be modified or cancelled. */
export const openStatuses: readonly OrderStatus[] = ['live', 'partially_filled']

/**
 * The most closed (filled or cancelled) orders the sandbox keeps per account: 50,000, far more
 * than a history read pages through in a test (at most 100 a page), where the exchange keeps 90
 * days. Past it the order closed earliest is dropped (its id and clientOid are forgotten), so a
 * long-running sandbox placing orders without end holds a bounded store.
 *
 * @example
 * import { closedOrdersKept } from '@tradeline/sandbox'
 * closedOrdersKept // 50000
 */
export const closedOrdersKept = 50_000

/** Whether an order with this status can still change (live or partially filled). */
const isOpen = (status: OrderStatus) => status === 'live' || status === 'partially_filled'

/**
 * Creates an empty order store; `onChange` hears every order added or changed (the state's
 * events and order history), with which of the two it was. Open orders are indexed apart, so a
 * read of open orders (every placement counts them) never walks the closed ones; at most
 * `closedKept` closed orders are kept per account (default {@link closedOrdersKept}).
 *
 * @example
 * import { createOrderStore } from '@tradeline/sandbox'
 * const store = createOrderStore()
 * store.list() // []
 */
export function createOrderStore(
  onChange?: ((order: Order, change: 'add' | 'update') => void) | undefined,
  closedKept: number = closedOrdersKept,
): OrderStore {
  const byId = new Map<string, Order>()
  const byClient = new Map<string, string>()
  /** The open orders by id (a subset of `byId`). */
  const open = new Map<string, Order>()
  /** Per account, the ids of its closed orders in the order they closed. */
  const closed = new Map<string, Set<string>>()
  const clientKey = (uid: string, clientOid: string) => `${uid}\u0000${clientOid}`

  /** Files `order` (just stored) as open or closed; drops the account's earliest closed past the cap. */
  const file = (order: Order) => {
    if (isOpen(order.status)) {
      open.set(order.orderId, order)
      closed.get(order.uid)?.delete(order.orderId)
      return
    }
    open.delete(order.orderId)
    let ids = closed.get(order.uid)
    if (!ids) {
      ids = new Set()
      closed.set(order.uid, ids)
    }
    ids.add(order.orderId)
    while (ids.size > closedKept) {
      const oldest = ids.values().next().value as string
      ids.delete(oldest)
      const dropped = byId.get(oldest)
      byId.delete(oldest)
      if (dropped) byClient.delete(clientKey(dropped.uid, dropped.clientOid))
    }
  }

  return {
    add(order) {
      if (byId.has(order.orderId)) throw new Error(`Duplicate orderId ${order.orderId}`)
      const key = clientKey(order.uid, order.clientOid)
      if (byClient.has(key)) throw new Error(`Duplicate clientOid ${order.clientOid}`)
      byId.set(order.orderId, order)
      byClient.set(key, order.orderId)
      file(order)
      onChange?.(order, 'add')
      return order
    },
    get: (orderId) => byId.get(orderId),
    byClientOid(uid, clientOid) {
      const id = byClient.get(clientKey(uid, clientOid))
      return id === undefined ? undefined : byId.get(id)
    },
    update(orderId, changes) {
      const order = byId.get(orderId)
      if (!order) throw new Error(`Unknown orderId ${orderId}`)
      const next: Order = { ...order, ...changes }
      byId.set(orderId, next)
      file(next)
      onChange?.(next, 'update')
      return next
    },
    list(filter = {}) {
      // Open orders only: the open index, never a walk over every closed order.
      const openOnly = filter.statuses?.every(isOpen) ?? false
      return [...(openOnly ? open : byId).values()]
        .filter(
          (o) =>
            (filter.uid === undefined || o.uid === filter.uid) &&
            (filter.line === undefined || lineOf(o) === filter.line) &&
            (filter.category === undefined ||
              o.category.toUpperCase() === filter.category.toUpperCase()) &&
            (filter.symbol === undefined || o.symbol === filter.symbol) &&
            (filter.statuses === undefined || filter.statuses.includes(o.status)) &&
            (filter.startTime === undefined || o.createdTime >= filter.startTime) &&
            (filter.endTime === undefined || o.createdTime <= filter.endTime),
        )
        .sort((a, b) => b.createdTime - a.createdTime || compareIds(b.orderId, a.orderId))
    },
    all: () => [...byId.values()],
  }
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
}
