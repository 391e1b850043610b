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
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options
const redis = new Redis(options.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 })
redis.on('error', () => {})
const inner = createRedisStore({ redis, prefix: options.prefix, leaseTtlMs: options.leaseTtlMs })
// Records the Redis time of every admission (and of every release, for the worst case).
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
const end = performance.now() + options.durationMs
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
