/**
 * The classic futures market analytics (Bitget "Big data" pages: long-short, account-long-short,
 * position-long-short, taker-buy-sell) from the sandbox's own state. The sandbox keeps the open
 * positions as they are now, not as they were: the three ratio reads answer one record, the
 * period that holds the sandbox clock, from the open futures positions of the symbol (every
 * account's, both futures lines: one market). Its trades are kept with their times: the taker
 * read answers one record per period that holds a trade of the symbol (README, Classic decisions).
 */
import { Big } from '@tradeline/rules/big'
import type { Fill, Position } from '../exchange/types.js'
import type { SandboxState } from '../state.js'
import { day, hour, minute } from '../ws/candles.js'
import { isFutures } from './market.js'

/** The length of each `period` the analytics pages list (`1Dutc` and `1d` both a UTC day). */
const periodMs: Readonly<Record<string, number>> = {
  '5m': 5 * minute,
  '15m': 15 * minute,
  '30m': 30 * minute,
  '1h': hour,
  '2h': 2 * hour,
  '4h': 4 * hour,
  '6h': 6 * hour,
  '12h': 12 * hour,
  '1d': day,
  '1Dutc': day,
}

/** The start of the period holding `time` (UTC; `5m`, the pages' default, when absent). */
export function periodStart(period: string | undefined, time: number): number {
  const ms = periodMs[period ?? '5m'] ?? 5 * minute
  return Math.floor(time / ms) * ms
}

/** A position or fill of a futures category: of this market. */
const isFuturesItem = (item: Position | Fill) => isFutures(item.category)

/** Long and short of a symbol's open futures positions: total sizes and the accounts holding each. */
export type Crowd = {
  readonly longSize: Big
  readonly shortSize: Big
  readonly longAccounts: number
  readonly shortAccounts: number
}

/**
 * The open futures positions of `symbol`, summed by side: `net` positions count by their sign;
 * an account in hedge mode holding both sides counts once on each.
 */
export function crowdOf(state: SandboxState, symbol: string): Crowd {
  let longSize = new Big(0)
  let shortSize = new Big(0)
  const longs = new Set<string>()
  const shorts = new Set<string>()
  for (const position of state.positions.values()) {
    if (position.symbol !== symbol || !isFuturesItem(position)) continue
    const size = new Big(position.size)
    if (size.isZero()) continue
    if (position.side === 'long' || (position.side === 'net' && size.isPositive())) {
      longSize = longSize.plus(size.abs())
      longs.add(position.uid)
    } else {
      shortSize = shortSize.plus(size.abs())
      shorts.add(position.uid)
    }
  }
  return { longSize, shortSize, longAccounts: longs.size, shortAccounts: shorts.size }
}

/** Four decimals, rounded down, without trailing zeros. */
const ratio = (part: Big, whole: Big) =>
  part.div(whole).toDecimalPlaces(4, Big.ROUND_DOWN).toFixed()

/**
 * The long share, the short share and long over short of two amounts; `undefined` when both are
 * zero (no record), long over short `""` when nobody is short (no finite ratio).
 */
export function shares(
  long: Big | number,
  short: Big | number,
): { long: string; short: string; longShort: string } | undefined {
  const l = new Big(long)
  const s = new Big(short)
  const whole = l.plus(s)
  if (whole.isZero()) return undefined
  return { long: ratio(l, whole), short: ratio(s, whole), longShort: s.isZero() ? '' : ratio(l, s) }
}

/** The buy and sell volume of one period's taker fills. */
export type TakerVolume = {
  readonly buyVolume: string
  readonly sellVolume: string
  readonly ts: string
}

/**
 * The taker volume of `symbol`, one record per period holding a fill of a futures order, oldest
 * first, in the base coin (as the trades' `size`). The sandbox's orders fill against the market
 * (the admin price), never against each other: each fill is one trade, whose taker is the
 * account when the fill is a taker's (without `tradeScope`, as the fill records answer it) and
 * the market on the other side when the account's order rested (a maker's fill of a buy is a
 * taker's sell).
 */
export function takerVolumes(
  fills: readonly Fill[],
  symbol: string,
  period: string | undefined,
): TakerVolume[] {
  const buckets = new Map<number, { buy: Big; sell: Big }>()
  for (const fill of fills) {
    if (fill.symbol !== symbol || !isFuturesItem(fill)) continue
    const start = periodStart(period, fill.ts)
    const bucket = buckets.get(start) ?? { buy: new Big(0), sell: new Big(0) }
    const takerBuys = (fill.side === 'buy') === (fill.tradeScope !== 'maker')
    if (takerBuys) bucket.buy = bucket.buy.plus(fill.qty)
    else bucket.sell = bucket.sell.plus(fill.qty)
    buckets.set(start, bucket)
  }
  return [...buckets]
    .sort(([a], [b]) => a - b)
    .map(([start, { buy, sell }]) => ({
      buyVolume: buy.toFixed(),
      sellVolume: sell.toFixed(),
      ts: String(start),
    }))
}
