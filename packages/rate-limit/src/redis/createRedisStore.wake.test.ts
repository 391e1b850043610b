// When a refused take says to come back: the wait Redis gives counts from when it ran the
// script, about half the round trip before its answer arrived, so the store gives it back
// shortened by that half; Redis still decides, so a take sent early is only refused again.
import { describe, expect, test } from 'vitest'
import { budgetsOf } from '../Store.js'
import { window } from '../test/harness.js'
import { useRedisServer } from '../test/redisServer.js'
import { createRedisStore } from './createRedisStore.js'

const env = useRedisServer()

describe('createRedisStore: the wait of a refused take', () => {
  test('decision: a refused take waits what Redis said less half the round trip of that take (a 40 ms trip: 20 ms less); a take sent early is refused again, never admitted', async () => {
    // The local clock moves 40 ms over each call to Redis: the round trip as the store sees it.
    let ticks = 0
    const clock = { now: () => 40 * ticks++ }
    const prefix = `wake:${Date.now()}`
    await env.redis.set(`${prefix}:{uid:w}:~epoch`, '1')
    const store = createRedisStore({ redis: env.redis, prefix, clock })
    const request = {
      budgets: budgetsOf([window('w', 1, 1000)], { uid: 'w' }),
      marginMs: 0,
      countFrom: 'admitted',
    } as const
    expect((await store.take(request)).ok).toBe(true)
    const refused = await store.take(request)
    if (refused.ok) throw new Error('the second call of a window of 1 was admitted')
    // Redis said a little under 1000 ms (its clock moved between the two takes).
    expect(refused.retryAfterMs).toBeGreaterThan(1000 - 20 - 50)
    expect(refused.retryAfterMs).toBeLessThanOrEqual(1000 - 20)
    // At once again: still refused, with what is left of the window.
    const again = await store.take(request)
    expect(again.ok).toBe(false)
    store.close()
  })
})
