/**
 * One client process of `measureLimiterUse` (bench/use.mjs): sends place-order to the sandbox
 * through `createTransport` and `createRateLimiter` (memory or Redis store) from the moment the
 * parent says go until the end it names, as fast as the limiter admits, and prints one JSON line
 * with every call's admission and settle time (system clock, milliseconds) and the 429s seen.
 * Imports the built package (`dist`): run `pnpm --filter @tradeline/rate-limit build` first.
 */
import { createInterface } from 'node:readline'
import { createTransport, RateLimitedError } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { createRateLimiter } from '../dist/index.js'
import { createRedisStore } from '../dist/redis/index.js'

/** @type {{ url: string, credentials: { apiKey: string, secret: string, passphrase: string }, store: 'memory' | 'redis', redisUrl?: string, prefix?: string, callers: number, countFrom?: 'settled' | 'admitted' }} */
const options = JSON.parse(process.argv[2] ?? '{}')
// The system clock with sub-millisecond resolution: one time line for every process.
const now = () => performance.timeOrigin + performance.now()

let redis
let store
if (options.store === 'redis') {
  const { Redis } = await import('ioredis')
  redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 })
  redis.on('error', () => {})
  await new Promise((resolve) => redis.once('ready', resolve))
  store = createRedisStore({ redis, prefix: options.prefix })
}
const rateLimiter = createRateLimiter({ uid: 'bench', store, countFrom: options.countFrom })
/** @type {{ at: number, end: number | undefined }[]} */
const calls = []
let limited = 0
let failures = 0
let failure
const transport = createTransport({
  baseUrl: options.url,
  credentials: options.credentials,
  // Records when each call was let through and when it settled, around the real limiter.
  rateLimiter: {
    async acquire(parameters) {
      const release = await rateLimiter.acquire(parameters)
      const call = { at: now(), end: undefined }
      calls.push(call)
      return () => {
        call.end = now()
        release()
      }
    },
    pause: (ms, scope) => rateLimiter.pause(ms, scope),
  },
  hooks: {
    response: ({ status }) => {
      if (status === 429) limited++
    },
  },
})
const body = {
  category: 'SPOT',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '50000',
}

process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
// `{ go: true }` starts the callers; `{ endAt }`, sent once the first call reached the sandbox,
// says when to stop.
let endAt = Number.POSITIVE_INFINITY
const lines = createInterface({ input: process.stdin })
await new Promise((resolve) =>
  lines.on('line', (line) => {
    const message = JSON.parse(line)
    if (typeof message.endAt === 'number') endAt = message.endAt
    if (message.go) resolve(undefined)
  }),
)

const caller = async () => {
  while (now() < endAt) {
    try {
      await transport.request({ endpoint: Unified.placeOrder, body })
    } catch (error) {
      if (!RateLimitedError.isInstance(error)) {
        failures++
        failure ??= String(error)
      }
    }
  }
}
await Promise.all(Array.from({ length: options.callers }, caller))
lines.close()
rateLimiter.close()
await store?.close?.()
redis?.disconnect()
process.stdout.write(`${JSON.stringify({ done: true, calls, limited, failures, failure })}\n`)
