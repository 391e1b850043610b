/**
 * The securities and options account (`/api/v3/stockplus`): a catalog of a few US stocks and
 * option contracts, market data derived from the sandbox seed (the same seed and clock answer
 * the same depth, trades and minutes). The money of each account (cash, positions, orders,
 * executions, transfers) is kept in exact decimals in `stockplusBook.ts`.
 */
import { Session } from '@tradeline/rules'
import type { SandboxState } from '../state.js'
import { optionFromSymbol } from './stockplusOptions.js'

/** How the numeric fields of stockplus records are answered: JSON strings or JSON numbers. */
export type NumbersAs = 'string' | 'number'

/** A stock of the catalog. */
export type Stock = {
  readonly kind: 'stock'
  readonly symbol: string
  readonly nameEn: string
  readonly nameCn: string
  readonly exchange: string
  /** The centre of the seeded price. */
  readonly base: number
  readonly totalShares: string
  readonly eps: string
  readonly bps: string
  readonly dividendYield: string
}

/** An option contract of the catalog (symbol `TICKER` + `YYMMDD` + `C|P` + strike x 1000, 8 digits, `.US`). */
export type OptionContract = {
  readonly kind: 'option'
  readonly symbol: string
  readonly underlying: string
  /** 8-digit expiry date, `YYYYMMDD`. */
  readonly expiryDate: string
  readonly strike: number
  readonly direction: 'C' | 'P'
  readonly contractType: 'A' | 'U'
  readonly multiplier: number
}

/** The instruments of the securities account. */
export const stocks: readonly Stock[] = [
  {
    kind: 'stock',
    symbol: 'AAPL.US',
    nameEn: 'Apple Inc.',
    nameCn: '苹果',
    exchange: 'NASDAQ',
    base: 230,
    totalShares: '15204137000',
    eps: '6.11',
    bps: '4.38',
    dividendYield: '0.0043',
  },
  {
    kind: 'stock',
    symbol: 'TSLA.US',
    nameEn: 'Tesla, Inc.',
    nameCn: '特斯拉',
    exchange: 'NASDAQ',
    base: 250,
    totalShares: '3216520000',
    eps: '2.04',
    bps: '22.77',
    dividendYield: '0',
  },
  {
    kind: 'stock',
    symbol: 'NVDA.US',
    nameEn: 'NVIDIA Corporation',
    nameCn: '英伟达',
    exchange: 'NASDAQ',
    base: 130,
    totalShares: '24490000000',
    eps: '2.53',
    bps: '2.35',
    dividendYield: '0.0003',
  },
]

/** The option contracts of the securities account. */
export const options: readonly OptionContract[] = [
  {
    kind: 'option',
    symbol: 'AAPL260918C00230000.US',
    underlying: 'AAPL.US',
    expiryDate: '20260918',
    strike: 230,
    direction: 'C',
    contractType: 'A',
    multiplier: 100,
  },
  {
    kind: 'option',
    symbol: 'AAPL260918P00220000.US',
    underlying: 'AAPL.US',
    expiryDate: '20260918',
    strike: 220,
    direction: 'P',
    contractType: 'A',
    multiplier: 100,
  },
  {
    kind: 'option',
    symbol: 'TSLA261218C00300000.US',
    underlying: 'TSLA.US',
    expiryDate: '20261218',
    strike: 300,
    direction: 'C',
    contractType: 'A',
    multiplier: 100,
  },
]

/** The stock or option of a symbol. */
export function instrumentOf(symbol: string): Stock | OptionContract | undefined {
  return (
    stocks.find((s) => s.symbol === symbol) ??
    options.find((o) => o.symbol === symbol) ??
    // Generated contracts (stockplusOptions.ts): any Friday expiry on the strike grid.
    optionFromSymbol(symbol, stocks)
  )
}

/** A number in [0, 1) from the sandbox seed and `parts`: the same inputs, the same number. */
export function seeded(seed: number, ...parts: readonly (string | number)[]): number {
  let hash = (2166136261 ^ seed) >>> 0
  const text = parts.join('|')
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 16777619)
  }
  let t = (hash + 0x6d2b79f5) >>> 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** `value` with at most `places` decimals, as a plain decimal string without trailing zeros. */
export function fixed(value: number, places = 2): string {
  const text = value.toFixed(places)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/** The opening (seeded) price of a symbol: an admin price (`setPrice`) wins. */
export function priceOf(state: SandboxState, symbol: string): string | undefined {
  const set = state.prices.get(symbol)
  if (set !== undefined) return set
  const instrument = instrumentOf(symbol)
  if (!instrument) return undefined
  const seed = state.ids.seed
  if (instrument.kind === 'stock')
    return fixed(instrument.base * (0.9 + 0.2 * seeded(seed, symbol, 'price')))
  const underlying = Number(priceOf(state, instrument.underlying))
  const intrinsic =
    instrument.direction === 'C'
      ? Math.max(0, underlying - instrument.strike)
      : Math.max(0, instrument.strike - underlying)
  return fixed(intrinsic + 2 + 8 * seeded(seed, symbol, 'premium'))
}

/** The New York wall-clock offset (ms to add to UTC) at `ms`. */
function newYorkOffset(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  )
  return local - Math.floor(ms / 1000) * 1000
}

/** The New York date (`YYYY-MM-DD`) and minute of the day at `ms`. */
export function newYork(ms: number): { date: string; minute: number; midnight: number } {
  const offset = newYorkOffset(ms)
  const local = ms + offset
  const date = new Date(local).toISOString().slice(0, 10)
  const dayStart = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  )
  return {
    date,
    minute: Math.floor((local - dayStart) / 60_000),
    midnight: dayStart - offset,
  }
}

/** The instant (Unix ms) of a New York wall clock: `date` (`YYYY-MM-DD`) at `minute` of the day (1440 is the next midnight). */
export function newYorkInstant(date: string, minute: number): number {
  const local =
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) +
    minute * 60_000
  // Session boundaries and midnights never fall in a daylight-saving gap (the switch is at 02:00).
  return local - newYorkOffset(local - newYorkOffset(local))
}

/** The `YYYY-MM-DD` `days` after `date` (before it when negative). */
export function dateAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** A trade session of the stockplus records (`tradeSession`). */
export type TradeSession = 'Intraday' | 'Pre' | 'Post' | 'Overnight'

const tradeSessions: Record<Session.State, TradeSession> = {
  pre_market: 'Pre',
  regular: 'Intraday',
  after_hours: 'Post',
  overnight: 'Overnight',
}

/**
 * The trade session at `ms` by the rules' `Session.at`: `Pre` 4:00-9:30 New York, `Intraday`
 * to 16:00, `Post` to 20:00, `Overnight` to 4:00; `undefined` in the weekend close (Friday
 * 20:00 to Sunday 20:00), when nothing trades.
 */
export function sessionAt(ms: number): TradeSession | undefined {
  const { state } = Session.at(ms)
  return state === 'closed' ? undefined : tradeSessions[state]
}

/**
 * The last instant at or before `ms` that is not in the weekend close: `ms` itself when the
 * market is open, else the millisecond before Friday 20:00 New York of that weekend.
 */
export function lastOpenInstant(ms: number): number {
  const { state, et } = Session.at(ms)
  if (state !== 'closed') return ms
  const back = et.weekday === 'Fri' ? 0 : et.weekday === 'Sat' ? 1 : 2
  return newYorkInstant(dateAfter(et.date, -back), 1200) - 1
}

/** Trade types: a space is a regular sale (the securities pages of the exchange documentation). */
const tradeTypes = [' ', 'B', 'E', 'H', 'I'] as const

/** One level of the book. */
export type Level = { position: number; price: string; volume: string; orderNum: number }

/** The seeded book of a symbol: five levels each side around its price, one cent apart. */
export function depthOf(state: SandboxState, symbol: string): { asks: Level[]; bids: Level[] } {
  const price = Number(priceOf(state, symbol))
  const seed = state.ids.seed
  const level = (side: 'ask' | 'bid', position: number): Level => ({
    position,
    price: fixed(price + (side === 'ask' ? 0.01 : -0.01) * position),
    volume: String(100 * (1 + Math.floor(20 * seeded(seed, symbol, side, position, 'v')))),
    orderNum: 1 + Math.floor(10 * seeded(seed, symbol, side, position, 'n')),
  })
  return {
    asks: [1, 2, 3, 4, 5].map((p) => level('ask', p)),
    bids: [1, 2, 3, 4, 5].map((p) => level('bid', p)),
  }
}

/** A trade of the tape. */
export type Trade = {
  price: string
  volume: string
  timestamp: string
  tradeType: string
  direction: 'Up' | 'Down' | 'Neutral'
  tradeSession: string
}

/** Milliseconds between two trades of the seeded tape. */
export const tradeSpacingMs = 3000

/**
 * The last `count` trades of a symbol, newest first, one every 3 s up to `now`, none in the
 * weekend close: then the tape ends at the last open instant (Friday before 20:00 New York).
 */
export function tradesOf(state: SandboxState, symbol: string, count: number, now: number): Trade[] {
  const price = Number(priceOf(state, symbol))
  const seed = state.ids.seed
  const onGrid = (ms: number) => Math.floor(ms / tradeSpacingMs) * tradeSpacingMs
  const at = (ts: number) => price * (1 + (seeded(seed, symbol, ts, 'p') - 0.5) * 0.002)
  const trades: Trade[] = []
  let ts = onGrid(now)
  for (let i = 0; i < count; i++) {
    let session = sessionAt(ts)
    if (session === undefined) {
      ts = onGrid(lastOpenInstant(ts))
      session = sessionAt(ts) ?? 'Post'
    }
    const p = Number(fixed(at(ts)))
    const previous = Number(fixed(at(ts - tradeSpacingMs)))
    const kind = seeded(seed, symbol, ts, 't')
    trades.push({
      price: fixed(p),
      volume: String(1 + Math.floor(500 * seeded(seed, symbol, ts, 'v'))),
      timestamp: new Date(ts).toISOString(),
      tradeType: kind < 0.6 ? ' ' : (tradeTypes[1 + Math.floor((kind - 0.6) * 10)] ?? 'I'),
      direction: p > previous ? 'Up' : p < previous ? 'Down' : 'Neutral',
      tradeSession: session,
    })
    ts -= tradeSpacingMs
  }
  return trades
}

/** A minute of the intraday chart. */
export type Minute = {
  price: string
  timestamp: string
  volume: string
  turnover: string
  avgPrice: string
}

/**
 * The minutes of the regular session (9:30-16:00 New York) of the day of `now`, up to the
 * minute that holds `now`; empty before the open. On a Saturday or Sunday (the weekend close,
 * and Sunday's overnight session before Monday's open) the chart is the last trading day's,
 * Friday's whole regular session.
 */
export function intradayOf(state: SandboxState, symbol: string, now: number): Minute[] {
  const price = Number(priceOf(state, symbol))
  const seed = state.ids.seed
  const { et } = Session.at(now)
  const back = et.weekday === 'Sat' ? 1 : et.weekday === 'Sun' ? 2 : 0
  const day = dateAfter(et.date, -back)
  const open = newYorkInstant(day, 570)
  const close = newYorkInstant(day, 960)
  const minutes: Minute[] = []
  let volumes = 0
  let turnovers = 0
  for (let ts = open; ts <= now && ts < close; ts += 60_000) {
    const p = Number(fixed(price * (1 + (seeded(seed, symbol, ts, 'm') - 0.5) * 0.01)))
    const volume = 100 * (1 + Math.floor(50 * seeded(seed, symbol, ts, 'mv')))
    const turnover = p * volume
    volumes += volume
    turnovers += turnover
    minutes.push({
      price: fixed(p),
      timestamp: new Date(ts).toISOString(),
      volume: String(volume),
      turnover: fixed(turnover),
      avgPrice: fixed(turnovers / volumes, 3),
    })
  }
  return minutes
}
