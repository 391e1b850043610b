/**
 * The money of the securities account (`/api/v3/stockplus`), in exact decimals as the unified
 * and classic books keep theirs: per account the USD cash (available and frozen by open buys),
 * the positions with their cost, the orders, the executions, the transfers and a cash-flow record
 * of every movement. Every amount is a decimal string; arithmetic runs on decimal.js, and what
 * the exchange's precision does not allow is refused before anything moves, never rounded.
 */
import { Big } from '@tradeline/rules/big'
import type { SandboxState } from '../state.js'
import { adjust, available } from './balances.js'
import { instrumentOf, type NumbersAs } from './stockplus.js'

/** A position of the securities account. */
export type StockPosition = {
  /** Shares (or option contracts) held. */
  quantity: string
  /** Quantity not reserved by open sell orders. */
  available: string
  /**
   * What the holding cost net: the notional of its buys minus that of its sells since the
   * position opened (fees apart); the diluted cost price is `cost / (quantity x multiplier)`.
   */
  cost: string
}

/** An order of the securities account. */
export type StockOrder = {
  readonly orderId: string
  readonly uid: string
  readonly symbol: string
  readonly orderType: string
  readonly side: 'Buy' | 'Sell'
  readonly quantity: string
  /** The limit price; `undefined` for a market order. */
  readonly price: string | undefined
  /** Quantity executed so far. */
  filled: string
  /** `expired`: closed by its `timeInForce` (stockplusSessions.ts), like a cancel. */
  status: 'open' | 'filled' | 'cancelled' | 'expired'
  /** Cash still reserved by an open buy. */
  frozen: string
  /** The price per unit the reservation of a buy was made at (its limit or trigger price). */
  readonly reservePrice: string
  readonly createdAt: number
}

/** An execution of the securities account. */
export type Execution = {
  readonly uid: string
  readonly orderId: string
  readonly tradeId: string
  readonly symbol: string
  /** Unix ms. */
  readonly time: number
  readonly quantity: string
  readonly price: string
}

/** Kinds of cash movement of the securities account. */
export type CashFlowKind = 'transferIn' | 'transferOut' | 'buy' | 'sell' | 'fee'

/** A cash-flow record: one movement of the securities cash. */
export type CashFlow = {
  readonly uid: string
  readonly kind: CashFlowKind
  /** Signed: positive into the securities cash, negative out of it. */
  readonly amount: string
  readonly time: number
  readonly symbol: string | undefined
}

/** A transfer between the spot balance and the securities cash. */
export type TransferRecord = {
  readonly uid: string
  readonly transferId: string
  readonly coin: string
  readonly amount: string
  readonly direction: 'in' | 'out'
  readonly time: number
}

/** The securities account of one uid. */
export type StockAccount = {
  /** Available USD cash. */
  cash: string
  /** Cash reserved by open buy orders. */
  frozen: string
  readonly positions: Map<string, StockPosition>
}

/** The stockplus part of a sandbox. */
export type Stockplus = {
  numbersAs: NumbersAs
  /** The commission of an execution, a fraction of its notional ('0' by default). */
  feeRate: string
  readonly accounts: Map<string, StockAccount>
  readonly orders: StockOrder[]
  /** Every execution, oldest first. */
  readonly executions: Execution[]
  /** Every movement of the securities cash, oldest first. */
  readonly cashFlows: CashFlow[]
  /** Every transfer, oldest first. */
  readonly transfers: TransferRecord[]
  /** The counter of trade and transfer ids. */
  sequence: number
}

const all = new WeakMap<SandboxState, Stockplus>()

/** The stockplus part of a sandbox state (created on first use). */
export function stockplusOf(state: SandboxState): Stockplus {
  let found = all.get(state)
  if (!found) {
    found = {
      numbersAs: 'string',
      feeRate: '0',
      accounts: new Map(),
      orders: [],
      executions: [],
      cashFlows: [],
      transfers: [],
      sequence: 0,
    }
    all.set(state, found)
  }
  return found
}

/** The securities account of a uid (empty: no cash, no positions, until a transfer `in`). */
export function stockAccountOf(state: SandboxState, uid: string): StockAccount {
  const { accounts } = stockplusOf(state)
  let account = accounts.get(uid)
  if (!account) {
    account = { cash: '0', frozen: '0', positions: new Map() }
    accounts.set(uid, account)
  }
  return account
}

/** The contract multiplier: 100 for an option, 1 for a stock. */
export function multiplierOf(symbol: string): number {
  const instrument = instrumentOf(symbol)
  return instrument?.kind === 'option' ? instrument.multiplier : 1
}

const big = (value: string | number): Big => new Big(value)
const text = (value: Big): string => value.toFixed()

/** Decimals a transfer amount may carry: the 8 of a spot balance. */
export const transferPlaces = 8

/** Whether `amount` has at most {@link transferPlaces} decimals. */
export function isTransferAmount(amount: string): boolean {
  return big(amount).decimalPlaces() <= transferPlaces
}

/** The notional of `quantity` at `price`: price x quantity x multiplier. */
export function notionalOf(symbol: string, quantity: string, price: string): Big {
  return big(price).times(quantity).times(multiplierOf(symbol))
}

/** The commission of a notional at the sandbox's fee rate. */
export function feeOf(state: SandboxState, notional: Big): Big {
  return notional.times(stockplusOf(state).feeRate)
}

/** What a buy of `quantity` at `price` needs: its notional and commission. */
export function buyCostOf(
  state: SandboxState,
  symbol: string,
  quantity: string,
  price: string,
): Big {
  const notional = notionalOf(symbol, quantity, price)
  return notional.plus(feeOf(state, notional))
}

/** Writes a cash-flow record (nothing for a zero amount). */
export function recordCashFlow(
  state: SandboxState,
  flow: Omit<CashFlow, 'amount'> & { readonly amount: Big },
): void {
  if (flow.amount.isZero()) return
  stockplusOf(state).cashFlows.push({ ...flow, amount: text(flow.amount) })
}

/** Reserves the cash of an open buy: from available to frozen. */
export function reserve(state: SandboxState, order: StockOrder): void {
  if (order.side !== 'Buy') return
  const account = stockAccountOf(state, order.uid)
  const cost = buyCostOf(state, order.symbol, order.quantity, order.reservePrice)
  order.frozen = text(cost)
  account.cash = text(big(account.cash).minus(cost))
  account.frozen = text(big(account.frozen).plus(cost))
}

/**
 * Executes `quantity` of an order (its whole remainder by default) at `price`: the cash, the
 * position, the fee and an execution. A buy releases the part of its reservation that the
 * executed quantity held (all of what is left on the last fill) and pays the notional plus fee.
 */
export function execute(
  state: SandboxState,
  order: StockOrder,
  price: string,
  now: number,
  quantity: string = text(big(order.quantity).minus(order.filled)),
): Execution {
  const sp = stockplusOf(state)
  const account = stockAccountOf(state, order.uid)
  const notional = notionalOf(order.symbol, quantity, price)
  const fee = feeOf(state, notional)
  const position = account.positions.get(order.symbol) ?? {
    quantity: '0',
    available: '0',
    cost: '0',
  }
  const filled = big(order.filled).plus(quantity)
  const last = filled.eq(order.quantity)
  const flow = { uid: order.uid, time: now, symbol: order.symbol }
  if (order.side === 'Buy') {
    const released = last
      ? big(order.frozen)
      : Big.min(buyCostOf(state, order.symbol, quantity, order.reservePrice), order.frozen)
    order.frozen = text(big(order.frozen).minus(released))
    account.frozen = text(big(account.frozen).minus(released))
    account.cash = text(big(account.cash).plus(released).minus(notional).minus(fee))
    position.quantity = text(big(position.quantity).plus(quantity))
    position.available = text(big(position.available).plus(quantity))
    position.cost = text(big(position.cost).plus(notional))
    recordCashFlow(state, { ...flow, kind: 'buy', amount: notional.neg() })
  } else {
    account.cash = text(big(account.cash).plus(notional).minus(fee))
    // A sell reserved its quantity (availableQuantity) when it was placed.
    position.quantity = text(big(position.quantity).minus(quantity))
    position.cost = text(big(position.cost).minus(notional))
    recordCashFlow(state, { ...flow, kind: 'sell', amount: notional })
  }
  recordCashFlow(state, { ...flow, kind: 'fee', amount: fee.neg() })
  if (big(position.quantity).isZero()) account.positions.delete(order.symbol)
  else account.positions.set(order.symbol, position)
  order.filled = text(filled)
  if (last) order.status = 'filled'
  const execution: Execution = {
    uid: order.uid,
    orderId: order.orderId,
    tradeId: String(5_000_000_000 + ++sp.sequence),
    symbol: order.symbol,
    time: now,
    quantity,
    price,
  }
  sp.executions.push(execution)
  return execution
}

/**
 * Cancels what is left of an open order (or closes it `expired` when its time in force ended):
 * a buy's reservation returns to the available cash, a sell's quantity to the available
 * quantity. Returns false when the order is not open.
 */
export function release(
  state: SandboxState,
  order: StockOrder,
  status: 'cancelled' | 'expired' = 'cancelled',
): boolean {
  if (order.status !== 'open') return false
  const account = stockAccountOf(state, order.uid)
  if (order.side === 'Buy') {
    account.frozen = text(big(account.frozen).minus(order.frozen))
    account.cash = text(big(account.cash).plus(order.frozen))
    order.frozen = '0'
  } else {
    const position = account.positions.get(order.symbol)
    if (position)
      position.available = text(
        big(position.available).plus(big(order.quantity).minus(order.filled)),
      )
  }
  order.status = status
  return true
}

/**
 * Moves `amount` of `coin` between the spot balance (1:1 with USD) and the securities cash:
 * `in` from what the spot balance has available, `out` from the available cash. Returns the
 * transfer, or `undefined` when the source lacks the amount (nothing moves).
 */
export function transfer(
  state: SandboxState,
  move: { uid: string; coin: string; amount: string; direction: 'in' | 'out' },
  now: number,
): TransferRecord | undefined {
  const { uid, coin, amount, direction } = move
  const account = stockAccountOf(state, uid)
  const source = direction === 'in' ? available(state, uid, coin) : big(account.cash)
  if (source.lt(amount)) return undefined
  const signed = direction === 'in' ? big(amount) : big(amount).neg()
  adjust(state, uid, coin, signed.neg())
  account.cash = text(big(account.cash).plus(signed))
  const sp = stockplusOf(state)
  const record: TransferRecord = {
    uid,
    transferId: String(6_000_000_000 + ++sp.sequence),
    coin,
    amount,
    direction,
    time: now,
  }
  sp.transfers.push(record)
  recordCashFlow(state, {
    uid,
    kind: direction === 'in' ? 'transferIn' : 'transferOut',
    amount: signed,
    time: now,
    symbol: undefined,
  })
  return record
}
