/** The one-second window rule the rate-limit tables are written with; not exported. */
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
