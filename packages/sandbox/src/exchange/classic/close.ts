/**
 * Flash close (`close-positions`, the exchange docs): every classic position of a product type
 * (of one symbol and side when asked) closes whole with a market order at the admin price.
 */
import { Big } from '@tradeline/rules/big'
import type { Line, Order } from '../../orders.js'
import type { SandboxState } from '../../state.js'
import { enterOrder } from '../matching.js'
import type { Position } from '../types.js'
import { marginCoinOf } from './fields.js'

const big = (value: string): Big => new Big(value)

/** The side a position holds: its own in hedge mode, the sign of the net size in one-way mode. */
export function holdSideOf(position: Pick<Position, 'side' | 'size'>): 'long' | 'short' {
  if (position.side !== 'net') return position.side
  return big(position.size).isNegative() ? 'short' : 'long'
}

/**
 * Closes the account's open classic positions that match (those of the unified account with
 * `line: 'unified'`, its close-positions); a classic `holdSide` selects hedge positions only (a
 * one-way position is closed whatever side it names, as the exchange does); answers the closing
 * orders (one per position, each with its symbol). A symbol without a price is skipped.
 */
export function flashClose(
  state: SandboxState,
  uid: string,
  filter: {
    readonly productType: string
    readonly symbol?: string | undefined
    readonly holdSide?: 'long' | 'short' | undefined
    readonly line?: Line | undefined
  },
): Order[] {
  const productType = filter.productType.toUpperCase()
  const line = filter.line ?? 'classic'
  const open = [...state.positions.values()].filter(
    (p) =>
      p.uid === uid &&
      (p.line ?? 'unified') === line &&
      p.category.toUpperCase() === productType &&
      !big(p.size).isZero() &&
      (filter.symbol === undefined || p.symbol === filter.symbol) &&
      (filter.holdSide === undefined ||
        // The classic page: in one-way mode holdSide "should be left blank. Will be ignored if
        // filled in": a one-way (net) position closes whatever side is named.
        (line === 'classic' && p.side === 'net') ||
        holdSideOf(p) === filter.holdSide),
  )
  const closed: Order[] = []
  for (const position of open) {
    const last = state.prices.get(position.symbol)
    if (last === undefined) continue
    const long = holdSideOf(position) === 'long'
    closed.push(
      enterOrder(
        state,
        {
          ...(line === 'classic' && { line }),
          uid,
          category: productType,
          symbol: position.symbol,
          side: long ? 'sell' : 'buy',
          ...(position.side === 'net'
            ? { reduceOnly: 'yes' as const }
            : { posSide: position.side, reduceOnly: 'no' as const }),
          orderType: 'market',
          qty: big(position.size).abs().toFixed(),
          timeInForce: 'ioc',
          marginMode: position.marginMode ?? 'crossed',
          ...(line === 'classic' && {
            marginCoin: marginCoinOf(state, position.category, position.symbol),
            source: 'market',
          }),
        },
        last,
      ),
    )
  }
  return closed
}
