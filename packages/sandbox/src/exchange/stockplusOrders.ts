/**
 * The order details of the securities account beyond the book's placement record: what the
 * order reads answer (status, times in force, trigger and trailing fields, a history of
 * changes), cancellation and modification. The money moves through the book
 * (`stockplusBook.ts`: `release`, `buyCostOf`), in exact decimals; nothing is rounded.
 */
import { Securities } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import type { SandboxState } from '../state.js'
import { failures } from './codes.js'
import {
  buyCostOf,
  release,
  type StockOrder,
  stockAccountOf,
  stockplusOf,
} from './stockplusBook.js'

/** A change of an order as order-detail's `history` lists it. */
export type StockOrderChange = {
  readonly price: string | null
  readonly quantity: string
  readonly status: Securities.OrderStatus
  readonly msg: string
  /** Unix ms. */
  readonly time: number
}

/** The fields of an order that modify-order changes besides its quantity and limit price. */
export const modifiable = [
  'triggerPrice',
  'limitOffset',
  'trailingAmount',
  'trailingPercent',
  'limitDepthLevel',
  'triggerCount',
  'monitorPrice',
  'remark',
] as const
type Modifiable = (typeof modifiable)[number]

/** The details of one securities order, beside its book record (`StockOrder`). */
export type StockOrderDetails = {
  readonly order: StockOrder
  readonly timeInForce: string
  readonly expireDate: string | null
  readonly outsideRth: string | null
  readonly clientOid: string
  updatedAt: number
  /** The changes made by placement, modification and cancellation (fills are read from the book). */
  readonly history: StockOrderChange[]
} & { [key in Modifiable]: string | null }

const books = new WeakMap<SandboxState, Map<string, StockOrderDetails>>()

/** The order details of a sandbox, by orderId. */
export function stockOrdersOf(state: SandboxState): Map<string, StockOrderDetails> {
  let book = books.get(state)
  if (!book) {
    book = new Map()
    books.set(state, book)
  }
  return book
}

const text = (value: unknown): string | null =>
  value === undefined || value === null ? null : String(value)

/** The status of an order as the order reads answer it, from the book's record. */
export function statusOf(order: StockOrder): Securities.OrderStatus {
  if (order.status === 'filled') return 'FilledStatus'
  if (order.status === 'cancelled') return 'CanceledStatus'
  if (order.status === 'expired') return 'ExpiredStatus'
  return new Big(order.filled).isZero() ? 'NewStatus' : 'PartialFilledStatus'
}

/** The executed quantity's value (sum of price x quantity), its average price and the last price. */
export function executedOf(state: SandboxState, order: StockOrder) {
  let value = new Big(0)
  let quantity = new Big(0)
  let last: string | null = null
  for (const e of stockplusOf(state).executions) {
    if (e.orderId !== order.orderId) continue
    value = value.plus(new Big(e.price).times(e.quantity))
    quantity = quantity.plus(e.quantity)
    last = e.price
  }
  return {
    average: quantity.isZero() ? null : value.div(quantity).toFixed(),
    last,
  }
}

function change(order: StockOrder, status: Securities.OrderStatus, now: number): StockOrderChange {
  return { price: order.price ?? null, quantity: order.quantity, status, msg: '', time: now }
}

/** Records what a placement made: called once the place-order route created `order`. */
export function recordPlacement(
  state: SandboxState,
  order: StockOrder,
  params: Readonly<Record<string, unknown>>,
  now: number,
): StockOrderDetails {
  const details: StockOrderDetails = {
    order,
    triggerPrice: text(params.triggerPrice),
    limitOffset: text(params.limitOffset),
    trailingAmount: text(params.trailingAmount),
    trailingPercent: text(params.trailingPercent),
    limitDepthLevel: text(params.limitDepthLevel),
    triggerCount: text(params.triggerCount),
    monitorPrice: text(params.monitorPrice),
    remark: text(params.remark),
    timeInForce: String(params.timeInForce),
    expireDate: text(params.expireDate),
    outsideRth: text(params.outsideRth),
    clientOid: '',
    updatedAt: now,
    history: [change(order, 'NewStatus', now)],
  }
  if (order.status === 'filled') details.history.push(change(order, 'FilledStatus', now))
  stockOrdersOf(state).set(order.orderId, details)
  return details
}

/**
 * Cancels an open order (the book's `release`: a buy's reservation back to the available cash,
 * a sell's unfilled quantity back to the available quantity, exactly). A filled or cancelled
 * order is refused (`43020`).
 */
export function cancelStockOrder(
  state: SandboxState,
  details: StockOrderDetails,
  now: number,
): Failure | undefined {
  if (!release(state, details.order)) return failures.closed
  details.updatedAt = now
  details.history.push(change(details.order, 'CanceledStatus', now))
  return undefined
}

/**
 * Closes an open order whose time in force ended at `at` (stockplusSessions.ts): its reservation
 * released as a cancel releases it, the order `ExpiredStatus` from then on, with that change in
 * its `history` and `updatedAt`.
 */
export function lapseStockOrder(state: SandboxState, order: StockOrder, at: number): void {
  if (!release(state, order, 'expired')) return
  const details = stockOrdersOf(state).get(order.orderId)
  if (!details) return
  details.updatedAt = at
  details.history.push(change(details.order, 'ExpiredStatus', at))
}

/** What modify-order asks: the whole new quantity, a limit price and the other fields it changes. */
export type StockOrderChangeRequest = {
  readonly quantity: string
  readonly price?: string | undefined
} & { readonly [key in Modifiable]?: string | number | undefined }

/** The book's order record, writable where a modification changes it. */
type Modified = { -readonly [key in 'quantity' | 'price' | 'reservePrice']: StockOrder[key] }

/** The failures a modification is refused with, naming modify-order's own fields. */
export type StockOrderChangeFailures = {
  /** A quantity not in whole lots (`40808`). */
  readonly lot: (field: string) => Failure
  /** A price off its tick (`40808`). */
  readonly tick: (field: string) => Failure
  /** A field the order's type does not use: place-order's answer, `40017` with the rule's message. */
  readonly forbidden: (message: string) => Failure
  readonly insufficientFunds: Failure
  readonly insufficientPosition: Failure
}

/**
 * Modifies an open order, refused as place-order refuses the same fields: a field the order's
 * type does not use (`trailingPercent` on an `LO`: the rules' `modifyFieldIssues`, `forbidden`),
 * a `price`, `triggerPrice` or `monitorPrice` off its tick (`tick`, the rules' `tickIssues`), a
 * `quantity` not in whole shares (`lot`) or not above what is filled (`43023`). Then the whole
 * new `quantity` and the fields given apply: a buy's reservation becomes what the new remaining
 * quantity costs at the new price (`insufficientFunds` when the available cash cannot cover the
 * difference), a sell's reserved quantity follows its new remaining quantity
 * (`insufficientPosition` beyond the available shares). A closed order is `43020`.
 */
export function modifyStockOrder(
  state: SandboxState,
  details: StockOrderDetails,
  request: StockOrderChangeRequest,
  now: number,
  codes: StockOrderChangeFailures,
): Failure | undefined {
  const { order } = details
  if (order.status !== 'open') return failures.closed
  const [forbidden] = Securities.modifyFieldIssues(order.orderType, request)
  if (forbidden) return codes.forbidden(forbidden.message)
  const quantity = new Big(request.quantity)
  if (!quantity.isInteger()) return codes.lot('quantity')
  const fields = Securities.tickedPrices.modifyOrder
  const [offTick] = Securities.tickIssues(order.symbol, request, fields, 'penny')
  if (offTick) return codes.tick(String(offTick.path[0]))
  if (quantity.lte(order.filled)) return failures.belowFilled
  const account = stockAccountOf(state, order.uid)
  const remaining = quantity.minus(order.filled).toFixed()
  const reservePrice =
    request.price ?? (request.triggerPrice === undefined ? undefined : String(request.triggerPrice))
  const perUnit = reservePrice ?? order.reservePrice
  if (order.side === 'Buy') {
    const reserve = buyCostOf(state, order.symbol, remaining, perUnit)
    const delta = reserve.minus(order.frozen)
    if (delta.gt(account.cash)) return codes.insufficientFunds
    account.cash = new Big(account.cash).minus(delta).toFixed()
    account.frozen = new Big(account.frozen).plus(delta).toFixed()
    order.frozen = reserve.toFixed()
  } else {
    const position = account.positions.get(order.symbol)
    const more = quantity.minus(order.quantity)
    if (!position || more.gt(position.available)) return codes.insufficientPosition
    position.available = new Big(position.available).minus(more).toFixed()
  }
  const writable = order as Modified
  writable.quantity = quantity.toFixed()
  writable.reservePrice = perUnit
  if (request.price !== undefined) writable.price = request.price
  for (const key of modifiable) {
    const value = request[key]
    if (value !== undefined) details[key] = String(value)
  }
  details.updatedAt = now
  details.history.push(change(order, 'ReplacedStatus', now))
  return undefined
}
