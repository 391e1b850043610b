/**
 * Option contract symbols of the sandbox's securities catalog: any OCC symbol of a catalog stock
 * expiring on a Friday with a strike on the 5-dollar grid names a contract (listed in a chain
 * while live, quoted as expired after).
 */
import { Securities } from '@tradeline/rules'
import type { OptionContract, Stock } from './stockplus.js'

/** Strikes are listed every 5 (dollars) around the underlying's price. */
export const strikeStep = 5

/**
 * The option contract a symbol names when it is an OCC symbol (`ROOT` + `YYMMDD` + `C|P` +
 * strike x 1000 in 8 digits + `.US`) of a catalog stock, expiring on a Friday, with a strike on
 * the 5-dollar grid: listed or not, live or expired (its quote says which).
 */
export function optionFromSymbol(
  symbol: string,
  stocks: readonly Stock[],
): OptionContract | undefined {
  const match = /^([A-Z0-9]{1,6})(\d{6})([CP])(\d{8})\.US$/.exec(symbol)
  if (!match) return undefined
  const [, root, yymmdd, direction, strikeText] = match as unknown as [
    string,
    string,
    string,
    'C' | 'P',
    string,
  ]
  const underlying = stocks.find((stock) => stock.symbol === `${root}.US`)
  const iso = Securities.normalizeExpiryDate(yymmdd)
  const strike = Number(strikeText) / 1000
  if (!underlying || !iso || !Number.isInteger(strike / strikeStep) || strike <= 0) return undefined
  if (weekday(iso) !== 5) return undefined
  return {
    kind: 'option',
    symbol,
    underlying: underlying.symbol,
    expiryDate: iso.replaceAll('-', ''),
    strike,
    direction,
    contractType: 'A',
    multiplier: 100,
  }
}

/** The OCC symbol of a contract of `underlying` (`AAPL.US`), expiry `YYYYMMDD`, strike in dollars. */
export function optionSymbol(
  underlying: string,
  expiryDate: string,
  direction: 'C' | 'P',
  strike: number,
): string {
  const root = underlying.slice(0, underlying.lastIndexOf('.'))
  return `${root}${expiryDate.slice(2)}${direction}${String(strike * 1000).padStart(8, '0')}.US`
}

/** 0 = Sunday, of a `YYYY-MM-DD` date. */
export function weekday(iso: string): number {
  return new Date(`${iso}T12:00:00Z`).getUTCDay()
}
