/**
 * Balances per account and coin. An open order holds what its remaining part needs (spot buy:
 * quote, spot sell: base, futures opening: its notional over its leverage, see
 * `accountSettings.ts`); a position holds its margin the same way.
 * MARGIN orders and spot `autoBorrow=yes` borrow, so they hold nothing and are never short.
 */
import { Category } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { type Order, openStatuses } from '../orders.js'
import type { SandboxInstrument, SandboxState } from '../state.js'
import { addedMarginOf, leverageOf, positionLeverageOf } from './accountSettings.js'

const big = (value: string | undefined): Big => new Big(value ?? '0')

/**
 * The base and quote coin of an instrument: its own when given, else from the symbol
 * (`BTCUSDT`, `ETHPERP` quoted in USDC, `BTCUSD_CM` quoted in USD).
 *
 * @example
 * import { coinsOf } from '@tradeline/sandbox'
 * coinsOf({ symbol: 'rAAPLUSDT', category: 'SPOT' }) // { base: 'rAAPL', quote: 'USDT' }
 */
export function coinsOf(instrument: SandboxInstrument): { base: string; quote: string } {
  const { symbol } = instrument
  const suffix = [
    ['USD_CM', 'USD'],
    ['PERP', 'USDC'],
    ['USDT', 'USDT'],
    ['USDC', 'USDC'],
  ].find(([end]) => symbol.endsWith(end!))
  return {
    base: instrument.baseCoin ?? (suffix ? symbol.slice(0, -suffix[0]!.length) : symbol),
    quote: instrument.quoteCoin ?? suffix?.[1] ?? 'USDT',
  }
}

/** Whether an order closes (one-way reduce-only, hedge sell+long or buy+short). */
export function isClosing(order: Pick<Order, 'side' | 'posSide' | 'reduceOnly'>): boolean {
  if (order.reduceOnly === 'yes') return true
  return (
    (order.posSide === 'long' && order.side === 'sell') ||
    (order.posSide === 'short' && order.side === 'buy')
  )
}

/** The coin and amount an order needs for `qty` at `price`; `undefined` when it needs none. */
export function needOf(
  state: SandboxState,
  order: Pick<
    Order,
    'category' | 'symbol' | 'side' | 'orderType' | 'posSide' | 'reduceOnly' | 'autoBorrow'
  > & {
    readonly uid?: string | undefined
    readonly line?: 'classic' | undefined
    readonly marginMode?: string | undefined
  },
  qty: string,
  price: string,
): { coin: string; amount: Big } | undefined {
  const instrument = state.instruments.get(order.category, order.symbol)
  const category = Category.normalize(order.category)
  if (!instrument || !category || category === 'MARGIN' || order.autoBorrow === 'yes') return
  const { base, quote } = coinsOf(instrument)
  if (!Category.isFutures(category)) {
    if (order.side === 'sell') return { coin: base, amount: big(qty) }
    if (order.orderType === 'market') return { coin: quote, amount: big(qty) }
    return { coin: quote, amount: big(qty).times(price) }
  }
  if (isClosing(order)) return
  const { leverage } = leverageOf(state, order)
  if (category === 'COIN-FUTURES') return { coin: base, amount: big(qty).div(price).div(leverage) }
  return { coin: quote, amount: big(qty).times(price).div(leverage) }
}

/** The account's balance of a coin. */
export function balanceOf(state: SandboxState, uid: string, coin: string): Big {
  return big(state.balances.get(uid)?.get(coin))
}

/** Adds `delta` (may be negative) to a balance. */
export function adjust(state: SandboxState, uid: string, coin: string, delta: Big): void {
  state.fund(uid)
  const coins = state.balances.get(uid)!
  coins.set(coin, balanceOf(state, uid, coin).plus(delta).toDecimalPlaces(12).toFixed())
  state.events.emit({ type: 'balance', uid })
}

/** Balance minus what open orders (but `except`) and positions hold. */
export function available(
  state: SandboxState,
  uid: string,
  coin: string,
  except?: string | undefined,
): Big {
  let free = balanceOf(state, uid, coin)
  for (const order of state.orders.list({ uid, statuses: openStatuses })) {
    if (order.orderId === except) continue
    const remaining = big(order.qty).minus(order.filledQty)
    const price = order.price ?? state.prices.get(order.symbol) ?? '0'
    const need = needOf(state, order, remaining.toFixed(), price)
    if (need?.coin === coin) free = free.minus(need.amount)
  }
  for (const position of state.positions.values()) {
    if (position.uid !== uid) continue
    const instrument = state.instruments.get(position.category, position.symbol)
    if (!instrument || big(position.size).isZero()) continue
    const { base, quote } = coinsOf(instrument)
    const size = big(position.size).abs()
    const { leverage } = positionLeverageOf(state, position)
    const extra = addedMarginOf(state, position)
    if (position.category === 'COIN-FUTURES') {
      if (base === coin) free = free.minus(size.div(position.entryPrice).div(leverage)).minus(extra)
    } else if (quote === coin)
      free = free.minus(size.times(position.entryPrice).div(leverage)).minus(extra)
  }
  return free
}

/** Whether the account can afford `qty` of an order at `price` (besides the order `except`). */
export function affords(
  state: SandboxState,
  uid: string,
  order: Parameters<typeof needOf>[1],
  qty: string,
  price: string,
  except?: string | undefined,
): boolean {
  const need = needOf(state, order, qty, price)
  return need === undefined || available(state, uid, need.coin, except).gte(need.amount)
}

/**
 * The largest size of an opening order the account can afford at `price` now, in the
 * instrument's lots (what {@link affords} accepts: one lot more is refused with 40762).
 */
export function maxOpenSize(
  state: SandboxState,
  uid: string,
  order: Parameters<typeof needOf>[1],
  price: string,
): string {
  const perUnit = needOf(state, order, '1', price)
  if (!perUnit || perUnit.amount.isZero()) return '0'
  const free = available(state, uid, perUnit.coin)
  if (free.lte(0)) return '0'
  const lot = big(
    state.instruments.get(order.category, order.symbol)?.sizeMultiplier ?? '0.00000001',
  )
  return free.div(perUnit.amount).div(lot).floor().times(lot).toFixed()
}
