import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { describe, expect, test } from 'vitest'
import { budgetsOf, type TakeRequest } from '../Store.js'
import { window } from '../test/harness.js'
import { startRedisServer } from '../test/redisServer.js'
import { createRedisStore } from './createRedisStore.js'

const rule = window('orders', 10, 60_000)
const request: TakeRequest = {
  budgets: budgetsOf([rule], { uid: 'r' }),
  marginMs: 0,
  countFrom: 'admitted',
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createRedisStore: data rolled back', () => {
  test('decision: a Redis that restarts from an older snapshot (its epoch kept, its window older) is seen by a process that counted more: the scope starts a new epoch', {
    timeout: 30_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rate-limit-rollback-'))
    const server = await startRedisServer({ dir })
    const client = new Redis(server.url, { maxRetriesPerRequest: 1, retryStrategy: () => 20 })
    client.on('error', () => {})
    try {
      await new Promise((resolve) => client.once('ready', resolve))
      const prefix = `rollback:${Date.now()}`
      // Redis has known the scope for long: its window is open.
      await client.set(`${prefix}:{uid:r}:~epoch`, '1')
      const store = createRedisStore({ redis: client, prefix })
      expect((await store.take(request)).ok).toBe(true)
      await client.save() // the snapshot: one call in the window
      for (let i = 0; i < 9; i++) expect((await store.take(request)).ok).toBe(true)
      expect((await store.take(request)).ok).toBe(false) // full
      // A crash: the restart loads the snapshot, its epoch and a window of one call.
      await server.restart()
      while (client.status !== 'ready') await sleep(5)
      expect(await client.zcard(`${prefix}:{uid:r}:orders`)).toBe(1)
      // Nine more would pass on the old data: the window stays closed for a span instead.
      const after = await store.take(request)
      expect(after.ok).toBe(false)
      expect(after.ok ? 0 : after.retryAfterMs).toBeGreaterThan(50_000)
      store.close()
    } finally {
      client.disconnect()
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
