/**
 * What a limiter asks of a store: take every rule of one call at once (or none of them),
 * give concurrency slots back, and pause a scope after a 429. The in-memory store and the
 * Redis store implement it; a custom store can too.
 */
import type { RateLimits } from '@tradeline/rules/shared'

/** One limit: N per window (with an optional weight), a minimum spacing, or a concurrency cap. */
export type Rule = RateLimits.Rule

/** A source of monotonic milliseconds; inject one in tests. */
export type Clock = {
  /** Current time in milliseconds; only differences are used. */
  now(): number
}

/** Who a budget is counted for: `uid` and `ip` fill the rules' `scope`. */
export type Identity = {
  /** The account (UID) counted by uid-scoped rules. @default 'default' */
  readonly uid?: string | undefined
  /** The address counted by ip-scoped rules. @default 'default' */
  readonly ip?: string | undefined
}

/**
 * One rule applied to one identity: `id` names the budget (`rule.key` plus the scope's
 * identity), `scope` names the identity (`uid:<uid>` or `ip:<ip>`) that a 429 pauses.
 */
export type Budget = {
  readonly rule: Rule
  readonly id: string
  readonly scope: string
}

/** What {@link Store.take} is asked. */
export type TakeRequest = {
  /** Every budget of the call; all are taken or none. */
  readonly budgets: readonly Budget[]
  /** The cost of the call on window rules; `undefined` takes each rule's own `weight` (or 1). */
  readonly weight?: number | undefined
  /** Added to every window and spacing, since the server measures arrival time. */
  readonly marginMs: number
  /**
   * `'settled'`: a call counts from its admission until its release, then from its release
   * on (it reached the server at the latest then); `'admitted'`: from its admission only.
   */
  readonly countFrom: CountFrom
}

/**
 * When a call counts in windows and spacings: `'settled'` moves it to the time it settled
 * (strict whatever the network does), `'admitted'` keeps the time it was let through (full use
 * of the limit, strict while the network jitter stays within `marginMs`).
 */
export type CountFrom = 'settled' | 'admitted'

/** A slot taken: `at` is the admission time on the store's clock, `lease` what to give back. */
export type Taken = { readonly ok: true; readonly at: number; readonly lease: unknown }

/**
 * A refusal: `retryAfterMs` is the earliest moment the call could pass as far as the store can
 * tell, `undefined` when only a release can free it (a concurrency cap).
 */
export type Refused = { readonly ok: false; readonly retryAfterMs: number | undefined }

/** The outcome of {@link Store.take}. */
export type TakeResult = Taken | Refused

/**
 * A store of budgets. `take` may answer synchronously (in memory) or with a promise (shared).
 *
 * @example
 * import { createMemoryStore, type Store } from '@tradeline/rate-limit'
 * const store: Store = createMemoryStore()
 */
export type Store = {
  /** Whether other processes share the budgets (waiters then poll instead of relying on local releases). */
  readonly shared: boolean
  /** Takes every budget at once, or none and says how long to wait. */
  take(request: TakeRequest): TakeResult | Promise<TakeResult>
  /** Gives back the concurrency slots of a taken call. */
  release(lease: unknown): void | Promise<void>
  /** Refuses every budget of the scopes for `ms` milliseconds (a 429 with `Retry-After`). */
  pause(scopes: readonly string[], ms: number): void | Promise<void>
  /**
   * Calls `listener` after every release of a concurrency slot, by any limiter over the store;
   * returns what stops it. A limiter listens while a call waits for a slot; without it (or with
   * a shared store, whose other processes release too) the limiter asks again every `pollMs`.
   */
  onRelease?(listener: () => void): () => void
  /** Frees timers and connections the store opened itself. */
  close?(): void | Promise<void>
}

/**
 * The budgets of a list of rules for one identity.
 *
 * @example
 * import { budgetsOf } from '@tradeline/rate-limit'
 * import { RateLimits } from '@tradeline/rules/shared'
 * budgetsOf(RateLimits.table['unified.placeOrder'], { uid: '42' })[0]?.id
 * // 'unified.placeOrder|uid:42'
 */
export function budgetsOf(rules: readonly Rule[], identity: Identity = {}): readonly Budget[] {
  return rules.map((rule) => {
    const scope =
      rule.scope === 'ip' ? `ip:${identity.ip ?? 'default'}` : `uid:${identity.uid ?? 'default'}`
    return { rule, id: `${rule.key}|${scope}`, scope }
  })
}
