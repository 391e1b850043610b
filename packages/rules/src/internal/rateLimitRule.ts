/**
 * The one-second window rule and the row quotes the per-line rate-limit tables
 * (./publicRateLimits.ts, ./unifiedRateLimits.ts, ./classicRateLimits.ts, ...) are written with;
 * not exported.
 */
import type { Rule, Scope } from '../RateLimits.js'

/** `limit` requests per second under `key`, per UID unless `scope` says otherwise. */
export function perSecond(
  key: string,
  limit: number,
  source: string,
  extra: { scope?: Scope; assumed?: boolean } = {},
): Rule {
  return {
    kind: 'window',
    key,
    scope: extra.scope ?? 'uid',
    limit,
    windowMs: 1000,
    ...(extra.assumed ? { assumed: true } : {}),
    source,
  }
}

/** A row of the exchange's market pages as the records quote it. */
export const rowMarket = (what: string) => `the exchange market pages (docs/records.md): "${what}"`

/** A row of a Bitget page: the page's title, its endpoint and its limit sentence. */
export const rowPage = (page: string, endpoint: string, limit: string) =>
  `Bitget "${page}" (${endpoint}): "${limit}"`

/**
 * A public market read limited per IP, as its Bitget page states it ("Frequency limit: 20
 * times/1s (IP)", "Rate limit: 20/sec/IP").
 */
export function publicRead(key: string, limit: number, page: string): Rule {
  return perSecond(key, limit, `Bitget "${page}": ${limit} per second per IP`, {
    scope: 'ip',
  })
}
