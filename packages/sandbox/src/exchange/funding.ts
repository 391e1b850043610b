/**
 * Funding of perpetual futures: a rate per symbol (admin-settable, `"0"` by default), settled
 * at every funding time (multiples of the symbol's interval since the Unix epoch, 8 hours by
 * default) that the sandbox clock passes. A positive rate makes longs pay shorts the rate times
 * the position's value at the current price; each payment is a `funding` bill, and every
 * funding time enters the symbol's funding-rate history.
 */
import { Category } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { refuse } from '../adminInput.js'
import { futuresInstrument } from '../instruments.js'
import type { SandboxState } from '../state.js'
import { bookFunding } from './ledger.js'

/** One symbol's funding: its rate, interval in hours, and the last funding time settled. */
export type Funding = { rate: string; intervalHours: number; settledAt: number }

/** One settled funding time of a symbol. */
export type FundingRecord = {
  readonly symbol: string
  readonly rate: string
  readonly time: number
}

/** The funding of one sandbox. */
type FundingBook = { readonly symbols: Map<string, Funding>; readonly history: FundingRecord[] }

const books = new WeakMap<SandboxState, FundingBook>()
const hour = 3_600_000

/** The funding intervals the exchange publishes, in hours. */
export const fundingIntervals = [1, 2, 4, 8] as const

function bookOf(state: SandboxState): FundingBook {
  let found = books.get(state)
  if (!found) {
    found = { symbols: new Map(), history: [] }
    books.set(state, found)
  }
  return found
}

/**
 * The funding of a futures symbol (`undefined` for other symbols): created on first use at
 * rate `"0"` and 8 hours, settled up to the funding time before now.
 */
export function fundingOf(state: SandboxState, symbol: string): Funding | undefined {
  const instrument = futuresInstrument(state.instruments, symbol)
  const category = instrument && Category.normalize(instrument.category)
  if (!category || !Category.isFutures(category)) return
  const { symbols } = bookOf(state)
  let funding = symbols.get(symbol)
  if (!funding) {
    const interval = 8 * hour
    funding = {
      rate: '0',
      intervalHours: 8,
      settledAt: Math.floor(state.clock.now() / interval) * interval,
    }
    symbols.set(symbol, funding)
  }
  return funding
}

/** The next funding time of a symbol's funding, Unix milliseconds. */
export function nextFundingTime(funding: Funding): number {
  return funding.settledAt + funding.intervalHours * hour
}

/**
 * The next funding time after `now` of a futures symbol and its interval in hours, as every
 * route and push answers them (its own interval, which the admin may set to 1, 2, 4 or 8
 * hours); `undefined` for a symbol without funding. Reading settles nothing.
 */
export function upcomingFunding(
  state: SandboxState,
  symbol: string,
  now: number,
): { readonly time: number; readonly intervalHours: number } | undefined {
  const funding = fundingOf(state, symbol)
  if (!funding) return undefined
  const step = funding.intervalHours * hour
  let time = nextFundingTime(funding)
  if (time <= now) time += Math.ceil((now - time + 1) / step) * step
  return { time, intervalHours: funding.intervalHours }
}

/**
 * Sets a symbol's funding rate and, when given, its interval (1, 2, 4 or 8 hours); what is due
 * is settled first at the old rate.
 */
export function setFundingRate(
  state: SandboxState,
  symbol: string,
  rate: string,
  intervalHours?: number | undefined,
): Funding {
  settleFunding(state, state.clock.now())
  const funding = fundingOf(state, symbol)
  if (!funding) throw refuse(new Error(`${symbol} is not a futures symbol of the sandbox`))
  const value = new Big(rate)
  if (value.abs().gt('0.1'))
    throw refuse(new RangeError('a funding rate lies between -0.1 and 0.1'))
  funding.rate = value.toFixed()
  if (intervalHours !== undefined) {
    if (!(fundingIntervals as readonly number[]).includes(intervalHours))
      throw refuse(new RangeError('the funding interval is 1, 2, 4 or 8 hours'))
    const interval = intervalHours * hour
    funding.intervalHours = intervalHours
    funding.settledAt = Math.floor(state.clock.now() / interval) * interval
  }
  return funding
}

/** The settled funding times of a symbol, newest first. */
export function fundingHistory(state: SandboxState, symbol: string): readonly FundingRecord[] {
  return bookOf(state)
    .history.filter((record) => record.symbol === symbol)
    .reverse()
}

/** Settles every funding time up to `now` of every futures symbol. */
export function settleFunding(state: SandboxState, now: number): void {
  // One funding per futures symbol (a spot pair of the same name has none).
  for (const symbol of new Set([...state.instruments.values()].map((i) => i.symbol))) {
    const funding = fundingOf(state, symbol)
    if (!funding) continue
    while (nextFundingTime(funding) <= now) {
      funding.settledAt = nextFundingTime(funding)
      bookOf(state).history.push({ symbol, rate: funding.rate, time: funding.settledAt })
      if (!new Big(funding.rate).isZero()) pay(state, symbol, funding.rate, funding.settledAt)
    }
  }
}

/** Moves every open position of `symbol` by its funding at `rate`. */
function pay(state: SandboxState, symbol: string, rate: string, at: number): void {
  const price = state.prices.get(symbol)
  if (price === undefined) return
  for (const position of [...state.positions.values()]) {
    if (position.symbol !== symbol) continue
    const size = new Big(position.size)
    if (size.isZero()) continue
    const long = position.side === 'long' || (position.side === 'net' && size.isPositive())
    const value =
      position.category.toUpperCase() === 'COIN-FUTURES'
        ? size.abs().div(price)
        : size.abs().times(price)
    const payment = value.times(rate).toDecimalPlaces(12)
    bookFunding(state, position, long ? 'long' : 'short', long ? payment.neg() : payment, at)
  }
}
