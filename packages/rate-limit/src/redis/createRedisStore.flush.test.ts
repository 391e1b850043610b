import { describe, expect, test } from 'vitest'
import { createLimiter } from '../createLimiter.js'
import { spacing } from '../test/harness.js'
import { useRedisServer } from '../test/redisServer.js'
import { createRedisStore } from './createRedisStore.js'

const env = useRedisServer()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createRedisStore: calls in flight across a new epoch', () => {
  test('decision: after a total data loss, a concurrency cap stays closed for two heartbeats, and the heartbeat adds the calls still in flight again: a spacing holds its call in flight', {
    timeout: 30_000,
  }, async () => {
    const prefix = `flush:${Date.now()}`
    // A lease of 3 s: a heartbeat every second, the cap closed for 2 s in a new epoch.
    const store = createRedisStore({ redis: env.redis, prefix, leaseTtlMs: 3000 })
    const limiter = createLimiter({ store, uid: 'f' })
    const rules = [spacing('orders', 50)]
    // The spacing and its `~inFlight` cap of one call.
    const request = { budgets: limiter.budgets(rules), marginMs: 0, countFrom: 'settled' } as const
    try {
      await env.redis.set(`${prefix}:{uid:f}:~epoch`, '1')
      const held = await limiter.acquire(rules)
      await env.redis.flushall()
      // Well past the gap and past both heartbeats' closing, the first call is still in flight.
      let admitted = 0
      const until = performance.now() + 3000
      while (performance.now() < until) {
        const taken = await store.take(request)
        if (taken.ok) {
          admitted++
          await store.release(taken.lease)
        }
        await sleep(50)
      }
      expect(admitted).toBe(0)
      held()
      let after = false
      for (let i = 0; i < 100 && !after; i++) {
        await sleep(20)
        after = (await store.take(request)).ok
      }
      expect(after).toBe(true)
    } finally {
      store.close()
    }
  })
})
