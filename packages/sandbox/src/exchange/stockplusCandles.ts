/**
 * Candles of the securities account, from the sandbox seed and clock: a candle is a function of
 * the seed, the symbol, the period and its start, so the same seed and clock answer the same
 * candles. Minute periods start on the period grid from New York midnight; with `tradeSessions`
 * `0` only candles starting in the regular session (09:30-16:00 New York, weekdays) are listed,
 * with `100` every session except the weekend close (`Session.at` of the rules). `day` candles
 * start at New York midnight of a weekday, `week` on Monday, `month` on the 1st, `year` on
 * 1 January. Candles are listed oldest first; the newest holds `now` and nothing later is.
 */
import { Decimal, Securities, Session } from '@tradeline/rules'
import type { SandboxState } from '../state.js'
import { fixed, newYork, priceOf, seeded, sessionAt } from './stockplus.js'

/** A candle as the sandbox answers it. */
export type Candle = {
  open: string
  close: string
  high: string
  low: string
  volume: string
  turnover: string
  timestamp: string
  tradeSession: string
}

/** What a candle list is asked with. */
export type CandleQuery = {
  period: Securities.CandlePeriod
  count: number
  /** `'0'` the regular session only, `'100'` all sessions. */
  sessions: string
}

const hourMs = 3_600_000

/** The New York midnight of the day after the one starting at `midnight`. */
function nextMidnight(midnight: number): number {
  return newYork(midnight + 36 * hourMs).midnight
}

function previousMidnight(midnight: number): number {
  return newYork(midnight - 12 * hourMs).midnight
}

/** The start of the (calendar) period holding `ms`. */
function calendarStart(period: Securities.CandlePeriod, ms: number): number {
  const { date, midnight } = newYork(ms)
  if (period === 'day') return midnight
  if (period === 'week') {
    let start = midnight
    while (Session.at(start + 12 * hourMs).et.weekday !== 'Mon') start = previousMidnight(start)
    return start
  }
  const first = period === 'month' ? `${date.slice(0, 8)}01` : `${date.slice(0, 4)}-01-01`
  return newYork(Date.parse(`${first}T12:00:00Z`)).midnight
}

/** The start of the calendar period after the one starting at `start`. */
function calendarNext(period: Securities.CandlePeriod, start: number): number {
  if (period === 'day') return nextMidnight(start)
  if (period === 'week') return calendarStart('week', start + 8 * 24 * hourMs)
  const { date } = newYork(start + 12 * hourMs)
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  const next =
    period === 'month'
      ? `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`
      : `${year + 1}-01-01`
  return newYork(Date.parse(`${next}T12:00:00Z`)).midnight
}

/** Whether a candle starting at `start` is listed. */
function listed(query: CandleQuery, start: number): boolean {
  const period = query.period
  const session = Session.at(start + (period === 'day' ? 12 * hourMs : 0))
  if (period === 'day') return !['Sat', 'Sun'].includes(session.et.weekday)
  if (Securities.candlePeriodMs(period) === undefined || period === 'week') return true
  return query.sessions === '0' ? session.state === 'regular' : session.state !== 'closed'
}

/** The start of the period holding `ms`, and a step to the next and previous start. */
function grid(period: Securities.CandlePeriod) {
  const length = Securities.candlePeriodMs(period)
  if (length !== undefined && length < 24 * hourMs) {
    const startOf = (ms: number) => {
      const { midnight } = newYork(ms)
      return midnight + Math.floor((ms - midnight) / length) * length
    }
    return {
      startOf,
      next: (start: number) => startOf(start + length),
      previous: (start: number) => startOf(start - 1),
    }
  }
  return {
    startOf: (ms: number) => calendarStart(period, ms),
    next: (start: number) => calendarNext(period, start),
    previous: (start: number) => calendarStart(period, start - 1),
  }
}

/** The most period starts skipped looking for listed candles (a fortnight of minutes). */
const maxSkips = 20_160

/**
 * `count` listed candle starts from the period holding `from`: earlier (`forward` false, the
 * one holding `from` included) or later (`forward` true, from the one holding `from`), never
 * after the period holding `now`; oldest first.
 */
export function candleStarts(
  query: CandleQuery,
  from: number,
  forward: boolean,
  now: number,
): number[] {
  const { startOf, next, previous } = grid(query.period)
  const last = startOf(now)
  const starts: number[] = []
  let at = startOf(Math.min(from, now))
  for (let skips = 0; starts.length < query.count && skips < maxSkips; ) {
    if (forward && at > last) break
    if (listed(query, at)) starts.push(at)
    else skips++
    at = forward ? next(at) : previous(at)
  }
  return forward ? starts : starts.reverse()
}

/** The candle of a symbol for the period starting at `start`. */
export function candleOf(
  state: SandboxState,
  symbol: string,
  period: Securities.CandlePeriod,
  start: number,
): Candle {
  const price = Number(priceOf(state, symbol))
  const seed = state.ids.seed
  const at = (part: string) => seeded(seed, symbol, period, start, part)
  const open = price * (1 + (at('o') - 0.5) * 0.02)
  const close = price * (1 + (at('c') - 0.5) * 0.02)
  const volume = String(100 * (1 + Math.floor(1000 * at('v'))))
  const closeText = fixed(close)
  return {
    open: fixed(open),
    close: closeText,
    high: fixed(Math.max(open, close) * (1 + 0.005 * at('h'))),
    low: fixed(Math.min(open, close) * (1 - 0.005 * at('l'))),
    volume,
    turnover: Decimal.multiply(closeText, volume),
    timestamp: new Date(start).toISOString(),
    // Only a month or year candle can start in the weekend close (a 1st on a Saturday or
    // Sunday): it is labelled as the table labels midnight, Overnight.
    tradeSession: sessionAt(start) ?? 'Overnight',
  }
}

/** The candles of a symbol for a query, from `from` in a direction, oldest first. */
export function candlesOf(
  state: SandboxState,
  symbol: string,
  query: CandleQuery,
  from: number,
  forward: boolean,
  now: number,
): Candle[] {
  return candleStarts(query, from, forward, now).map((start) =>
    candleOf(state, symbol, query.period, start),
  )
}
