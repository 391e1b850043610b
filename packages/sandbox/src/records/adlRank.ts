/**
 * The auto-deleveraging rank of an account's positions, on both futures lines: the unified
 * account's (UTA "Get Position ADL Rank", GET /api/v3/position/adlRank) and the classic
 * account's (classic "Get Position Adl Rank", GET /api/v2/mix/position/adlRank): where each open
 * futures position stands in the queue that an auto-deleveraging event reduces first. The sandbox
 * models no liquidation and so no real queue; it ranks each position among the open positions of
 * its line, symbol and side, by the score the exchanges' published queues use (profit ratio times
 * leverage for a profit, divided by it for a loss), from the figures current-position answers,
 * unrounded (README, Decisions).
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

/** Every open futures position of a line of the sandbox (every account's), scored. */
function scoredPositions(state: SandboxState, line: Position['line']): Scored[] {
  const out: Scored[] = []
  for (const position of state.positions.values()) {
    if (position.line !== line || new Big(position.size).isZero()) continue
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

/** A position of the account with its rank: the share of its queue at or below it. */
type Ranked = Scored & { readonly rank: string }

/**
 * The open positions of `uid` on a line, each ranked among the open positions of the same line,
 * category, symbol and side, every account's, ordered by category, symbol and side. `rank` is the
 * share of that queue whose score is at most the position's: `"1"` for the highest score (and
 * for a position alone on its side), `1/n` for the lowest of `n`; ties share the higher rank;
 * four decimal places, rounded down.
 */
function rankedPositions(state: SandboxState, uid: string, line: Position['line']): Ranked[] {
  const all = scoredPositions(state, line)
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
      const rank = new Big(behind).div(peers.length).toDecimalPlaces(4, Big.ROUND_DOWN).toFixed()
      return { ...entry, rank }
    })
}

/**
 * The `data` of GET /api/v3/position/adlRank for an account: one entry per open unified futures
 * position of the account (`[]` when it holds none), ordered by category, symbol and side, ranked
 * among the open unified positions of the same symbol and side, every account's. `adlRank` is
 * the rank of `rankedPositions`: `"1"` for the highest score (and for a position alone on its
 * side), `1/n` for the lowest of `n`; ties share the higher rank; four decimal places, rounded
 * down. An account without an open position gets `[]`.
 */
export function adlRankRecords(state: SandboxState, uid: string): AdlRankRecord[] {
  return rankedPositions(state, uid, undefined).map((entry) => ({
    symbol: entry.symbol,
    marginCoin: entry.marginCoin,
    adlRank: entry.rank,
    holdSide: entry.holdSide,
  }))
}

/** One entry of the classic answer: the unified entry's fields, `rank` and the deprecated `adlRank`. */
export type ClassicAdlRankRecord = {
  readonly symbol: string
  readonly marginCoin: string
  /** Deprecated by the page: `1` minus `rank`, as the page's example pairs them. */
  readonly adlRank: string
  /** From `"0"` (exclusive) to `"1"`: the share of the queue at or below this position. */
  readonly rank: string
  readonly holdSide: 'long' | 'short'
}

/**
 * The `data` of GET /api/v2/mix/position/adlRank for an account and a product type: one entry
 * per open classic position of that product type (`[]` when it holds none), ordered by symbol
 * and side, ranked among the open classic positions of the same symbol and side, every account's
 * (the unified positions are another queue). `rank` is the rank of the unified answer; the
 * deprecated `adlRank` is `1` minus it, as the page's example pairs them (`"0.2248"` and
 * `"0.7752"`), so `"0"` for a position at the front (README, Classic decisions). An account
 * without an open position of the product type gets `[]`.
 */
export function classicAdlRankRecords(
  state: SandboxState,
  uid: string,
  productType: string,
): ClassicAdlRankRecord[] {
  const category = productType.toUpperCase()
  return rankedPositions(state, uid, 'classic')
    .filter((entry) => entry.category === category)
    .map((entry) => ({
      symbol: entry.symbol,
      marginCoin: entry.marginCoin,
      adlRank: new Big(1).minus(entry.rank).toFixed(),
      rank: entry.rank,
      holdSide: entry.holdSide,
    }))
}
