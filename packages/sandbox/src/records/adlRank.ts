/**
 * The auto-deleveraging rank of the unified account's positions (UTA "Get Position ADL Rank",
 * GET /api/v3/position/adlRank): where each open futures position stands in the queue that an
 * auto-deleveraging event reduces first. The sandbox models no liquidation and so no real queue;
 * it ranks each position among the open positions of its symbol and side, by the score the
 * exchanges' published queues use (profit ratio times leverage for a profit, divided by it for a
 * loss), from the figures current-position answers, unrounded (README, Decisions).
 */
import { Big } from '@tradeline/rules/big'
import type { Position } from '../exchange/types.js'
import type { SandboxState } from '../state.js'
import { positionFigures } from './account.js'

/** One entry of the answer: a position of the account and its rank. */
export type AdlRankRecord = {
  readonly symbol: string
  readonly marginCoin: string
  /** From `"0"` (exclusive) to `"1"`: the share of the queue at or below this position. */
  readonly adlRank: string
  readonly holdSide: 'long' | 'short'
}

/** A position as current-position answers it, with the score the queue orders it by. */
type Scored = {
  readonly position: Position
  readonly category: string
  readonly symbol: string
  readonly marginCoin: string
  readonly holdSide: 'long' | 'short'
  readonly score: Big
}

/**
 * The queue score of a position: its profit ratio (the unrealised profit over the margin, the
 * `profitRate` of current-position before rounding) times its leverage when it gains, divided by
 * it when it loses: the more profit and the more leverage, the nearer the front, and every
 * position at a loss behind every one in profit.
 */
function score(pnl: Big, margin: Big, leverage: string): Big {
  const lever = new Big(leverage)
  if (margin.isZero()) return new Big(0)
  if (lever.isZero()) return pnl.div(margin)
  // One division each, so two positions of the same score compare equal.
  return pnl.isNegative() ? pnl.div(margin.times(lever)) : pnl.times(lever).div(margin)
}

/** Every open unified futures position of the sandbox (every account's), scored. */
function scoredPositions(state: SandboxState): Scored[] {
  const out: Scored[] = []
  for (const position of state.positions.values()) {
    if (position.line !== undefined || new Big(position.size).isZero()) continue
    const figures = positionFigures(state, position)
    out.push({
      position,
      category: figures.category,
      symbol: position.symbol,
      marginCoin: figures.marginCoin,
      holdSide: figures.posSide,
      score: score(figures.pnl, figures.margin, figures.leverage),
    })
  }
  return out
}

/**
 * The `data` of GET /api/v3/position/adlRank for an account: one entry per open futures position
 * of the account (`[]` when it holds none), ordered by category, symbol and side. `adlRank` is
 * the share of the open positions of the same symbol and side, every account's, whose score is
 * at most this position's: `"1"` for the highest score (and for a position alone on its side),
 * `1/n` for the lowest of `n`; ties share the higher rank; four decimal places, rounded down.
 *
 * @example
 * import { createState } from '../state.js'
 * import { adlRankRecords } from './adlRank.js'
 * adlRankRecords(createState({ seed: 1 }), 'nobody') // []
 */
export function adlRankRecords(state: SandboxState, uid: string): AdlRankRecord[] {
  const all = scoredPositions(state)
  const queue = (of: Scored) =>
    all.filter(
      (other) =>
        other.category === of.category &&
        other.symbol === of.symbol &&
        other.holdSide === of.holdSide,
    )
  return all
    .filter((entry) => entry.position.uid === uid)
    .sort(
      (a, b) =>
        a.category.localeCompare(b.category) ||
        a.symbol.localeCompare(b.symbol) ||
        a.holdSide.localeCompare(b.holdSide),
    )
    .map((entry) => {
      const peers = queue(entry)
      const behind = peers.filter((other) => other.score.lte(entry.score)).length
      return {
        symbol: entry.symbol,
        marginCoin: entry.marginCoin,
        adlRank: new Big(behind).div(peers.length).toDecimalPlaces(4, Big.ROUND_DOWN).toFixed(),
        holdSide: entry.holdSide,
      }
    })
}
