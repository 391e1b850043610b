/**
 * A process sharing one budget through Redis (started by the Redis tests): acquires `key` as
 * fast as it may for `durationMs`, holding each slot `holdMs`, and prints one JSON line per
 * admission with the Redis server time. Arguments come as one JSON object in argv[2].
 */
import { Redis } from 'ioredis'
import { createLimiter } from '../createLimiter.js'
import { createRedisStore } from '../redis/createRedisStore.js'
import type { Rule, Store } from '../Store.js'

type Options = {
  url: string
  rules: Rule[]
  durationMs: number
  holdMs: number
  clockOffsetMs: number
  prefix: string
  leaseTtlMs?: number
  callers: number
  /** Counts locally with this share of every limit while Redis is unreachable. */
  fallbackShare?: number
  /** Each caller waits this long after each call (until `burstAfterMs`). @default 0 */
  paceMs?: number
  /** From this many ms after `ready` on, callers no longer wait between calls. @default never */
  burstAfterMs?: number
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options
const redis = new Redis(options.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 })
redis.on('error', () => {})
const inner = createRedisStore({
  redis,
  prefix: options.prefix,
  leaseTtlMs: options.leaseTtlMs,
  ...(options.fallbackShare === undefined
    ? {}
    : {
        onUnavailable: { fallback: 'local', share: options.fallbackShare },
        // The system clock, as Redis's TIME is: admissions in Redis and in the fallback are then
        // on one time line (the same machine's clock) for the checker.
        clock: { now: () => performance.timeOrigin + performance.now() },
        onModeChange: (change) =>
          process.stdout.write(`${JSON.stringify({ mode: change.mode, modeAt: change.at })}\n`),
      }),
})
// Records the time of every admission (Redis's, or the fallback clock's).
const store: Store = {
  shared: true,
  async take(request) {
    const result = await inner.take(request)
    if (result.ok) process.stdout.write(`${JSON.stringify({ at: result.at })}\n`)
    return result
  },
  release: (lease) => inner.release(lease),
  pause: (scopes, ms) => inner.pause(scopes, ms),
}
const clock = { now: () => performance.now() + options.clockOffsetMs }
const limiter = createLimiter({ store, clock, uid: 'shared' })
await new Promise((resolve) => redis.once('ready', resolve))
process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
const start = performance.now()
const end = start + options.durationMs
const burst = start + (options.burstAfterMs ?? Number.POSITIVE_INFINITY)
let errors = 0
const caller = async () => {
  while (performance.now() < end) {
    try {
      const release = await limiter.acquire(options.rules)
      if (options.holdMs === -1) {
        process.stdout.write(`${JSON.stringify({ holding: true })}\n`)
        await new Promise(() => {})
      }
      await new Promise((resolve) => setTimeout(resolve, options.holdMs))
      release()
      if (options.paceMs && performance.now() < burst)
        await new Promise((resolve) => setTimeout(resolve, options.paceMs))
    } catch {
      errors++
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}
await Promise.all(Array.from({ length: options.callers }, caller))
process.stdout.write(`${JSON.stringify({ done: true, errors })}\n`)
inner.close()
redis.disconnect()
