/**
 * Positions of futures accounts: hedge mode keeps `long` and `short` per symbol, one-way mode
 * one signed `net` position. A fill opens or closes; closing realises the profit or loss into
 * the margin coin, and a closing or reduce-only fill never flips a position.
 */
import { Decimal } from '@tradeline/rules'
import type { Order } from '../orders.js'
import type { SandboxState } from '../state.js'
import { adjust, coinsOf } from './balances.js'
import type { Position } from './types.js'

const big = (value: string): Decimal.Big => new Decimal.Big(value)

/** The key of a position in the state. */
export function positionKey(uid: string, symbol: string, side: Position['side']): string {
  return `${uid}|${symbol}|${side}`
}

/** The position of an account (a zero one when none). */
export function positionOf(
  state: SandboxState,
  uid: string,
  category: string,
  symbol: string,
  side: Position['side'],
): Position {
  return (
    state.positions.get(positionKey(uid, symbol, side)) ?? {
      uid,
      category,
      symbol,
      side,
      size: '0',
      entryPrice: '0',
    }
  )
}

/**
 * The size an order of this side can reduce: in hedge mode the position of its `posSide`,
 * in one-way mode the long (for a sell) or short (for a buy) net position.
 */
export function reducible(
  state: SandboxState,
  order: Pick<Order, 'uid' | 'category' | 'symbol' | 'side' | 'posSide'>,
): string {
  if (order.posSide !== undefined)
    return positionOf(
      state,
      order.uid,
      order.category,
      order.symbol,
      order.posSide as 'long' | 'short',
    ).size
  const net = big(positionOf(state, order.uid, order.category, order.symbol, 'net').size)
  const size = order.side === 'sell' ? net : net.neg()
  return Decimal.Big.max(size, 0).toFixed()
}

/** Applies a futures fill of `qty` at `price` to the positions and the margin balance; answers the position. */
export function applyFuturesFill(
  state: SandboxState,
  order: Order,
  qty: string,
  price: string,
): Position | undefined {
  const { uid, category, symbol } = order
  const instrument = state.instruments.get(symbol)
  if (!instrument) return
  const { base, quote } = coinsOf(instrument)
  const coin = category === 'COIN-FUTURES' ? base : quote
  // Profit of closing `size` bought at `entry` (long: direction 1, short: -1).
  const pnl = (size: Decimal.Big, entry: string, direction: 1 | -1): Decimal.Big =>
    category === 'COIN-FUTURES'
      ? size
          .times(new Decimal.Big(1).div(entry).minus(new Decimal.Big(1).div(price)))
          .times(direction)
      : size.times(big(price).minus(entry)).times(direction)
  const now = state.clock.now()
  const save = (side: Position['side'], size: Decimal.Big, entryPrice: string): Position => {
    const before = state.positions.get(positionKey(uid, symbol, side))
    // A position that was flat (or absent) opens anew: its creation time is this fill's.
    const reopened = before === undefined || big(before.size).isZero()
    const position: Position = {
      uid,
      category,
      symbol,
      side,
      size: size.toFixed(),
      entryPrice: size.isZero() ? '0' : entryPrice,
      createdTime: reopened ? now : (before.createdTime ?? now),
      updatedTime: now,
    }
    state.positions.set(positionKey(uid, symbol, side), position)
    return position
  }
  const weighted = (size: Decimal.Big, entry: string, add: Decimal.Big): string =>
    size.times(entry).plus(add.times(price)).div(size.plus(add)).toDecimalPlaces(8).toFixed()

  if (order.posSide !== undefined) {
    const side = order.posSide as 'long' | 'short'
    const current = positionOf(state, uid, category, symbol, side)
    const size = big(current.size)
    const opening = (side === 'long') === (order.side === 'buy')
    if (opening) return save(side, size.plus(qty), weighted(size, current.entryPrice, big(qty)))
    const closed = Decimal.Big.min(size, qty)
    adjust(state, uid, coin, pnl(closed, current.entryPrice, side === 'long' ? 1 : -1))
    return save(side, size.minus(closed), current.entryPrice)
  }
  const current = positionOf(state, uid, category, symbol, 'net')
  const net = big(current.size)
  const signed = order.side === 'buy' ? big(qty) : big(qty).neg()
  if (net.isZero() || net.isPositive() === signed.isPositive())
    return save('net', net.plus(signed), weighted(net.abs(), current.entryPrice, signed.abs()))
  const closed = Decimal.Big.min(net.abs(), signed.abs())
  adjust(state, uid, coin, pnl(closed, current.entryPrice, net.isPositive() ? 1 : -1))
  const rest = signed.abs().minus(closed)
  if (rest.isZero() || order.reduceOnly === 'yes')
    return save('net', net.isPositive() ? net.minus(closed) : net.plus(closed), current.entryPrice)
  // A one-way order larger than the position closes it and opens the other way at the price.
  return save('net', signed.isPositive() ? rest : rest.neg(), price)
}
