/**
 * Server-side rate limits from the rules' table, enforced strictly: a sliding window keeps a
 * log of admission times per budget and never admits more than `limit` (by weight) in any
 * span of `windowMs`; spacing keeps a minimum interval; concurrency caps requests in flight.
 */
import { RateLimits } from '@tradeline/rules'
import type { Clock } from './state.js'

/** One limit of the rules' table. */
export type LimitRule = RateLimits.Rule

/** Who is calling: the account (when signed), the remote address, and a copy trader's key. */
export type Caller = {
  readonly uid?: string | undefined
  readonly ip: string
  /** The key is a copy-trading trader's (the rules' `copyTrader` budgets apply). @default false */
  readonly copyTrader?: boolean | undefined
}

/** The outcome of {@link RateLimiter.admit}. */
export type Admission =
  | { readonly ok: true; release(): void }
  | { readonly ok: false; readonly retryAfterMs?: number | undefined; readonly key: string }

/** Admits or refuses calls of endpoints by their rules. */
export type RateLimiter = {
  /** Takes every rule of the call at once, or none of them. */
  admit(endpointId: string, caller: Caller, request?: unknown): Admission
  /** Forgets every log and counter. */
  reset(): void
}

/** The rules of one call; `[]` when the table has none for the endpoint. */
export type RuleSource = (
  endpointId: string,
  request: unknown,
  options?: { readonly copyTrader?: boolean | undefined },
) => readonly LimitRule[]

/** A limit of `limit` calls per second, as a doc page states it. */
const perSecond = (key: string, limit: number, scope: 'ip' | 'uid', source: string): LimitRule => ({
  kind: 'window',
  key,
  scope,
  limit,
  windowMs: 1000,
  source,
})

/**
 * Limits of endpoints the sandbox serves beyond the rules' table (reads third-party clients make
 * that the SDK does not), each from its doc page's "Frequency limit".
 *
 * @example
 * import { sandboxRules } from '@tradeline/sandbox'
 * Object.keys(sandboxRules) // ['public.getMarginCurrencies', 'classic.getSpotAssets', 'classic.getSpotBills']
 */
export const sandboxRules: Readonly<Record<string, readonly LimitRule[]>> = {
  'public.getMarginCurrencies': [
    perSecond('public.getMarginCurrencies', 10, 'ip', 'Get Support Currencies: 10 times/1s (IP)'),
  ],
  'classic.getSpotAssets': [
    perSecond('classic.getSpotAssets', 10, 'uid', 'Get Account Assets: 10 times/1s (User ID)'),
  ],
  'classic.getSpotBills': [
    perSecond('classic.getSpotBills', 10, 'uid', 'Get Account Bills: 10 times/1s (User ID)'),
  ],
}

/**
 * The rules' table as a {@link RuleSource}: `RateLimits.resolve` for known ids (the copy-trader
 * budgets for a copy trader's key), {@link sandboxRules} for the sandbox's own, none otherwise.
 *
 * @example
 * import { rulesOf } from '@tradeline/sandbox'
 * rulesOf('unified.getMarketStates', undefined)[0]?.scope // 'ip'
 * const [rule] = rulesOf('classic.clickBackhand', {}, { copyTrader: true })
 * rule?.kind === 'window' && rule.limit // 1
 */
export const rulesOf: RuleSource = (endpointId, request, options = {}) =>
  RateLimits.isEndpointId(endpointId)
    ? RateLimits.resolve(endpointId, request, { copyTrader: options.copyTrader === true })
    : (sandboxRules[endpointId] ?? [])

/**
 * Creates a strict limiter over a clock.
 *
 * @example
 * import { createRateLimiter } from '@tradeline/sandbox'
 * const limiter = createRateLimiter({ now: () => 0 })
 * limiter.admit('unified.getMarketStates', { ip: '127.0.0.1' }).ok // true
 * limiter.admit('unified.getMarketStates', { ip: '127.0.0.1' }).ok // false
 */
export function createRateLimiter(clock: Clock, source: RuleSource = rulesOf): RateLimiter {
  const logs = new Map<string, { at: number; weight: number }[]>()
  const last = new Map<string, number>()
  const inFlight = new Map<string, number>()

  const budgetOf = (rule: LimitRule, caller: Caller): string =>
    `${rule.key}|${rule.scope}|${rule.scope === 'uid' ? (caller.uid ?? `ip:${caller.ip}`) : caller.ip}`

  return {
    admit(endpointId, caller, request) {
      const rules = source(endpointId, request, { copyTrader: caller.copyTrader })
      const now = clock.now()
      // First check every rule, then commit: a refused call takes no budget.
      for (const rule of rules) {
        const budget = budgetOf(rule, caller)
        if (rule.kind === 'window') {
          const log = prune(logs.get(budget), now, rule.windowMs)
          logs.set(budget, log)
          const weight = rule.weight ?? 1
          let used = log.reduce((sum, entry) => sum + entry.weight, 0)
          if (used + weight > rule.limit) {
            // The earliest moment enough old entries leave the window.
            let retryAt = now
            for (const entry of log) {
              used -= entry.weight
              retryAt = entry.at + rule.windowMs
              if (used + weight <= rule.limit) break
            }
            return { ok: false, retryAfterMs: Math.max(1, retryAt - now), key: rule.key }
          }
        } else if (rule.kind === 'spacing') {
          const previous = last.get(budget)
          if (previous !== undefined && now - previous < rule.minIntervalMs)
            return { ok: false, retryAfterMs: previous + rule.minIntervalMs - now, key: rule.key }
        } else if ((inFlight.get(budget) ?? 0) >= rule.limit) {
          return { ok: false, key: rule.key }
        }
      }
      const held: string[] = []
      for (const rule of rules) {
        const budget = budgetOf(rule, caller)
        if (rule.kind === 'window') logs.get(budget)?.push({ at: now, weight: rule.weight ?? 1 })
        else if (rule.kind === 'spacing') last.set(budget, now)
        else {
          inFlight.set(budget, (inFlight.get(budget) ?? 0) + 1)
          held.push(budget)
        }
      }
      let released = false
      return {
        ok: true,
        release() {
          if (released) return
          released = true
          for (const budget of held)
            inFlight.set(budget, Math.max(0, (inFlight.get(budget) ?? 1) - 1))
        },
      }
    },
    reset() {
      logs.clear()
      last.clear()
      inFlight.clear()
    },
  }
}

/** Drops entries that left the window `(now - windowMs, now]`. */
function prune(
  log: { at: number; weight: number }[] | undefined,
  now: number,
  windowMs: number,
): { at: number; weight: number }[] {
  if (!log) return []
  return log.filter((entry) => entry.at > now - windowMs)
}
