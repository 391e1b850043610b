/**
 * The option catalog and the quotes of the securities account, from the sandbox seed and clock:
 * expiries are generated relative to the sandbox clock (the next four weekly Fridays and the
 * monthly expiries, third Fridays, of the next three months), strikes around the underlying's
 * price, so a chain always lists live contracts. An option stops trading at the US regular
 * close (16:00 New York, `Session.regularClose` of the rules) of its expiry date and is quoted
 * `tradeStatus` 8 (Expired) from then on.
 */
import { Decimal, Session } from '@tradeline/rules'
import type { SandboxState } from '../state.js'
import {
  fixed,
  instrumentOf,
  newYork,
  type OptionContract,
  priceOf,
  seeded,
  sessionAt,
} from './stockplus.js'
import { optionSymbol, strikeStep, weekday } from './stockplusOptions.js'

/** Strikes listed each side of the one nearest the underlying's price. */
export const strikesEachSide = 5
/** Weekly expiries listed ahead. */
const weeklies = 4
/** Months ahead whose monthly expiry (third Friday) is listed. */
const monthlies = 3
const day = 86_400_000

/** The instant (Unix ms) an option stops trading: 16:00 New York on its expiry date. */
export function expiresAt(option: OptionContract): number {
  const d = option.expiryDate
  return Session.regularClose(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`)
}

/** Whether an option has expired at `now`. */
export function isExpired(option: OptionContract, now: number): boolean {
  return now >= expiresAt(option)
}

/** The `tradeStatus` of an instrument at `now`: `'8'` (Expired) for an expired option, else `'0'`. */
export function tradeStatusAt(symbol: string, now: number): '0' | '8' {
  const instrument = instrumentOf(symbol)
  return instrument?.kind === 'option' && isExpired(instrument, now) ? '8' : '0'
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The third Friday of a month (`year`, `month` 0-11), `YYYY-MM-DD`. */
function thirdFriday(year: number, month: number): string {
  const first = new Date(Date.UTC(year, month, 1, 12)).getUTCDay()
  return isoOf(Date.UTC(year, month, 1 + ((5 - first + 7) % 7) + 14, 12))
}

/**
 * The expiry dates listed at `now` (`YYYYMMDD`, nearest first): the next four Fridays whose
 * regular close is still ahead, and the third Fridays of this month and the next three that
 * are too.
 */
export function expiryDatesAt(now: number): string[] {
  const today = newYork(now).date
  const dates = new Set<string>()
  let at = Date.parse(`${today}T12:00:00Z`)
  while (dates.size < weeklies) {
    const iso = isoOf(at)
    if (weekday(iso) === 5 && now < Session.regularClose(iso)) dates.add(iso)
    at += day
  }
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7)) - 1
  for (let ahead = 0; ahead <= monthlies; ahead++) {
    const iso = thirdFriday(year + Math.floor((month + ahead) / 12), (month + ahead) % 12)
    if (now < Session.regularClose(iso)) dates.add(iso)
  }
  return [...dates].sort().map((iso) => iso.replaceAll('-', ''))
}

/** One strike of a chain. */
export type StrikeInfo = { price: string; callSymbol: string; putSymbol: string; standard: boolean }

/**
 * The chain of one expiry of an underlying: eleven strikes 5 apart around its price, each with
 * its call and put; empty for a date that is not listed at `now` (expired or never listed).
 */
export function chainOf(
  state: SandboxState,
  underlying: string,
  expiryDate: string,
  now: number,
): StrikeInfo[] {
  if (!expiryDatesAt(now).includes(expiryDate)) return []
  const centre = Math.round(Number(priceOf(state, underlying)) / strikeStep) * strikeStep
  const strikes: StrikeInfo[] = []
  for (let i = -strikesEachSide; i <= strikesEachSide; i++) {
    const strike = centre + i * strikeStep
    if (strike <= 0) continue
    strikes.push({
      price: String(strike),
      callSymbol: optionSymbol(underlying, expiryDate, 'C', strike),
      putSymbol: optionSymbol(underlying, expiryDate, 'P', strike),
      standard: true,
    })
  }
  return strikes
}

/** Today's (New York) call and put volume of the options of an underlying, seeded. */
export function optionVolumeOf(
  state: SandboxState,
  underlying: string,
  now: number,
): { c: string; p: string } {
  const { date } = newYork(now)
  const seed = state.ids.seed
  return {
    c: String(1000 + Math.floor(500_000 * seeded(seed, underlying, date, 'calls'))),
    p: String(1000 + Math.floor(400_000 * seeded(seed, underlying, date, 'puts'))),
  }
}

/** A sub-quote of one extended session. */
export type SessionQuote = {
  lastDone: string
  timestamp: string
  volume: string
  turnover: string
  high: string
  low: string
  prevClose: string
}

function sessionQuote(state: SandboxState, symbol: string, session: string, now: number) {
  const price = Number(priceOf(state, symbol))
  const seed = state.ids.seed
  const { date } = newYork(now)
  const last = fixed(price * (1 + (seeded(seed, symbol, date, session) - 0.5) * 0.004))
  const volume = String(100 * (1 + Math.floor(200 * seeded(seed, symbol, date, session, 'v'))))
  return {
    lastDone: last,
    timestamp: String(now),
    volume,
    turnover: Decimal.multiply(last, volume),
    high: fixed(Number(last) * 1.002),
    low: fixed(Number(last) * 0.998),
    prevClose: fixed(price * 0.99),
  }
}

/**
 * The quote of a stock or option at `now`. A stock carries its pre-market sub-quote once the
 * pre-market of the day (New York) has opened, its after-hours one once the regular session
 * closed, and its overnight one during the overnight session; `null` otherwise and always for
 * an option. An expired option is quoted `tradeStatus` 8.
 */
export function quoteOf(state: SandboxState, symbol: string, now: number) {
  const price = priceOf(state, symbol) ?? '0'
  const seed = state.ids.seed
  const last = Number(price)
  const prevClose = fixed(last * 0.99)
  const volume = String(10_000 + Math.floor(1_000_000 * seeded(seed, symbol, 'quote-volume')))
  const { minute } = newYork(now)
  const stock = instrumentOf(symbol)?.kind === 'stock'
  const session = sessionAt(now)
  return {
    symbol,
    lastDone: price,
    prevClose,
    open: fixed(Number(prevClose) * 1.003),
    high: fixed(last * 1.012),
    low: fixed(last * 0.988),
    timestamp: String(now),
    volume,
    turnover: Decimal.multiply(price, volume),
    tradeStatus: tradeStatusAt(symbol, now),
    preMarketQuote: stock && minute >= 240 ? sessionQuote(state, symbol, 'Pre', now) : null,
    postMarketQuote: stock && minute >= 960 ? sessionQuote(state, symbol, 'Post', now) : null,
    overnightQuote:
      stock && session === 'Overnight' ? sessionQuote(state, symbol, 'Overnight', now) : null,
  }
}

/**
 * The refusal of an order on an expired option: no code for it is published, so the
 * parameter-verification code `40017` (the one stockplus answers a past `expireDate` with)
 * and a message naming the contract's expiry (README decision row).
 */
export const optionExpiredFailure = {
  code: '40017',
  msg: 'parameter verification failed: the option contract has expired',
} as const
