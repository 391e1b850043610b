// 1,000 orders through place-batch (20 per batch, 5 per second per UID) with the client's own
// limiter, against a sandbox that enforces the same limit: the time from the first batch sent to
// the last settled, against the strict minimum of that limit (50 batches, 5 in any second: the
// last may start 9 s after the first) plus one batch's round trip.
import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient } from '@tradeline/unified'

export async function batches({ orders = 1000 } = {}) {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', seed: 11 })
  try {
    sandbox.admin.setBalance('USDT', '1000000000000')
    const client = createUnifiedClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })
    const order = {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'market',
      qty: '10',
    }
    // Two batches first: the first warms the path, the second gives the round trip; the
    // sandbox's window then has a second to forget them before the run.
    const batch = () => client.batch.place(Array.from({ length: 20 }, () => ({ ...order })))
    await batch()
    const rtStart = performance.now()
    await batch()
    const roundTripMs = performance.now() - rtStart
    await new Promise((r) => setTimeout(r, 1100))
    let responses429 = 0
    const start = performance.now()
    const outcomes = await client.batch.place(Array.from({ length: orders }, () => ({ ...order })))
    const elapsedMs = performance.now() - start
    for (const o of outcomes) if (o.status !== 'ok' && /429/.test(JSON.stringify(o))) responses429++
    const batchCount = Math.ceil(orders / 20)
    const minimumMs = (Math.ceil(batchCount / 5) - 1) * 1000 + roundTripMs
    return {
      orders,
      ok: outcomes.filter((o) => o.status === 'ok').length,
      responses429,
      elapsedMs,
      minimumMs,
      ratio: elapsedMs / minimumMs,
    }
  } finally {
    await sandbox.close()
  }
}
