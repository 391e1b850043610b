import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient } from '@tradeline/unified'

const sandbox = await startSandbox({ port: 0 })
const client = createUnifiedClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })

// 45 orders: checked all before the first batch is sent, then sent in batches of 20 through the
// rate limiter, with one outcome per order in input order.
// `as const` keeps the literals ('USDT-FUTURES', 'buy', 'limit') that the order types require.
const orders = Array.from(
  { length: 45 },
  (_, i) =>
    ({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.001',
      price: String(50000 + i),
    }) as const,
)
const outcomes = await client.batch.place(orders, {
  onProgress: ({ done, total, batches, totalBatches }) =>
    console.log(`batch ${batches}/${totalBatches}: ${done}/${total} orders`),
})
// { status: 'ok', orderId, clientOid }, { status: 'rejected', code, msg } or { status: 'failed', error }
console.log('ok:', outcomes.filter((o) => o.status === 'ok').length)

const placed = outcomes.filter((o) => o.status === 'ok')
const cancels = placed.map(({ orderId }) => ({
  category: 'USDT-FUTURES' as const,
  symbol: 'BTCUSDT',
  orderId,
}))
const cancelled = await client.batch.cancel(cancels)
console.log('cancelled:', cancelled.filter((o) => o.status === 'ok').length)
await sandbox.close()
