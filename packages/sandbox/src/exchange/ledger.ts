/**
 * The money side of futures fills, per account and line: the fee model (maker and taker rates,
 * per sandbox and per symbol), the bills ledger (one bill per fill and per funding payment,
 * with the balance after it) and the history of closed positions (open and close average
 * price, realised profit, fees, funding). The sandbox's one wallet per uid is what moves.
 */
import { Big } from '@tradeline/rules/big'
import { refuse } from '../adminInput.js'
import type { Line, Order } from '../orders.js'
import type { SandboxState } from '../state.js'
import { adjust, balanceOf, coinsOf } from './balances.js'
import { positionKey, positionOf } from './positions.js'
import type { Fill } from './types.js'

const big = (value: string): Big => new Big(value)
const fixed = (value: Big): string => value.toDecimalPlaces(12).toFixed()

/** Fee rates as decimal fractions of a fill's value (`"0.0006"` is 0.06 %). */
export type FeeRates = { readonly maker: string; readonly taker: string }

/**
 * The sandbox's fee model: rates for every futures fill, and per symbol where given. Fees are
 * charged in the margin coin; rates of `"0"` (the default) charge nothing and write no fee.
 */
export type FeeOptions = FeeRates & {
  /** Rates of single symbols, e.g. `{ BTCUSDT: { maker: '0.0002', taker: '0.0006' } }`. */
  readonly symbols?: Readonly<Record<string, FeeRates>> | undefined
}

/** What a bill is for; each line names it in its own words (see the records). */
export type BillKind = FuturesBillKind | SpotBillKind

/** The kinds of a futures account's bills (both lines). */
export type FuturesBillKind =
  | 'open_long'
  | 'open_short'
  | 'close_long'
  | 'close_short'
  | 'buy'
  | 'sell'
  | 'funding'
  | 'transfer_in'
  | 'transfer_out'

/**
 * The two bills of a unified spot or margin fill: the coin it paid out (`dealt_out`: the quote
 * coin of a buy, the base coin of a sell) and the coin it took in (`dealt_in`).
 */
export type SpotBillKind = 'dealt_out' | 'dealt_in'

/** One entry of an account's ledger: what moved its balance of a coin, and the balance after. */
export type Bill = {
  readonly billId: string
  readonly uid: string
  readonly line: Line
  readonly category: string
  readonly symbol: string
  readonly coin: string
  readonly kind: BillKind
  /** The amount moved besides the fee: realised profit of a close, a funding payment. */
  readonly amount: string
  /** The fee, negative when paid (`"0"` when none). */
  readonly fee: string
  /** The balance of the coin after this bill. */
  readonly balance: string
  readonly ts: number
}

/** A position from its first opening fill until it was flat again. */
export type ClosedPosition = {
  readonly positionId: string
  readonly uid: string
  readonly line: Line
  readonly category: string
  readonly symbol: string
  readonly marginCoin: string
  readonly holdSide: 'long' | 'short'
  readonly posMode: 'one_way_mode' | 'hedge_mode'
  readonly marginMode: string
  readonly openTotalPos: string
  readonly closeTotalPos: string
  readonly openAvgPrice: string
  readonly closeAvgPrice: string
  /** Realised profit of the closing fills, without fees and funding. */
  readonly pnl: string
  /** Fees paid opening and closing, negative when paid. */
  readonly openFee: string
  readonly closeFee: string
  /** Funding received (positive) or paid (negative) while it was open. */
  readonly totalFunding: string
  readonly createdTime: number
  readonly updatedTime: number
}

/** What a position accumulates while open. */
type Tracker = {
  positionId: string
  openQty: Big
  openValue: Big
  closeQty: Big
  closeValue: Big
  pnl: Big
  openFee: Big
  closeFee: Big
  funding: Big
  createdTime: number
  marginMode: string
  posMode: ClosedPosition['posMode']
}

/** The ledger of one sandbox. */
export type Ledger = {
  fees: FeeOptions
  readonly bills: Bill[]
  readonly closed: ClosedPosition[]
  readonly open: Map<string, Tracker>
}

const ledgers = new WeakMap<SandboxState, Ledger>()

/**
 * The ledger of a sandbox (created empty, without fees, on first use).
 *
 * @example
 * import { createState, ledgerOf } from '@tradeline/sandbox'
 * ledgerOf(createState()).bills // []
 */
export function ledgerOf(state: SandboxState): Ledger {
  let found = ledgers.get(state)
  if (!found) {
    found = { fees: { maker: '0', taker: '0' }, bills: [], closed: [], open: new Map() }
    ledgers.set(state, found)
  }
  return found
}

/** The fee rates of a symbol. */
export function feeRatesOf(state: SandboxState, symbol: string): FeeRates {
  const { fees } = ledgerOf(state)
  // Own entries only: a symbol named like a member of Object.prototype (`constructor`) read
  // `Object` from the plain object, and a fill then failed halfway with a 500.
  const own = fees.symbols !== undefined && Object.hasOwn(fees.symbols, symbol)
  return own ? (fees.symbols?.[symbol] ?? fees) : fees
}

/** The margin coin of a futures symbol: the base coin of coin-margined ones, else the quote coin. */
export function marginCoinOf(state: SandboxState, category: string, symbol: string): string {
  const instrument = state.instruments.get(category, symbol) ?? { symbol, category }
  const { base, quote } = coinsOf(instrument)
  return category.toUpperCase() === 'COIN-FUTURES' ? base : quote
}

/** The signed size of the position a futures order works on, before or after its fill. */
export function sizeBefore(state: SandboxState, order: Order): Big {
  const side = (order.posSide as 'long' | 'short' | undefined) ?? 'net'
  return big(positionOf(state, order.uid, order.category, order.symbol, side, lineOf(order)).size)
}

const lineOf = (order: { readonly line?: 'classic' | undefined }): Line => order.line ?? 'unified'

/**
 * Books a futures fill after the position took it: charges the fee (maker or taker rate of the
 * fill's value, in the margin coin), writes the bill (realised profit `pnl` as its amount) and
 * moves the position's history; answers the fee, negative when paid.
 */
export function bookFuturesFill(
  state: SandboxState,
  order: Order,
  fill: Fill,
  pnl: string,
  before: Big,
): string {
  const ledger = ledgerOf(state)
  const coin = marginCoinOf(state, order.category, order.symbol)
  const rates = feeRatesOf(state, order.symbol)
  const rate = big(fill.tradeScope === 'taker' ? rates.taker : rates.maker)
  const value =
    order.category.toUpperCase() === 'COIN-FUTURES'
      ? big(fill.qty).div(fill.price)
      : big(fill.qty).times(fill.price)
  const fee = value.times(rate).toDecimalPlaces(12)
  if (!fee.isZero()) adjust(state, order.uid, coin, fee.neg())
  const after = sizeBefore(state, order)
  const moves = movesOf(order, before, after)
  const total = moves.reduce((sum, move) => sum.plus(move.qty), big('0'))
  for (const move of moves) {
    const share = total.isZero() ? big('0') : fee.times(move.qty).div(total)
    track(state, order, fill, move, share, move.opens ? big('0') : big(pnl))
  }
  const hedged = order.posSide !== undefined
  const kind: BillKind = hedged
    ? `${moves[0]?.opens === false ? 'close' : 'open'}_${order.posSide as 'long' | 'short'}`
    : order.side
  ledger.bills.push({
    billId: state.ids.orderId(),
    uid: order.uid,
    line: lineOf(order),
    category: order.category,
    symbol: order.symbol,
    coin,
    kind,
    amount: fixed(big(pnl)),
    fee: fixed(fee.neg()),
    balance: balanceOf(state, order.uid, coin).toFixed(),
    ts: fill.ts,
  })
  return fixed(fee.neg())
}

/** What a fill did to a position side: opened or closed `qty`. */
type Move = { readonly side: 'long' | 'short'; readonly qty: Big; readonly opens: boolean }

function movesOf(order: Order, before: Big, after: Big): Move[] {
  if (order.posSide !== undefined) {
    const side = order.posSide as 'long' | 'short'
    const change = after.minus(before)
    if (change.isZero()) return []
    return [{ side, qty: change.abs(), opens: change.isPositive() }]
  }
  const sideOf = (size: Big): 'long' | 'short' => (size.isPositive() ? 'long' : 'short')
  if (before.isZero())
    return after.isZero() ? [] : [{ side: sideOf(after), qty: after.abs(), opens: true }]
  const sameSide = !after.isZero() && after.isPositive() === before.isPositive()
  if (sameSide) {
    const change = after.abs().minus(before.abs())
    if (change.isZero()) return []
    return [{ side: sideOf(before), qty: change.abs(), opens: change.isPositive() }]
  }
  const closed: Move = { side: sideOf(before), qty: before.abs(), opens: false }
  return after.isZero()
    ? [closed]
    : [closed, { side: sideOf(after), qty: after.abs(), opens: true }]
}

function trackerKey(order: Pick<Order, 'uid' | 'symbol' | 'line'>, side: 'long' | 'short') {
  return positionKey(order.uid, order.symbol, side, lineOf(order))
}

/** Adds one move to its position's tracker; a close to flat moves it to the history. */
function track(
  state: SandboxState,
  order: Order,
  fill: Fill,
  move: Move,
  fee: Big,
  pnl: Big,
): void {
  const { open, closed } = ledgerOf(state)
  const key = trackerKey(order, move.side)
  let tracker = open.get(key)
  if (!tracker) {
    if (!move.opens) return
    tracker = {
      positionId: state.ids.orderId(),
      openQty: big('0'),
      openValue: big('0'),
      closeQty: big('0'),
      closeValue: big('0'),
      pnl: big('0'),
      openFee: big('0'),
      closeFee: big('0'),
      funding: big('0'),
      createdTime: fill.ts,
      marginMode: order.marginMode ?? 'crossed',
      posMode: order.posSide === undefined ? 'one_way_mode' : 'hedge_mode',
    }
    open.set(key, tracker)
  }
  const value = move.qty.times(fill.price)
  if (move.opens) {
    tracker.openQty = tracker.openQty.plus(move.qty)
    tracker.openValue = tracker.openValue.plus(value)
    tracker.openFee = tracker.openFee.minus(fee)
    return
  }
  tracker.closeQty = tracker.closeQty.plus(move.qty)
  tracker.closeValue = tracker.closeValue.plus(value)
  tracker.closeFee = tracker.closeFee.minus(fee)
  tracker.pnl = tracker.pnl.plus(pnl)
  const side = order.posSide === undefined ? 'net' : move.side
  const left = big(
    positionOf(state, order.uid, order.category, order.symbol, side, lineOf(order)).size,
  )
  const stillOpen =
    order.posSide === undefined
      ? left.isPositive() === (move.side === 'long') && !left.isZero()
      : !left.isZero()
  if (stillOpen) return
  open.delete(key)
  const average = (total: Big, qty: Big) =>
    qty.isZero() ? '0' : fixed(total.div(qty).toDecimalPlaces(8))
  closed.push({
    positionId: tracker.positionId,
    uid: order.uid,
    line: lineOf(order),
    category: order.category,
    symbol: order.symbol,
    marginCoin: marginCoinOf(state, order.category, order.symbol),
    holdSide: move.side,
    posMode: tracker.posMode,
    marginMode: tracker.marginMode,
    openTotalPos: tracker.openQty.toFixed(),
    closeTotalPos: tracker.closeQty.toFixed(),
    openAvgPrice: average(tracker.openValue, tracker.openQty),
    closeAvgPrice: average(tracker.closeValue, tracker.closeQty),
    pnl: fixed(tracker.pnl),
    openFee: fixed(tracker.openFee),
    closeFee: fixed(tracker.closeFee),
    totalFunding: fixed(tracker.funding),
    createdTime: tracker.createdTime,
    updatedTime: fill.ts,
  })
}

/**
 * Books a unified spot or margin fill after its balances moved: a `dealt_out` bill of the coin
 * paid (negative) and a `dealt_in` bill of the coin received, each with the balance after the
 * fill; fee `"0"` (the sandbox charges spot fills none).
 */
export function bookSpotFill(
  state: SandboxState,
  order: Order,
  fill: Fill,
  coins: { base: string; quote: string },
): void {
  const value = big(fill.qty).times(fill.price)
  const buy = order.side === 'buy'
  const out = buy
    ? { coin: coins.quote, amount: value }
    : { coin: coins.base, amount: big(fill.qty) }
  const taken = buy
    ? { coin: coins.base, amount: big(fill.qty) }
    : { coin: coins.quote, amount: value }
  const bill = (kind: SpotBillKind, move: { coin: string; amount: Big }, sign: 1 | -1): Bill => ({
    billId: state.ids.orderId(),
    uid: order.uid,
    line: 'unified',
    category: order.category,
    symbol: order.symbol,
    coin: move.coin,
    kind,
    amount: fixed(move.amount.times(sign)),
    fee: '0',
    balance: balanceOf(state, order.uid, move.coin).toFixed(),
    ts: fill.ts,
  })
  ledgerOf(state).bills.push(bill('dealt_out', out, -1), bill('dealt_in', taken, 1))
}

/**
 * Books a transfer into (`in`) or out of (`out`) the uid's own balance: a bill of `amount`
 * (negative out) with the balance after it, of a classic futures account or (`line` `unified`) of
 * the unified account; the balance itself was moved by the transfer.
 */
export function bookTransfer(
  state: SandboxState,
  account: { uid: string; line?: Line | undefined; category: string; coin: string },
  direction: 'in' | 'out',
  move: { amount: Big; at: number },
): void {
  ledgerOf(state).bills.push({
    billId: state.ids.orderId(),
    uid: account.uid,
    line: account.line ?? 'classic',
    category: account.category,
    symbol: '',
    coin: account.coin,
    kind: direction === 'in' ? 'transfer_in' : 'transfer_out',
    amount: fixed(move.amount),
    fee: '0',
    balance: balanceOf(state, account.uid, account.coin).toFixed(),
    ts: move.at,
  })
}

/**
 * Books a funding payment of a position: moves the balance by `amount` (negative when paid),
 * writes a `funding` bill and adds it to the position's funding.
 */
export function bookFunding(
  state: SandboxState,
  position: { uid: string; line?: 'classic' | undefined; category: string; symbol: string },
  holdSide: 'long' | 'short',
  amount: Big,
  at: number,
): void {
  const coin = marginCoinOf(state, position.category, position.symbol)
  adjust(state, position.uid, coin, amount)
  const tracker = ledgerOf(state).open.get(trackerKey(position, holdSide))
  if (tracker) tracker.funding = tracker.funding.plus(amount)
  ledgerOf(state).bills.push({
    billId: state.ids.orderId(),
    uid: position.uid,
    line: lineOf(position),
    category: position.category,
    symbol: position.symbol,
    coin,
    kind: 'funding',
    amount: fixed(amount),
    fee: '0',
    balance: balanceOf(state, position.uid, coin).toFixed(),
    ts: at,
  })
}

/** Fee options checked: every rate a decimal from -0.01 (a rebate) to 0.01; throws a `RangeError`. */
export function feeOptions(options: FeeOptions): FeeOptions {
  const check = (rates: FeeRates, where: string): FeeRates => {
    for (const rate of [rates.maker, rates.taker]) {
      let value: Big
      try {
        value = big(String(rate))
      } catch {
        throw refuse(
          new RangeError(`${where}: a fee rate is a decimal string, not ${String(rate)}`),
        )
      }
      if (value.abs().gt('0.01'))
        throw refuse(new RangeError(`${where}: a fee rate lies within +/-0.01`))
    }
    return { maker: big(String(rates.maker)).toFixed(), taker: big(String(rates.taker)).toFixed() }
  }
  const symbols = Object.entries(options.symbols ?? {}).map(
    ([symbol, rates]) => [symbol, check(rates, symbol)] as const,
  )
  return {
    ...check(options, 'fees'),
    ...(symbols.length > 0 && { symbols: Object.fromEntries(symbols) }),
  }
}

/**
 * What an open position paid so far: its funding (negative when paid) and its fees (negative:
 * all of them, and those of opening and of closing apart), `"0"` each for a position the ledger
 * did not see open (one set by hand).
 */
export function openTotals(
  state: SandboxState,
  position: { uid: string; line?: 'classic' | undefined; symbol: string },
  holdSide: 'long' | 'short',
): { funding: string; fees: string; openFee: string; closeFee: string } {
  const tracker = ledgerOf(state).open.get(trackerKey(position, holdSide))
  if (!tracker) return { funding: '0', fees: '0', openFee: '0', closeFee: '0' }
  return {
    funding: fixed(tracker.funding),
    fees: fixed(tracker.openFee.plus(tracker.closeFee)),
    openFee: fixed(tracker.openFee),
    closeFee: fixed(tracker.closeFee),
  }
}
