import { createRateLimiter } from '@tradeline/rate-limit'
import { createRedisStore } from '@tradeline/rate-limit/redis'
import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient } from '@tradeline/unified'
import { Redis } from 'ioredis'

const sandbox = await startSandbox({ port: 0 })
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true })
// Connected first: by default the store admits no call while Redis is unreachable.
await redis.connect()

// Every process of one account builds its limiter on the same Redis: one atomic script per call
// checks every window on the Redis clock, so together they never pass the published limit.
// Here two "processes" (two limiters and two clients) share it.
const connect = () =>
  createUnifiedClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    rateLimiter: createRateLimiter({ uid: 'my-uid', store: createRedisStore({ redis }) }),
  })
const clients = [connect(), connect()] as const

const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
} as const
const placed = await Promise.all(
  Array.from({ length: 24 }, (_, i) =>
    clients[i % 2 === 0 ? 0 : 1].orders.place({ ...order, price: `${3000 + i}` }),
  ),
)
console.log(`${placed.length} orders from two limiters sharing Redis, none refused with 429`)
redis.disconnect()
await sandbox.close()
