/**
 * The errors an acquire of the limiter rejects with: a wait past its deadline, a cost above a
 * limit, an unknown key, a closed limiter.
 */
import { BaseError } from '@tradeline/rules/shared'
import type { Rule } from './Store.js'

/**
 * A call would wait past its deadline (or `maxWaitMs`); it fails before waiting.
 *
 * @example
 * import { createLimiter, WaitTooLongError } from '@tradeline/rate-limit'
 * const rules = [{ kind: 'window', key: 'orders', scope: 'uid', limit: 1, windowMs: 1000, source: 'docs' }] as const
 * const limiter = createLimiter()
 * await limiter.acquire(rules)
 * const error = await limiter.acquire(rules, { maxWaitMs: 100 }).catch((e) => e)
 * WaitTooLongError.isInstance(error) // true
 * error.key // 'orders'
 */
export class WaitTooLongError extends BaseError {
  static override readonly kind = 'WaitTooLongError'
  override name = 'WaitTooLongError'
  /** The rate-limit key (or keys joined by `+`). */
  readonly key: string
  /** How long the call would have waited; `undefined` when only a release could free it. */
  readonly waitMs: number | undefined
  constructor(key: string, readyAt: number | undefined, now: number, deadline: number) {
    const waitMs = readyAt === undefined ? undefined : readyAt - now
    const left = Math.max(0, deadline - now)
    super(
      waitMs === undefined
        ? `Rate limit "${key}": no slot was free within the deadline (${Math.round(left)} ms left).`
        : waitMs === Number.POSITIVE_INFINITY
          ? `Rate limit "${key}": the call can never pass (the store will never admit it).`
          : `Rate limit "${key}": the wait of ${Math.ceil(waitMs)} ms would exceed the deadline (${Math.round(left)} ms left).`,
    )
    this.key = key
    this.waitMs = waitMs
  }
}

/**
 * A call costs more than a window allows at all, so it could never pass.
 *
 * @example
 * import { CostExceedsLimitError, createLimiter } from '@tradeline/rate-limit'
 * const rules = [{ kind: 'window', key: 'orders', scope: 'uid', limit: 5, windowMs: 1000, source: 'docs' }] as const
 * const error = await createLimiter().acquire(rules, { weight: 6 }).catch((e) => e)
 * if (CostExceedsLimitError.isInstance(error)) console.log(error.key, error.cost, error.limit) // orders 6 5
 */
export class CostExceedsLimitError extends BaseError {
  static override readonly kind = 'CostExceedsLimitError'
  override name = 'CostExceedsLimitError'
  /** The rate-limit key (or keys joined by `+`). */
  readonly key: string
  /** The weight of the call. */
  readonly cost: number
  /** The limit of the window rule it exceeds. */
  readonly limit: number
  constructor(key: string, rule: Rule & { kind: 'window' }, cost: number) {
    super(
      `Rate limit "${key}": a call of weight ${cost} exceeds the limit ${rule.limit} per ${rule.windowMs} ms of "${rule.key}".`,
    )
    this.key = key
    this.cost = cost
    this.limit = rule.limit
  }
}

/**
 * `acquire(key)` named a key that the limiter's `rules` do not hold.
 *
 * @example
 * import { createLimiter, UnknownKeyError } from '@tradeline/rate-limit'
 * const error = await createLimiter().acquire('orders').catch((e) => e)
 * UnknownKeyError.isInstance(error) // true
 * error.key // 'orders'
 */
export class UnknownKeyError extends BaseError {
  static override readonly kind = 'UnknownKeyError'
  override name = 'UnknownKeyError'
  /** The key that has no rules. */
  readonly key: string
  constructor(key: string) {
    super(`Rate limit "${key}": no rules for this key.`)
    this.key = key
  }
}

/**
 * The limiter was closed while the call waited.
 *
 * @example
 * import { createLimiter, LimiterClosedError } from '@tradeline/rate-limit'
 * const rules = [{ kind: 'window', key: 'orders', scope: 'uid', limit: 1, windowMs: 1000, source: 'docs' }] as const
 * const limiter = createLimiter()
 * await limiter.acquire(rules)
 * const waiting = limiter.acquire(rules).catch((e) => e)
 * limiter.close()
 * const error = await waiting
 * LimiterClosedError.isInstance(error) // true
 * error.key // 'orders'
 */
export class LimiterClosedError extends BaseError {
  static override readonly kind = 'LimiterClosedError'
  override name = 'LimiterClosedError'
  /** The rate-limit key (or keys joined by `+`) of the call that waited. */
  readonly key: string
  constructor(key: string) {
    super(`Rate limit "${key}": the limiter was closed while the call waited.`)
    this.key = key
  }
}
