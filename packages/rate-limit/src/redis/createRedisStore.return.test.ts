import { Redis } from 'ioredis'
import { describe, expect, test } from 'vitest'
import { budgetsOf, type TakeRequest } from '../Store.js'
import { window } from '../test/harness.js'
import { useRedisServer } from '../test/redisServer.js'
import { startTcpProxy } from '../test/tcpProxy.js'
import { createRedisStore } from './createRedisStore.js'

const env = useRedisServer()
const rule = window('orders', 5, 60_000)
const request = (uid: string): TakeRequest => ({
  budgets: budgetsOf([rule], { uid }),
  marginMs: 0,
  countFrom: 'admitted',
})
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Waits until `client` is (or is not) ready. */
async function until(client: Redis, ready: boolean): Promise<void> {
  while ((client.status === 'ready') !== ready) await sleep(5)
}

describe('createRedisStore: the way back from the fallback', () => {
  test('a scope counted locally while another take was on its way back to Redis starts a new epoch before Redis counts it', {
    timeout: 30_000,
  }, async () => {
    const proxy = await startTcpProxy(env.server.port)
    // Commands cut off by the partition are sent again once the connection is back.
    const client = new Redis(proxy.url, { maxRetriesPerRequest: null, retryStrategy: () => 20 })
    client.on('error', () => {})
    await new Promise((resolve) => client.once('ready', resolve))
    const prefix = `return:${Date.now()}`
    // Redis has known both scopes for long: their windows are open.
    for (const uid of ['a', 'b']) await env.redis.set(`${prefix}:{uid:${uid}}:~epoch`, '1')
    let now = 0
    const store = createRedisStore({
      redis: client,
      prefix,
      timeoutMs: 10_000,
      onUnavailable: { fallback: 'local', share: 1 },
      clock: { now: () => now },
    })
    try {
      await proxy.cut()
      await until(client, false)
      expect((await store.take(request('a'))).ok).toBe(false) // the switch: closed for a span
      now = 60_001
      await proxy.restore()
      await until(client, true)
      // Counted locally, and the probe (a PING) is sent: once a later PING is answered, so is it.
      expect((await store.take(request('c'))).ok).toBe(true)
      await client.ping()
      await sleep(10)
      // Take A goes to Redis (new epochs, then its take) and is held there by a pause...
      await env.redis.call('CLIENT', 'PAUSE', '2000', 'WRITE')
      const a = store.take(request('a'))
      await sleep(50)
      // ... while the link drops: take B fails at once and counts scope b locally.
      await proxy.cut()
      await until(client, false)
      let local = 0
      for (let i = 0; i < 5; i++) if ((await store.take(request('b'))).ok) local++
      expect(store.mode).toBe('fallback')
      await proxy.restore()
      // A's answer (refused: a's epoch has just started) brings the store back to Redis.
      expect(await a).toMatchObject({ ok: false })
      expect(store.mode).toBe('redis')
      // Redis does not know of b's local calls: its window stays closed for a span.
      let shared = 0
      for (let i = 0; i < 5; i++) if ((await store.take(request('b'))).ok) shared++
      expect(local).toBe(5)
      expect(shared).toBe(0)
    } finally {
      await env.redis.call('CLIENT', 'UNPAUSE')
      store.close()
      client.disconnect()
      await proxy.close()
    }
  })
})
