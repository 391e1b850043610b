import { ApiError, OrderOutcomeUnknownError, retryOf, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BatchProgress } from '../internal/batches.js'
import { restingBuy, setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const

function ordersWith(clientOid: string): number {
  const { orders } = made.sandbox.admin.state() as unknown as { orders: { clientOid: string }[] }
  return orders.filter((o) => o.clientOid === clientOid).length
}

describe('orders against the sandbox', () => {
  test('place, get (detail: state live), pending (status live), cancel', async () => {
    const client = made.client()
    const ack = await client.orders.place(restingBuy)
    expect(ack).toEqual({ orderId: expect.any(String), clientOid: expect.any(String) })
    const detail = await client.orders.get({ ...pair, clientOid: ack.clientOid })
    expect(detail).toMatchObject({ orderId: ack.orderId, state: 'live', size: '0.01' })
    const pending = await client.orders.getPending({ productType: 'USDT-FUTURES' })
    expect(pending.entrustedList.find((o) => o.orderId === ack.orderId)?.status).toBe('live')
    const cancelled = await client.orders.cancel({ ...pair, orderId: ack.orderId })
    expect(cancelled.orderId).toBe(ack.orderId)
    expect((await client.orders.get({ ...pair, orderId: ack.orderId })).state).toBe('canceled')
  })

  test('modify: newClientOid generated; waitForNew returns the new order', async () => {
    const client = made.client()
    const ack = await client.orders.place(restingBuy)
    const modified = await client.orders.modify(
      { ...pair, orderId: ack.orderId, newSize: '0.02', newPrice: '30100' },
      { waitForNew: true },
    )
    expect(modified.newClientOid).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(modified.orderId).not.toBe(ack.orderId)
    const renewed = await client.orders.get({ ...pair, clientOid: modified.newClientOid })
    expect(renewed).toMatchObject({ orderId: modified.orderId, size: '0.02', price: '30100' })
  })

  test('modify: with waitForNew a tp/sl-only change (no new order) returns the same order’s orderId', async () => {
    const client = made.client()
    const ack = await client.orders.place(restingBuy)
    const modified = await client.orders.modify(
      { ...pair, clientOid: ack.clientOid, newPresetStopLossPrice: '29000' },
      { waitForNew: true },
    )
    expect(modified.orderId).toBe(ack.orderId)
    const detail = await client.orders.get({ ...pair, orderId: modified.orderId })
    expect(detail).toMatchObject({ state: 'live', presetStopLossPrice: '29000' })
  })

  test('modify: a tp/sl-only change sends neither size nor price', async () => {
    const client = made.client()
    const ack = await client.orders.place(restingBuy)
    const modified = await client.orders.modify({
      ...pair,
      orderId: ack.orderId,
      newPresetStopLossPrice: '29000',
    })
    expect(modified.newClientOid).toEqual(expect.any(String))
    const sizeOnly = await client.orders
      .modify({ ...pair, orderId: ack.orderId, newSize: '0.02' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(sizeOnly)).toBe(true)
  })

  test('reverse (click-backhand) a held position, then flash close', async () => {
    const client = made.client()
    await client.orders.place({ ...restingBuy, orderType: 'market', price: undefined } as never)
    const reversed = await client.orders.reverse({
      ...pair,
      marginCoin: 'USDT',
      side: 'buy',
    })
    expect(reversed).toEqual({ orderId: expect.any(String), clientOid: expect.any(String) })
    // One-way: the long was reversed into a short of the same size (positions read back).
    const held = await client.account.getPositions({
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
    })
    expect(held.map((p) => [p.symbol, p.holdSide, p.total])).toEqual([['BTCUSDT', 'short', '0.01']])
    const closed = await client.orders.closePositions({
      productType: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
    })
    expect(closed.failureList).toEqual([])
    expect(closed.successList.length).toBeGreaterThan(0)
    expect(await client.account.getPositions({ productType: 'USDT-FUTURES' })).toEqual([])
  })

  test('batch: 120 orders in 3 batches of at most 50, outcomes in input order, progress after each', async () => {
    const client = made.client()
    const progress: BatchProgress[] = []
    const orders = Array.from({ length: 120 }, (_, i) => ({
      ...restingBuy,
      price: String(30000 + i),
      clientOid: `b120-${i}`,
    }))
    const outcomes = await client.batch.place(orders, { onProgress: (p) => progress.push(p) })
    expect(outcomes.map((o) => o.status)).toEqual(orders.map(() => 'ok'))
    expect(outcomes.map((o) => o.clientOid)).toEqual(orders.map((o) => o.clientOid))
    expect(progress.map((p) => p.done)).toEqual([50, 100, 120])
    expect(client.sent.filter((s) => s === 'classic.batchPlaceOrder')).toHaveLength(3)
    const cancels = outcomes
      .slice(0, 60)
      .map((o) => ({ ...pair, orderId: (o as { orderId: string }).orderId }))
    const cancelled = await client.batch.cancel(cancels)
    expect(cancelled.map((o) => o.status)).toEqual(cancels.map(() => 'ok'))
    const all = await client.orders.cancelAll({ productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })
    expect(all.successList.length).toBeGreaterThanOrEqual(60)
    const pending = await client.orders.getPending({
      productType: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
    })
    expect(pending.entrustedList).toEqual([])
  })
})

describe('Reconciliation against the sandbox', () => {
  const placePath = '/api/v2/mix/order/place-order'

  test("a duplicate clientOid of a new call is refused (the id is taken, nothing placed); of a retry (retryWith), the earlier attempt's order", async () => {
    const client = made.client()
    const first = await client.orders.place({ ...restingBuy, clientOid: 'dup-1' })
    const again = await client.orders
      .place({ ...restingBuy, clientOid: 'dup-1' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(again) && again.code).toBe('40786')
    const retried = await client.orders.place(retryOf({ ...restingBuy, clientOid: 'dup-1' }))
    expect(retried).toEqual(first)
    expect(ordersWith('dup-1')).toBe(1)
  })

  test('code-after 40725: the order placed is found by clientOid; code-before: unknown with retryWith', async () => {
    const client = made.client({ reconcile: { attempts: 3, baseDelayMs: 5 } })
    made.sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '40725' })
    const ack = await client.orders.place({ ...restingBuy, clientOid: 'after-1' })
    expect(ack.clientOid).toBe('after-1')
    made.sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '40010' })
    const error = await client.orders
      .place({ ...restingBuy, clientOid: 'before-1' })
      .catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(ordersWith('before-1')).toBe(0)
    await client.orders.place((error as OrderOutcomeUnknownError).retryWith as never)
    expect(ordersWith('before-1')).toBe(1)
  })

  test('"if only one of take-profit and stop-loss is sent, the other is cancelled": a tp/sl-only modification answered 40725 before it applied is not reported applied until the side it did not send reads cancelled', async () => {
    const client = made.client({ reconcile: { attempts: 3, baseDelayMs: 5 } })
    const ack = await client.orders.place({
      ...restingBuy,
      presetStopSurplusPrice: '40000',
      presetStopLossPrice: '29000',
    })
    const modifyPath = '/api/v2/mix/order/modify-order'
    made.sandbox.admin.injectFault({ path: modifyPath, kind: 'code-before', code: '40725' })
    // Only the stop-loss, at its present price: applied, the take-profit would be cancelled.
    const lost = await client.orders
      .modify({ ...pair, orderId: ack.orderId, newPresetStopLossPrice: '29000' })
      .catch((e: unknown) => e)
    // Not shown applied within the lookups: the outcome stays unknown (it may still apply).
    expect(OrderOutcomeUnknownError.isInstance(lost)).toBe(true)
    const unchanged = await client.orders.get({ ...pair, orderId: ack.orderId })
    expect(unchanged).toMatchObject({
      presetStopSurplusPrice: '40000',
      presetStopLossPrice: '29000',
    })
    // Applied, then answered 40725: the lookup shows the take-profit gone, so it is done.
    made.sandbox.admin.injectFault({ path: modifyPath, kind: 'code-after', code: '40725' })
    const applied = await client.orders.modify({
      ...pair,
      orderId: ack.orderId,
      newPresetStopLossPrice: '29000',
    })
    expect(applied.orderId).toBe(ack.orderId)
    const after = await client.orders.get({ ...pair, orderId: ack.orderId })
    expect(after.presetStopSurplusPrice ?? null).toBeNull()
    expect(after.presetStopLossPrice).toBe('29000')
  })

  test('Reconciliation: with faults injected before and after the order is applied, 200 placements produce exactly one order per clientOid and every call resolves', async () => {
    const client = made.client({ reconcile: { attempts: 6, baseDelayMs: 5 }, timeout: 40 })
    const faults = [
      { kind: 'code-before', code: '40725' },
      { kind: 'code-after', code: '40010' },
      { kind: 'code-before', code: '45001' },
      { kind: 'code-after', code: '45001' },
      { kind: 'drop', applied: true },
      { kind: 'drop', applied: false },
      { kind: 'http500', applied: true },
      { kind: 'http500', applied: false },
      { kind: 'malformed', applied: true },
      { kind: 'delay', delayMs: 60 },
    ] as const
    let placed = 0
    let unknown = 0
    const ids: string[] = []
    for (let i = 0; i < 200; i++) {
      const clientOid = `many-${i}`
      ids.push(clientOid)
      let order: object = { ...restingBuy, clientOid }
      for (let call = 0; ; call++) {
        const fault = faults[(i * 7 + call * 3) % faults.length]!
        if ((i + call) % 3 !== 2) made.sandbox.admin.injectFault({ path: placePath, ...fault })
        const result = await client.orders.place(order as never).catch((e: unknown) => e)
        if (OrderOutcomeUnknownError.isInstance(result)) {
          unknown++
          order = result.retryWith
          continue
        }
        expect(result).toMatchObject({ orderId: expect.any(String), clientOid })
        placed++
        break
      }
    }
    made.sandbox.admin.clearFaults()
    expect(placed).toBe(200)
    expect(unknown).toBeGreaterThan(20)
    for (const id of ids) expect(ordersWith(id)).toBe(1)
  }, 150_000)
})
