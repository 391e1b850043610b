import { BaseError } from '@tradeline/rules/shared'

/**
 * Redis could not be reached (or did not answer in time) and the store is set to fail. It
 * concerns the store, not one key: the reason is in `details`.
 *
 * @example
 * import { Redis } from 'ioredis'
 * import { createLimiter } from '@tradeline/rate-limit'
 * import { createRedisStore, StoreUnavailableError } from '@tradeline/rate-limit/redis'
 * const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true })
 * const limiter = createLimiter({ store: createRedisStore({ redis }) })
 * const rules = [{ kind: 'window', key: 'orders', scope: 'uid', limit: 1, windowMs: 1000, source: 'docs' }] as const
 * const error = await limiter.acquire(rules).catch((e) => e)
 * StoreUnavailableError.isInstance(error) // true
 */
export class StoreUnavailableError extends BaseError {
  static override readonly kind = 'StoreUnavailableError'
  override name = 'StoreUnavailableError'
  constructor(reason: string, cause?: unknown) {
    super('The rate-limit store (Redis) is unreachable; no call is admitted without it.', {
      details: reason,
      ...(cause === undefined ? {} : { cause }),
    })
  }
}
