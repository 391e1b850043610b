// A Redis that hangs with its connection open (`CLIENT PAUSE`: the commands wait, the status
// stays `ready`): a waiting call keeps its deadline, a slot that comes after it is given back,
// and in the fallback every take does not first wait for Redis's timeout.
import { Redis } from 'ioredis'
import { describe, expect, test } from 'vitest'
import { createLimiter } from '../createLimiter.js'
import { WaitTooLongError } from '../limiterErrors.js'
import { concurrency, window } from '../test/harness.js'
import { useRedisServer } from '../test/redisServer.js'
import { createRedisStore } from './createRedisStore.js'

const env = useRedisServer()
let prefixes = 0
const prefix = () => `hang${prefixes++}:${Date.now()}`

/**
 * Pauses every client of the Redis for `ms`; `ended` settles when the pause has ended (a PING
 * sent now, answered only then).
 */
async function pauseRedis(ms: number): Promise<{ ended: Promise<'paused'> }> {
  const admin = new Redis(env.server.url)
  await admin.client('PAUSE', ms, 'ALL')
  const ended = env.redis.ping().then(() => 'paused' as const)
  return { ended: ended.finally(() => admin.disconnect()) }
}

describe('createLimiter over a Redis that hangs', () => {
  test("a call's maxWaitMs holds while the store's answer is awaited: refused at its deadline, and the slot the late answer took is given back", {
    timeout: 30_000,
  }, async () => {
    const p = prefix()
    const rules = [concurrency('hang.slot', 1)]
    // The store's own timeout is far beyond the call's maxWaitMs.
    const store = createRedisStore({ redis: env.redis, prefix: p, timeoutMs: 10_000 })
    const limiter = createLimiter({ store, uid: 'h' })
    try {
      const { ended } = await pauseRedis(2_000)
      const outcome = await limiter.acquire(rules, { maxWaitMs: 200 }).then(
        () => 'admitted',
        (error: unknown) => error,
      )
      // Before the fix the take answered when Redis resumed and the call was admitted then,
      // 2 s after its maxWaitMs of 200 ms.
      expect(WaitTooLongError.isInstance(outcome) ? 'refused' : outcome).toBe('refused')
      await ended
      // The late take's slot is given back once its answer comes (a few round trips later).
      const slot = `${p}:{uid:h}:hang.slot`
      for (let i = 0; i < 100 && (await env.redis.zcard(slot)) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20))
      expect(await env.redis.zcard(slot)).toBe(0)
      // A scope new to Redis keeps its cap closed for two heartbeats (2 s) from its first take.
      const release = await limiter.acquire(rules, { maxWaitMs: 5_000 })
      release()
    } finally {
      store.close()
    }
  })

  test('a queued call is refused at its deadline while the take before it hangs, not after the store answers', {
    timeout: 30_000,
  }, async () => {
    const p = prefix()
    const rules = [concurrency('hang.queue', 1)]
    const store = createRedisStore({ redis: env.redis, prefix: p, timeoutMs: 10_000 })
    const limiter = createLimiter({ store, uid: 'q' })
    try {
      const held = await limiter.acquire(rules)
      // Refused (the slot is held), the call waits in the queue and polls Redis.
      const waiting = limiter.acquire(rules, { maxWaitMs: 300 }).then(
        () => 'admitted' as const,
        (error: unknown) => (WaitTooLongError.isInstance(error) ? 'refused' : error),
      )
      const { ended } = await pauseRedis(3_000)
      // Refused at its deadline of 300 ms, long before Redis answers again (3 s).
      expect(await Promise.race([waiting, ended])).toBe('refused')
      held()
      await ended
    } finally {
      store.close()
    }
  })

  test('in the fallback, a take does not wait for Redis first while it hangs: one probe at a time, and back to Redis once it answers', {
    timeout: 30_000,
  }, async () => {
    const p = prefix()
    const rules = [window('hang.window', 1_000, 1_000)]
    const store = createRedisStore({
      redis: env.redis,
      prefix: p,
      timeoutMs: 300,
      coldStart: 'trust',
      onUnavailable: { fallback: 'local', share: 1 },
    })
    const limiter = createLimiter({ store, uid: 'f' })
    try {
      const { ended } = await pauseRedis(4_000)
      // 20 calls one after another. Before the fix each waited the store's 300 ms timeout first:
      // 6 s, past the pause; now the first one waits it, the others are counted locally at once.
      const calls = (async () => {
        for (let i = 0; i < 20; i++) (await limiter.acquire(rules))()
        return 'calls' as const
      })()
      expect(await Promise.race([calls, ended])).toBe('calls')
      expect(store.mode).toBe('fallback')
      await ended
      // Redis answers again: a probe sees it, and a later take goes through Redis.
      for (let i = 0; i < 200 && store.mode === 'fallback'; i++) {
        ;(await limiter.acquire(rules))()
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(store.mode).toBe('redis')
    } finally {
      store.close()
    }
  })
})
