/**
 * The candlestick vocabulary of the stockplus market endpoints (market/candlestick and
 * market/history-candlestick): periods, price adjustment and the sessions a candle covers.
 * The Stock+ pages (https://www.bitget.com/api-doc/uta/stockplus/...) are not in the public doc
 * mirror; the values are those of the quote service the Stock+ market data comes from (its
 * candlestick pages list the same fields: period, count up to 1000, adjust type, trade
 * sessions, forward, time), as the securities README's decision rows say.
 */

/**
 * Candle periods, shortest first.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.candlePeriods[0] // '1m'
 */
export const candlePeriods = [
  '1m',
  '5m',
  '15m',
  '30m',
  '60m',
  'day',
  'week',
  'month',
  'year',
] as const
/** One of {@link candlePeriods}. */
export type CandlePeriod = (typeof candlePeriods)[number]

/**
 * Milliseconds of a fixed-length period; `undefined` for `month` and `year`, whose length
 * varies.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.candlePeriodMs('5m') // 300000
 */
export function candlePeriodMs(period: CandlePeriod): number | undefined {
  const minutes = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '60m': 60, day: 1440, week: 10080 }
  return Object.hasOwn(minutes, period)
    ? minutes[period as keyof typeof minutes] * 60_000
    : undefined
}

/**
 * Price adjustment (`adjustType`): `0` none, `1` forward-adjusted for splits and dividends.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.adjustTypes['1'] // 'Forward adjusted'
 */
export const adjustTypes = { '0': 'None', '1': 'Forward adjusted' } as const
/** An `adjustType` code. */
export type AdjustType = keyof typeof adjustTypes

/**
 * The sessions a candle list covers (`tradeSessions`): `0` the regular session only, `100` all
 * sessions (pre-market, regular, after-hours, overnight).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.candleSessions['100'] // 'All sessions'
 */
export const candleSessions = { '0': 'Regular session', '100': 'All sessions' } as const
/** A `tradeSessions` code. */
export type CandleSessions = keyof typeof candleSessions

/** The most candles one request returns. */
export const candleCountMax = 1000
