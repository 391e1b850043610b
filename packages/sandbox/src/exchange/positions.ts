/**
 * Positions of futures accounts, per line (unified, classic): hedge mode keeps `long` and
 * `short` per symbol, one-way mode one signed `net` position. A fill opens or closes; closing
 * realises the profit or loss into the margin coin, and a closing or reduce-only fill never
 * flips a position.
 */
import { Big } from '@tradeline/rules/big'
import type { Line, Order } from '../orders.js'
import type { SandboxState } from '../state.js'
import { adjust, coinsOf } from './balances.js'
import type { Position } from './types.js'

const big = (value: string): Big => new Big(value)

/** The key of a position in the state (the unified line's keys carry no line). */
export function positionKey(
  uid: string,
  symbol: string,
  side: Position['side'],
  line: Line = 'unified',
): string {
  return line === 'classic' ? `${uid}|classic|${symbol}|${side}` : `${uid}|${symbol}|${side}`
}

/** The position of an account (a zero one when none) on a line. */
export function positionOf(
  state: SandboxState,
  uid: string,
  category: string,
  symbol: string,
  side: Position['side'],
  line: Line = 'unified',
): Position {
  return (
    state.positions.get(positionKey(uid, symbol, side, line)) ?? {
      uid,
      ...(line === 'classic' && { line }),
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
  order: Pick<Order, 'uid' | 'category' | 'symbol' | 'side' | 'posSide' | 'line'>,
): string {
  const line = order.line ?? 'unified'
  if (order.posSide !== undefined)
    return positionOf(
      state,
      order.uid,
      order.category,
      order.symbol,
      order.posSide as 'long' | 'short',
      line,
    ).size
  const net = big(positionOf(state, order.uid, order.category, order.symbol, 'net', line).size)
  const size = order.side === 'sell' ? net : net.neg()
  return Big.max(size, 0).toFixed()
}

/** Applies a futures fill of `qty` at `price` to the positions and the margin balance; answers the position. */
export function applyFuturesFill(
  state: SandboxState,
  order: Order,
  qty: string,
  price: string,
): Position | undefined {
  const { uid, category, symbol } = order
  const line = order.line ?? 'unified'
  const instrument = state.instruments.get(category, symbol)
  if (!instrument) return
  const { base, quote } = coinsOf(instrument)
  const coin = category === 'COIN-FUTURES' ? base : quote
  // Profit of closing `size` bought at `entry` (long: direction 1, short: -1).
  const pnl = (size: Big, entry: string, direction: 1 | -1): Big =>
    category === 'COIN-FUTURES'
      ? size.times(new Big(1).div(entry).minus(new Big(1).div(price))).times(direction)
      : size.times(big(price).minus(entry)).times(direction)
  const now = state.clock.now()
  /** Saves a side's new size; `realised` is what this fill realised on it. */
  const save = (
    side: Position['side'],
    size: Big,
    entryPrice: string,
    realised = big('0'),
    extra: Partial<Position> = {},
  ): Position => {
    const before = state.positions.get(positionKey(uid, symbol, side, line))
    // A position that was flat (or absent) opens anew: its creation time is this fill's, and
    // what it keeps of the old one (take-profit, stop-loss, realised profit) starts afresh.
    const reopened = before === undefined || big(before.size).isZero()
    const kept: Partial<Position> = reopened ? {} : before
    // The margin mode of the order that opened it, on both lines (a unified order sent with
    // `marginMode` `isolated` opens an isolated position); a unified position opened without
    // one follows the symbol's setting.
    const marginMode = kept.marginMode ?? order.marginMode
    const position: Position = {
      ...kept,
      uid,
      ...(line === 'classic' && { line }),
      ...((line === 'classic' || marginMode !== undefined) && { marginMode }),
      category,
      symbol,
      side,
      size: size.toFixed(),
      entryPrice: size.isZero() ? '0' : entryPrice,
      realisedPnl: big(kept.realisedPnl ?? '0')
        .plus(realised)
        .toDecimalPlaces(12)
        .toFixed(),
      createdTime: reopened ? now : (before.createdTime ?? now),
      updatedTime: now,
      ...extra,
    }
    state.positions.set(positionKey(uid, symbol, side, line), position)
    state.events.emit({ type: 'position', position })
    return position
  }
  const weighted = (size: Big, entry: string, add: Big): string =>
    size.times(entry).plus(add.times(price)).div(size.plus(add)).toDecimalPlaces(8).toFixed()

  if (order.posSide !== undefined) {
    const side = order.posSide as 'long' | 'short'
    const current = positionOf(state, uid, category, symbol, side, line)
    const size = big(current.size)
    const opening = (side === 'long') === (order.side === 'buy')
    if (opening)
      return save(
        side,
        size.plus(qty),
        weighted(size, current.entryPrice, big(qty)),
        big('0'),
        presetTpsl(order),
      )
    const closed = Big.min(size, qty)
    const realised = pnl(closed, current.entryPrice, side === 'long' ? 1 : -1)
    adjust(state, uid, coin, realised)
    return save(side, size.minus(closed), current.entryPrice, realised)
  }
  const current = positionOf(state, uid, category, symbol, 'net', line)
  const net = big(current.size)
  const signed = order.side === 'buy' ? big(qty) : big(qty).neg()
  if (net.isZero() || net.isPositive() === signed.isPositive())
    return save(
      'net',
      net.plus(signed),
      weighted(net.abs(), current.entryPrice, signed.abs()),
      big('0'),
      presetTpsl(order),
    )
  const closed = Big.min(net.abs(), signed.abs())
  const realised = pnl(closed, current.entryPrice, net.isPositive() ? 1 : -1)
  adjust(state, uid, coin, realised)
  const rest = signed.abs().minus(closed)
  if (rest.isZero() || order.reduceOnly === 'yes')
    return save(
      'net',
      net.isPositive() ? net.minus(closed) : net.plus(closed),
      current.entryPrice,
      realised,
    )
  // A one-way order larger than the position closes it and opens the other way at the price.
  save('net', big('0'), '0', realised)
  return save('net', signed.isPositive() ? rest : rest.neg(), price, big('0'), presetTpsl(order))
}

/**
 * Classic: the take-profit and stop-loss prices an opening fill gives its position from the
 * order's preset prices (`presetStopSurplusPrice`, `presetStopLossPrice`); nothing for other
 * orders. Their ids are those of the `profit_plan`/`loss_plan` orders the presets become
 * (`presetPlans` in triggers.ts), set when those are placed.
 */
function presetTpsl(order: Order): Partial<Position> {
  if (order.line !== 'classic' || order.presets === undefined) return {}
  const { presetStopSurplusPrice: takeProfit, presetStopLossPrice: stopLoss } = order.presets
  return {
    ...(takeProfit !== undefined && takeProfit !== '' && { takeProfit }),
    ...(stopLoss !== undefined && stopLoss !== '' && { stopLoss }),
  }
}

/** The position fields that set a take-profit and a stop-loss (each when given), with new ids. */
export function tpslChanges(
  state: SandboxState,
  prices: { takeProfit?: string | undefined; stopLoss?: string | undefined },
): Partial<Position> {
  return {
    ...(prices.takeProfit !== undefined &&
      prices.takeProfit !== '' && {
        takeProfit: prices.takeProfit,
        takeProfitId: state.ids.orderId(),
      }),
    ...(prices.stopLoss !== undefined &&
      prices.stopLoss !== '' && { stopLoss: prices.stopLoss, stopLossId: state.ids.orderId() }),
  }
}
