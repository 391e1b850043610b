/**
 * Candles built from the market tape (`tape.ts`): one builder for the REST candle reads of both
 * lines and the WebSocket candle channels, so a candle reads the same wherever it is asked.
 * A candle opens at the price before it (the previous close), takes the high, low and close of
 * the prints inside it, and sums the volume and turnover of its fills; a candle without prints
 * is flat at the price before it.
 */
import { Big } from '@tradeline/rules/big'
import type { SandboxInstrument, SandboxState } from '../state.js'
import { candleStart, intervalMs, minute } from '../ws/candles.js'
import { type Print, type PrintKind, printsOf } from './tape.js'

/** One candle: its start (Unix ms), prices as decimal strings, volume and turnover. */
export type Candle = {
  readonly start: number
  readonly open: string
  readonly high: string
  readonly low: string
  readonly close: string
  readonly volume: string
  readonly turnover: string
}

/** The start of the candle after the one starting at `start`. */
function nextStart(interval: string, start: number): number {
  const base = interval.replace(/utc$/, '')
  if (base === '1M') {
    const d = new Date(start)
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
  }
  return start + (intervalMs[base] || minute)
}

/** Options of {@link candlesOf}. */
export type CandleQuery = {
  /** Prints of trades (the default) or admin prices only. */
  readonly kind?: PrintKind | undefined
  /** Only candles starting at or after this time. */
  readonly startTime?: number | undefined
  /** Only candles starting at or before this time. */
  readonly endTime?: number | undefined
  /** The newest `limit` candles of the window. @default 100 */
  readonly limit?: number | undefined
  /** Leave out the candle still open at the sandbox clock (history reads). @default false */
  readonly finishedOnly?: boolean | undefined
  /** The trades of this instrument's category only (a pair may trade as spot and as futures). @default every fill of the symbol */
  readonly instrument?: SandboxInstrument | undefined
}

/**
 * The candles of `symbol` at `interval`, oldest first: from the candle of the first print (or
 * the current one when nothing printed yet) to the current one, cut to the query's window and
 * its newest `limit`.
 *
 * @example
 * import { candlesOf, createState } from '@tradeline/sandbox'
 * const state = createState()
 * candlesOf(state, 'ETHUSDT', '1m')[0]?.close // '3200.00'
 */
export function candlesOf(
  state: SandboxState,
  symbol: string,
  interval: string,
  query: CandleQuery = {},
): Candle[] {
  const now = state.clock.now()
  const { opening, prints } = printsOf(state, symbol, query.kind ?? 'trades', query.instrument)
  const current = candleStart(interval, now)
  const first = prints.length > 0 ? candleStart(interval, (prints[0] as Print).ts) : current
  const from = Math.max(first, query.startTime ?? first)
  let last = query.finishedOnly ? candleStart(interval, current - 1) : current
  if (query.endTime !== undefined) last = Math.min(last, candleStart(interval, query.endTime))
  const starts: number[] = []
  for (let s = last; s >= from && starts.length < (query.limit ?? 100); ) {
    starts.unshift(s)
    s = candleStart(interval, s - 1)
  }
  let index = 0
  let price = opening
  const candles: Candle[] = []
  for (const start of starts) {
    for (; index < prints.length && (prints[index] as Print).ts < start; index++)
      price = (prints[index] as Print).price
    const end = nextStart(interval, start)
    const open = price
    let high = price
    let low = price
    let volume = new Big(0)
    let turnover = new Big(0)
    for (; index < prints.length && (prints[index] as Print).ts < end; index++) {
      const print = prints[index] as Print
      price = print.price
      if (new Big(price).gt(high)) high = price
      if (new Big(price).lt(low)) low = price
      if (print.qty !== undefined) {
        volume = volume.plus(print.qty)
        turnover = turnover.plus(new Big(print.qty).times(print.price))
      }
    }
    const [volumeText, turnoverText] = [volume.toFixed(), turnover.toFixed()]
    candles.push({
      start,
      open,
      high,
      low,
      close: price,
      volume: volumeText,
      turnover: turnoverText,
    })
  }
  return candles
}
