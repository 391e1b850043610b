import { Redis } from 'ioredis'
import { afterAll, bench, describe } from 'vitest'
import { createLimiter } from '../createLimiter.js'
import { window } from '../test/harness.js'
import { startRedisServer } from '../test/redisServer.js'
import { createRedisStore } from './createRedisStore.js'

const server = await startRedisServer()
const redis = new Redis(server.url)
const limiter = createLimiter({
  store: createRedisStore({ redis, coldStart: 'trust' }),
  countFrom: 'admitted',
})
const rules = [window('bench', 1_000_000, 10)]

afterAll(async () => {
  redis.disconnect()
  await server.stop()
})

describe('acquire on Redis (issue target: one round trip)', () => {
  bench('baseline: one PING round trip', async () => {
    await redis.ping()
  })
  bench('createLimiter({ store: redis }).acquire (one EVALSHA)', async () => {
    const release = await limiter.acquire(rules)
    release()
  })
})
