// Placement against a long history: every placement counts the account's open orders (the
// holding limits), and that count read every order ever placed, sorted (after 27,000 closed
// orders a 20-order batch went from 85 to 343 ms). It reads the open orders alone now; the work
// is counted here (reads of the closed orders' fields), never timed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Order } from '../orders.js'
import { ethBuy, paths } from '../test/unified.js'
import { health, startAbuse } from './harness.js'

let ctx: Awaited<ReturnType<typeof startAbuse>>
beforeAll(async () => {
  ctx = await startAbuse()
})
afterAll(async () => {
  expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
  await ctx.sandbox.close()
})

/** Makes every field read of the stored `order` count in `reads`. */
function watch(order: Order, reads: { count: number }): void {
  for (const [key, value] of Object.entries(order))
    Object.defineProperty(order, key, {
      get() {
        reads.count += 1
        return value
      },
      enumerable: true,
      configurable: true,
    })
}

describe('placing orders after 2,000 closed ones', () => {
  test('a placement and a 20-order batch read none of the closed orders (each read all of them)', async () => {
    const reads = { count: 0 }
    for (let i = 0; i < 2000; i++) {
      const order = ctx.sandbox.admin.addOrder({
        category: 'SPOT',
        symbol: 'ETHUSDT',
        side: 'buy',
        orderType: 'limit',
        price: '1000',
        qty: '0.1',
        status: i % 2 === 0 ? 'cancelled' : 'filled',
        filledQty: i % 2 === 0 ? '0' : '0.1',
        clientOid: `closed-${i}`,
      })
      watch(ctx.sandbox.sandbox.state.orders.get(order.orderId) as Order, reads)
    }
    const placed = await ctx.api.post(paths.place, ethBuy({ clientOid: 'after-history' }))
    expect(placed.body.code).toBe('00000')
    const batch = await ctx.api.post(
      paths.placeBatch,
      Array.from({ length: 20 }, (_, i) => ethBuy({ clientOid: `batch-${i}` })),
    )
    expect(batch.body.code).toBe('00000')
    expect(reads.count).toBe(0)
    // The open orders are still counted and read.
    const unfilled = await ctx.api.get(paths.unfilled, { category: 'SPOT' })
    expect(unfilled.body.data.list.length).toBeGreaterThanOrEqual(21)
    expect(await health(ctx, 0)).toEqual(['00000', '00000', '00000', '00000'])
  })
})
