/**
 * The order book of the securities account beyond placement: each order's details (quantity,
 * prices, status, what it reserved, its history of changes), partial fills with their
 * executions, cancellation and modification. Every amount is an exact decimal (`Big`), kept as
 * decimal text; nothing is rounded.
 */
import { Securities } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import type { SandboxState } from '../state.js'
import { failures } from './codes.js'
import {
  type Execution,
  multiplierOf,
  type StockAccount,
  type StockOrder,
  stockAccountOf,
  stockplusOf,
} from './stockplus.js'

/** A change of an order as order-detail's `history` lists it. */
export type StockOrderChange = {
  readonly price: string | null
  readonly quantity: string
  readonly status: Securities.OrderStatus
  readonly msg: string
  /** Unix ms. */
  readonly time: number
}

/** The fields of an order that modify-order changes besides its quantity. */
export const modifiable = [
  'price',
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

/** The details of one securities order, beside its placement record (`StockOrder`). */
export type StockOrderDetails = {
  readonly order: StockOrder
  /** The whole quantity (decimal text): modify-order changes it. */
  quantity: string
  /** Filled so far. */
  executed: string
  /** The sum of price x quantity of the fills, for the average executed price. */
  executedValue: string
  lastDone: string | null
  status: Securities.OrderStatus
  /** The price per share (or per contract unit) that a resting buy reserves cash at. */
  reservePrice: string
  readonly timeInForce: string
  readonly expireDate: string | null
  readonly outsideRth: string | null
  readonly clientOid: string
  updatedAt: number
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

/** The cash and reserved cash of an account moved by exact amounts (positive: added). */
function moveCash(account: StockAccount, cash: Big, frozen: Big): void {
  account.cash = Number(new Big(account.cash).plus(cash))
  account.frozen = Number(new Big(account.frozen).plus(frozen))
}

/** Records what a placement made: called once the place-order route created `order`. */
export function recordPlacement(
  state: SandboxState,
  order: StockOrder,
  params: Readonly<Record<string, unknown>>,
  now: number,
): StockOrderDetails {
  const executions = stockplusOf(state).executions.filter((e) => e.orderId === order.orderId)
  let executed = new Big(0)
  let value = new Big(0)
  for (const e of executions) {
    executed = executed.plus(e.quantity)
    value = value.plus(new Big(e.price).times(e.quantity))
  }
  const quantity = String(params.submittedQuantity)
  const filled = executed.gte(quantity)
  const status = filled ? 'FilledStatus' : 'NewStatus'
  const price = text(params.submittedPrice)
  const perShare = new Big(order.frozen).div(new Big(quantity).times(multiplierOf(order.symbol)))
  const details: StockOrderDetails = {
    order,
    quantity,
    executed: executed.toString(),
    executedValue: value.toString(),
    lastDone: executions.at(-1) === undefined ? null : String(executions.at(-1)?.price),
    status,
    reservePrice: perShare.toString(),
    price,
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
    history: [{ price, quantity, status: 'NewStatus', msg: '', time: now }],
  }
  if (filled) details.history.push({ price, quantity, status, msg: '', time: now })
  stockOrdersOf(state).set(order.orderId, details)
  return details
}

/** The part of an order not filled yet. */
export function remainingOf(details: StockOrderDetails): Big {
  return new Big(details.quantity).minus(details.executed)
}

/** The failure of a change of an order that is no longer live, else `undefined`. */
function closed(details: StockOrderDetails): Failure | undefined {
  return Securities.isLiveOrderStatus(details.status) ? undefined : failures.closed
}

/**
 * Fills `quantity` (default: the rest) of a live order at `price` (default: its limit price):
 * one execution, cash and position moved exactly; a buy releases the cash it reserved for that
 * quantity and pays the fill, a sell receives it (its shares were reserved when placed).
 */
export function fillPart(
  state: SandboxState,
  details: StockOrderDetails,
  now: number,
  fill: { quantity?: string | undefined; price?: string | undefined } = {},
): Execution | Failure {
  const failure = closed(details)
  if (failure) return failure
  const remaining = remainingOf(details)
  const quantity = new Big(fill.quantity ?? remaining)
  if (!quantity.isInteger() || quantity.lte(0) || quantity.gt(remaining))
    return failures.belowFilled
  const price = new Big(fill.price ?? details.price ?? details.reservePrice)
  const { order } = details
  const account = stockAccountOf(state, order.uid)
  const multiplier = multiplierOf(order.symbol)
  const notional = price.times(quantity).times(multiplier)
  const position = account.positions.get(order.symbol) ?? {
    quantity: 0,
    available: 0,
    costPrice: 0,
  }
  if (order.side === 'Buy') {
    const released = new Big(details.reservePrice).times(quantity).times(multiplier)
    moveCash(account, released.minus(notional), released.neg())
    order.frozen = Number(new Big(order.frozen).minus(released))
    const held = new Big(position.quantity).plus(quantity)
    position.costPrice = Number(
      new Big(position.costPrice).times(position.quantity).plus(price.times(quantity)).div(held),
    )
    position.quantity = Number(held)
    position.available = Number(new Big(position.available).plus(quantity))
  } else {
    moveCash(account, notional, new Big(0))
    position.quantity = Number(new Big(position.quantity).minus(quantity))
  }
  if (position.quantity === 0) account.positions.delete(order.symbol)
  else account.positions.set(order.symbol, position)
  details.executed = new Big(details.executed).plus(quantity).toString()
  details.executedValue = new Big(details.executedValue).plus(price.times(quantity)).toString()
  details.lastDone = price.toString()
  details.status = remainingOf(details).isZero() ? 'FilledStatus' : 'PartialFilledStatus'
  if (details.status === 'FilledStatus') order.status = 'filled'
  details.updatedAt = now
  details.history.push({
    price: details.price,
    quantity: details.quantity,
    status: details.status,
    msg: '',
    time: now,
  })
  const sp = stockplusOf(state)
  const execution: Execution = {
    uid: order.uid,
    orderId: order.orderId,
    tradeId: String(5_000_000_000 + ++sp.sequence),
    symbol: order.symbol,
    time: now,
    quantity: Number(quantity),
    price: Number(price),
  }
  sp.executions.push(execution)
  return execution
}

/**
 * Cancels a live order: a buy's reserved cash goes back to the available cash, a sell's
 * unfilled shares back to the available quantity, exactly. A filled or cancelled order is
 * refused (`43020`).
 */
export function cancelStockOrder(
  state: SandboxState,
  details: StockOrderDetails,
  now: number,
): Failure | undefined {
  const failure = closed(details)
  if (failure) return failure
  const { order } = details
  const account = stockAccountOf(state, order.uid)
  if (order.side === 'Buy') {
    const frozen = new Big(order.frozen)
    moveCash(account, frozen, frozen.neg())
    order.frozen = 0
  } else {
    const position = account.positions.get(order.symbol)
    if (position) position.available = Number(remainingOf(details).plus(position.available))
  }
  details.status = 'CanceledStatus'
  details.updatedAt = now
  details.history.push({
    price: details.price,
    quantity: details.quantity,
    status: 'CanceledStatus',
    msg: '',
    time: now,
  })
  return undefined
}

/** What modify-order asks: the whole new quantity and the fields it changes. */
export type StockOrderChangeRequest = { readonly quantity: string } & {
  readonly [key in Modifiable]?: string | number | undefined
}

/**
 * Modifies a live order: the whole new `quantity` (whole shares, `40808` otherwise; not below
 * what is filled, `43023`) and the fields given. A buy's reservation follows the new remaining
 * quantity at the new price (`43012` beyond the available cash), a sell's reserved shares follow
 * the new remaining quantity (`40757` beyond the available shares).
 */
export function modifyStockOrder(
  state: SandboxState,
  details: StockOrderDetails,
  change: StockOrderChangeRequest,
  now: number,
  codes: { lot: Failure; insufficientFunds: Failure; insufficientPosition: Failure },
): Failure | undefined {
  const failure = closed(details)
  if (failure) return failure
  const quantity = new Big(change.quantity)
  if (!quantity.isInteger()) return codes.lot
  if (quantity.lte(details.executed)) return failures.belowFilled
  const { order } = details
  const account = stockAccountOf(state, order.uid)
  const remaining = quantity.minus(details.executed)
  if (order.side === 'Buy') {
    const price =
      change.price ?? change.triggerPrice ?? details.price ?? details.triggerPrice ?? undefined
    const perShare = price === undefined ? new Big(details.reservePrice) : new Big(price)
    const reserve = perShare.times(remaining).times(multiplierOf(order.symbol))
    const delta = reserve.minus(order.frozen)
    if (delta.gt(account.cash)) return codes.insufficientFunds
    moveCash(account, delta.neg(), delta)
    order.frozen = Number(reserve)
    details.reservePrice = perShare.toString()
  } else {
    const position = account.positions.get(order.symbol)
    const more = remaining.minus(remainingOf(details))
    if (more.gt(position?.available ?? 0) || !position) return codes.insufficientPosition
    position.available = Number(new Big(position.available).minus(more))
  }
  details.quantity = quantity.toString()
  for (const key of modifiable) {
    const value = change[key]
    if (value !== undefined) details[key] = String(value)
  }
  details.updatedAt = now
  details.history.push({
    price: details.price,
    quantity: details.quantity,
    status: 'ReplacedStatus',
    msg: '',
    time: now,
  })
  return undefined
}
