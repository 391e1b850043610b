/**
 * Securities order management routes: placement recorded with its details, cancel-order,
 * modify-order, order-detail, today-orders, history-orders and today-executions.
 */
import { Securities } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../../envelope.js'
import { failures } from '../../exchange/codes.js'
import { instrumentOf, type NumbersAs, newYork } from '../../exchange/stockplus.js'
import { stockplusOf } from '../../exchange/stockplusBook.js'
import {
  cancelStockOrder,
  executedOf,
  modifyStockOrder,
  recordPlacement,
  type StockOrderChange,
  type StockOrderChangeFailures,
  type StockOrderChangeRequest,
  type StockOrderDetails,
  statusOf,
  stockOrdersOf,
} from '../../exchange/stockplusOrders.js'
import type { Call, Outcome, Route } from '../../exchange.js'
import type { SandboxState } from '../../state.js'
import {
  executionRecord,
  numeric,
  stockplusFailures,
  stockplusLotFailure,
  stockplusTickFailure,
  uidOf,
} from './common.js'

/** The acknowledgement of a change of an order. */
const ack = (details: StockOrderDetails) => ({
  orderId: details.order.orderId,
  clientOid: details.clientOid,
  symbol: details.order.symbol,
})

/** `place` with every placement's details recorded, so the order can be read, changed and cancelled. */
export function recordingPlacements(place: Route): Route {
  return {
    ...place,
    async handle(call) {
      const outcome = await place.handle(call)
      if ('data' in outcome) {
        const { orderId } = outcome.data as { orderId: string }
        const order = stockplusOf(call.state).orders.find((o) => o.orderId === orderId)
        if (order) recordPlacement(call.state, order, call.params, call.now)
      }
      return outcome
    },
  }
}

/** The order of `orderId` (or `clientOid`) of a uid, of `symbol` when given. */
function findOrder(
  state: SandboxState,
  uid: string,
  query: { orderId?: unknown; clientOid?: unknown; symbol?: unknown },
): StockOrderDetails | undefined {
  const book = stockOrdersOf(state)
  const found =
    typeof query.orderId === 'string'
      ? book.get(query.orderId)
      : [...book.values()].find((d) => d.clientOid !== '' && d.clientOid === query.clientOid)
  if (!found || found.order.uid !== uid) return undefined
  if (typeof query.symbol === 'string' && found.order.symbol !== query.symbol) return undefined
  return found
}

/** The executions of an order, oldest first. */
function executionsOf(state: SandboxState, orderId: string) {
  return stockplusOf(state).executions.filter((e) => e.orderId === orderId)
}

/** An order as the order reads answer it. */
function orderRecord(state: SandboxState, details: StockOrderDetails, as: NumbersAs) {
  const { order } = details
  const instrument = instrumentOf(order.symbol)
  const executed = executedOf(state, order)
  const lastFill = executionsOf(state, order.orderId).at(-1)?.time ?? 0
  const num = (value: string | null | undefined) =>
    value === null || value === undefined ? null : numeric(value, as)
  return {
    orderId: order.orderId,
    status: statusOf(order),
    stockName: instrument?.kind === 'stock' ? instrument.nameEn : order.symbol,
    quantity: numeric(order.quantity, as),
    executedQuantity: numeric(order.filled, as),
    price: num(order.price),
    executedPrice: num(executed.average),
    submittedAt: new Date(order.createdAt).toISOString(),
    side: order.side,
    symbol: order.symbol,
    orderType: order.orderType,
    lastDone: num(executed.last),
    triggerPrice: num(details.triggerPrice),
    msg: '',
    tag: 'Normal',
    timeInForce: details.timeInForce,
    expireDate: details.expireDate,
    updatedAt: new Date(Math.max(details.updatedAt, lastFill)).toISOString(),
    triggerAt: null,
    trailingAmount: num(details.trailingAmount),
    trailingPercent: num(details.trailingPercent),
    limitOffset: num(details.limitOffset),
    triggerStatus: details.triggerPrice === null ? null : 'NOT_ACTIVE',
    currency: 'USD',
    outsideRth: details.outsideRth ?? 'UnknownOutsideRth',
    remark: details.remark ?? '',
    limitDepthLevel: details.limitDepthLevel === null ? null : Number(details.limitDepthLevel),
    triggerCount: details.triggerCount === null ? null : Number(details.triggerCount),
    monitorPrice: details.monitorPrice,
  }
}

/**
 * The history of an order: its recorded changes (placement, modifications, cancellation) and
 * one entry per fill after placement (partly filled, or filled by the last), oldest first.
 */
function historyOf(state: SandboxState, details: StockOrderDetails): StockOrderChange[] {
  const { order } = details
  const [placed, ...changes] = details.history
  const fills: StockOrderChange[] = []
  let filled = new Big(0)
  for (const e of executionsOf(state, order.orderId)) {
    filled = filled.plus(e.quantity)
    const status = filled.gte(order.quantity) ? 'FilledStatus' : 'PartialFilledStatus'
    fills.push({
      price: order.price ?? null,
      quantity: order.quantity,
      status,
      msg: '',
      time: e.time,
    })
  }
  // A placement filled at once recorded its fill already.
  const later = changes.filter((c) => c.status !== 'FilledStatus')
  const merged = [...later, ...fills].sort((a, b) => a.time - b.time)
  return placed === undefined ? merged : [placed, ...merged]
}

/** The orders of a uid that pass the list filters (`symbol`, `status`, `side`, `market`). */
function listed(state: SandboxState, uid: string, params: Record<string, unknown>) {
  const statuses = typeof params.status === 'string' ? params.status.split(',') : undefined
  return [...stockOrdersOf(state).values()].filter(
    (d) =>
      d.order.uid === uid &&
      (params.symbol === undefined || d.order.symbol === params.symbol) &&
      (statuses === undefined || statuses.includes(statusOf(d.order))) &&
      (params.side === undefined || d.order.side === params.side) &&
      (params.market === undefined || d.order.symbol.endsWith(`.${String(params.market)}`)),
  )
}

/** A route changing one order of the caller (`orderId`, or `clientOid`, and `symbol` when sent): `43001` when none. */
function orderChangeRoute(
  endpoint: { readonly id: string; readonly path: string },
  apply: (call: Call, details: StockOrderDetails) => Failure | undefined,
): Route {
  return {
    id: endpoint.id,
    method: 'POST',
    path: endpoint.path,
    auth: true,
    handle(call): Outcome {
      const details = findOrder(call.state, uidOf(call.key), call.params)
      if (!details) return { error: failures.notFound }
      const failure = apply(call, details)
      return failure ? { error: failure } : { data: ack(details) }
    },
  }
}

/**
 * POST /api/v3/stockplus/trade/cancel-order: `{ orderId, clientOid, symbol }`. A live order of
 * the symbol is cancelled (its reservation released); an unknown order is `43001`, a filled or
 * cancelled one `43020`.
 */
export const cancelOrderRoute: Route = orderChangeRoute(
  Securities.cancelOrder,
  ({ state, now }, details) => cancelStockOrder(state, details, now),
)

/** Modify-order's refusals, as place-order answers the same fields (its own names). */
const modifyFailures: StockOrderChangeFailures = {
  ...stockplusFailures,
  lot: stockplusLotFailure,
  tick: stockplusTickFailure,
  forbidden: (message) => ({ code: '40017', msg: `parameter verification failed: ${message}` }),
}

/**
 * POST /api/v3/stockplus/trade/modify-order: `{ orderId, clientOid, symbol }`. A live order's
 * quantity and prices change, its reservation follows; see `modifyStockOrder` for the refusals.
 */
export const modifyOrderRoute: Route = orderChangeRoute(
  Securities.modifyOrder,
  ({ state, params, now }, details) =>
    modifyStockOrder(state, details, params as StockOrderChangeRequest, now, modifyFailures),
)

/**
 * GET /api/v3/stockplus/trade/order-detail: the order with its `history` of changes and no
 * charges (the sandbox takes no fees); an unknown order is `43001`.
 */
export const orderDetailRoute: Route = {
  id: Securities.getOrderDetail.id,
  method: 'GET',
  path: Securities.getOrderDetail.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const as = stockplusOf(state).numbersAs
    const details = findOrder(state, uidOf(key), params)
    if (!details) return { error: failures.notFound }
    const none = { status: 'None', amount: null, currency: null }
    return {
      data: {
        ...orderRecord(state, details, as),
        freeStatus: none.status,
        freeAmount: none.amount,
        freeCurrency: none.currency,
        deductionsStatus: none.status,
        deductionsAmount: none.amount,
        deductionsCurrency: none.currency,
        platformDeductedStatus: none.status,
        platformDeductedAmount: none.amount,
        platformDeductedCurrency: none.currency,
        history: historyOf(state, details).map((change) => ({
          price: change.price === null ? null : numeric(change.price, as),
          quantity: numeric(change.quantity, as),
          status: change.status,
          msg: change.msg,
          time: new Date(change.time).toISOString(),
        })),
        chargeDetail: { totalAmount: numeric('0', as), currency: 'USD', items: [] },
      },
    }
  },
}

/** GET /api/v3/stockplus/trade/today-orders: `{ orders }`, today's (New York) orders of every status, oldest first. */
export const todayOrdersRoute: Route = {
  id: Securities.getTodayOrders.id,
  method: 'GET',
  path: Securities.getTodayOrders.path,
  auth: true,
  handle({ state, key, params, now }): Outcome {
    const as = stockplusOf(state).numbersAs
    const today = newYork(now).midnight
    const orders = listed(state, uidOf(key), params).filter(
      (d) =>
        d.order.createdAt >= today &&
        (params.orderId === undefined || d.order.orderId === params.orderId),
    )
    return { data: { orders: orders.map((d) => orderRecord(state, d, as)) } }
  },
}

/**
 * GET /api/v3/stockplus/trade/history-orders: `{ hasMore, orders }`, the orders before today
 * (New York) in the window (`startAt`, `endAt`, Unix seconds; 90 days by default, as
 * history-executions), oldest first, at most 1000.
 */
export const historyOrdersRoute: Route = {
  id: Securities.getHistoryOrders.id,
  method: 'GET',
  path: Securities.getHistoryOrders.path,
  auth: true,
  handle({ state, key, params, now }): Outcome {
    const as = stockplusOf(state).numbersAs
    const window = Securities.resolveExecutionsWindow(
      params as { startAt?: string; endAt?: string },
      Math.floor(now / 1000),
    )
    const from = Number(window.startAt) * 1000
    const to = Math.min(Number(window.endAt) * 1000, newYork(now).midnight - 1)
    const orders = listed(state, uidOf(key), params)
      .filter((d) => d.order.createdAt >= from && d.order.createdAt <= to)
      .sort((a, b) => a.order.createdAt - b.order.createdAt)
    const max = Securities.executionsWindow.maxOrdersPerQuery
    return {
      data: {
        hasMore: orders.length > max,
        orders: orders.slice(0, max).map((d) => orderRecord(state, d, as)),
      },
    }
  },
}

/** GET /api/v3/stockplus/trade/today-executions: `{ trades }`, today's (New York) executions, each partial fill its own, oldest first. */
export const todayExecutionsRoute: Route = {
  id: Securities.getTodayExecutions.id,
  method: 'GET',
  path: Securities.getTodayExecutions.path,
  auth: true,
  handle({ state, key, params, now }): Outcome {
    const as = stockplusOf(state).numbersAs
    const uid = uidOf(key)
    const today = newYork(now).midnight
    const trades = stockplusOf(state).executions.filter(
      (e) =>
        e.uid === uid &&
        e.time >= today &&
        (params.symbol === undefined || e.symbol === params.symbol) &&
        (params.orderId === undefined || e.orderId === params.orderId),
    )
    return {
      data: {
        trades: trades.map((e) => executionRecord(e, as)),
      },
    }
  },
}
