/** Candle intervals and the time a candle starts, on the sandbox clock in UTC. */

export const minute = 60_000
export const hour = 60 * minute
export const day = 24 * hour
/** Funding is settled every 8 hours (00:00, 08:00, 16:00 UTC). */
export const fundingMs = 8 * hour
/** Candle intervals in milliseconds (`1M` is a calendar month). */
export const intervalMs: Readonly<Record<string, number>> = {
  '1m': minute,
  '3m': 3 * minute,
  '5m': 5 * minute,
  '15m': 15 * minute,
  '30m': 30 * minute,
  '1H': hour,
  '4H': 4 * hour,
  '6H': 6 * hour,
  '12H': 12 * hour,
  '1D': day,
  '3D': 3 * day,
  '1W': 7 * day,
  '1M': 0,
}
/** The channels' intervals, from the rules. */
export { candleIntervals, klineIntervals } from '@tradeline/rules'

/** The start of the candle of `interval` holding `now` (UTC; weeks start on Monday). */
export function candleStart(interval: string, now: number): number {
  const base = interval.replace(/utc$/, '')
  if (base === '1M') {
    const d = new Date(now)
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
  }
  const ms = intervalMs[base] ?? minute
  // 1970-01-05 was a Monday.
  const origin = base === '1W' ? 4 * day : 0
  return Math.floor((now - origin) / ms) * ms + origin
}
