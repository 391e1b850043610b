/**
 * The public market channels of both stream paths as data: the candle intervals and the order
 * book channels with their levels. The clients check a subscription against them before
 * sending; the sandbox answers 30001 for anything else.
 */

/**
 * The `kline` intervals of the unified public path (`/v3/ws/public`), as its channel page lists them.
 *
 * @example
 * import { klineIntervals } from '@tradeline/rules'
 * klineIntervals.includes('1H') // true
 */
export const klineIntervals = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1H',
  '4H',
  '6H',
  '12H',
  '1D',
] as const

/**
 * The classic candle channel suffixes (`candle1m`, ...; the `utc` ones close on UTC days) of
 * `/v2/ws/public`.
 *
 * @example
 * import { candleIntervals } from '@tradeline/rules'
 * candleIntervals.includes('1Wutc') // true
 */
export const candleIntervals = [
  '1m',
  '5m',
  '15m',
  '30m',
  '1H',
  '4H',
  '6H',
  '12H',
  '1D',
  '3D',
  '1W',
  '1M',
  '6Hutc',
  '12Hutc',
  '1Dutc',
  '3Dutc',
  '1Wutc',
  '1Mutc',
] as const

/**
 * The order book channels of each path and their levels (`undefined`: `books`, every level,
 * a snapshot then incremental updates).
 *
 * @example
 * import { bookChannels } from '@tradeline/rules'
 * bookChannels.v2.books15 // 15
 */
export const bookChannels = {
  v3: { books: undefined, books1: 1, books5: 5, books50: 50 },
  v2: { books: undefined, books1: 1, books5: 5, books15: 15 },
} as const
