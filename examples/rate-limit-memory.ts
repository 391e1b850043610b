import { createRateLimiter, WaitTooLongError } from '@tradeline/rate-limit'
import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient } from '@tradeline/unified'

// The sandbox enforces the exchange's limits: place-order is 10 per second per UID.
const sandbox = await startSandbox({ port: 0 })

// One limiter per account, shared by every client of it. Each call waits for its endpoint's
// budgets (the rules' table); a call that would wait longer than maxWaitMs is refused.
const rateLimiter = createRateLimiter({ uid: 'my-uid', maxWaitMs: 1500 })
const client = createUnifiedClient({
  baseUrl: sandbox.url,
  credentials: sandbox.credentials,
  rateLimiter,
})

const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
} as const
const outcomes = await Promise.allSettled(
  Array.from({ length: 25 }, (_, i) => client.orders.place({ ...order, price: `${3000 + i}` })),
)
const placed = outcomes.filter((o) => o.status === 'fulfilled')
const tooLong = outcomes.filter(
  (o) => o.status === 'rejected' && WaitTooLongError.isInstance(o.reason),
)
// 10 at once, the next ones paced within the window; those that would have waited more than
// 1.5 s are refused and never sent. No call gets a 429.
console.log(`${placed.length} placed, ${tooLong.length} refused by the limiter (WaitTooLongError)`)
await sandbox.close()
