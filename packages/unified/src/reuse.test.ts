/**
 * A placement whose `clientOid` an earlier order of the account already carries (cancelled or
 * filled) and whose outcome is unknown: the exchange refuses a second order with the id (43118),
 * so nothing was placed, and the lookup by `clientOid` finds the old order. Core's placement
 * reading tells it from the placement's own order by its creation time, on the transport's clock
 * synchronised during the reconciliation (the sandbox's clock moved between the two orders):
 * never the old order's id reported as placed, and never this placement's own order reported as
 * not placed when the client's clock is off the exchange's.
 */
import { OrderNotPlacedError, OrderOutcomeUnknownError, retryOf } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { placeBatch } from './actions/placeBatch.js'
import { restingBuy, setup } from './test/sandbox.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
const quick = { reconcile: { attempts: 3, baseDelayMs: 5 }, retry: { limit: 0 } }
const placePath = '/api/v3/trade/place-order'
const timePath = '/api/v2/public/time'

beforeAll(async () => {
  // A window wide enough for a client whose clock is 30 s off to be answered without a 40008
  // (which would synchronise its clock before the reconciliation).
  ;({ sandbox, client } = await setup({ timestampWindowMs: 50_000 }))
  sandbox.admin.setPrice('ETHUSDT', '3500')
})
afterAll(async () => {
  await sandbox.close()
})

type SandboxOrder = { orderId: string; clientOid: string | null; status: string }
const withOid = (clientOid: string) =>
  (sandbox.admin.state() as unknown as { orders: SandboxOrder[] }).orders.filter(
    (o) => o.clientOid === clientOid,
  )

/**
 * A client whose local clock is the sandbox's (moved with it), `skewMs` ahead of it; `times`
 * counts its reads of the server time (the synchronisations of its clock).
 */
function skewed(skewMs = 0, extra: Parameters<typeof client>[0] = {}) {
  const made = client({ ...quick, clock: { now: () => sandbox.admin.now() + skewMs }, ...extra })
  return Object.assign(made, { times: () => made.sent.filter((id) => id === 'public.getTime') })
}

/** An order of `clientOid`, cancelled, then `agoMs` passes on the sandbox's clock. */
async function cancelledOrder(c: ReturnType<typeof skewed>, clientOid: string, agoMs: number) {
  const old = await c.orders.place({ ...restingBuy, clientOid })
  await c.orders.cancel({ orderId: old.orderId })
  sandbox.admin.advanceClock(agoMs)
  return old
}

describe('review A: a placement reusing the clientOid of a closed order meets an unknown outcome', () => {
  test('A1: 45001 before (nothing applied), the old order cancelled 2 s before: OrderNotPlacedError, not the old order', async () => {
    const c = skewed()
    await cancelledOrder(c, 'ru-a1', 2_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '45001' })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'ru-a1' }).catch((e) => e)
    expect(OrderNotPlacedError.isInstance(result)).toBe(true)
    expect(withOid('ru-a1')).toHaveLength(1)
    // The client's clock was never synchronised: the reconciliation synchronised it once.
    expect(c.times()).toHaveLength(1)
  })

  test('A2: 45001 after (the exchange refused 43118): OrderNotPlacedError', async () => {
    const c = skewed()
    await cancelledOrder(c, 'ru-a2', 2_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'ru-a2' }).catch((e) => e)
    expect(OrderNotPlacedError.isInstance(result)).toBe(true)
    expect(withOid('ru-a2')).toHaveLength(1)
  })

  test('A3: no fault: ApiError 43118, never that order', async () => {
    const c = skewed()
    await cancelledOrder(c, 'ru-a3', 0)
    const result = await c.orders.place({ ...restingBuy, clientOid: 'ru-a3' }).catch((e) => e)
    expect(result).toMatchObject({ name: 'ApiError', code: '43118' })
  })

  test('A4: the old order filled, another price and qty, 45001 before: OrderNotPlacedError', async () => {
    const c = skewed()
    const old = await c.orders.place({ ...restingBuy, clientOid: 'ru-a4' })
    sandbox.admin.fill(old.orderId)
    sandbox.admin.advanceClock(2_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '45001' })
    const result = await c.orders
      .place({ ...restingBuy, price: '2900', qty: '0.05', clientOid: 'ru-a4' })
      .catch((e) => e)
    expect(OrderNotPlacedError.isInstance(result)).toBe(true)
    expect(withOid('ru-a4').map((o) => o.status)).toEqual(['filled'])
  })

  test('A5: batch.place, the old order cancelled, 40010 before: the item failed OrderNotPlacedError', async () => {
    const c = skewed()
    await cancelledOrder(c, 'ru-a5', 2_000)
    sandbox.admin.injectFault({
      path: '/api/v3/trade/place-batch',
      kind: 'code-before',
      code: '40010',
    })
    const results = await placeBatch(c, [{ ...restingBuy, clientOid: 'ru-a5' }])
    expect(results).toHaveLength(1)
    expect(OrderNotPlacedError.isInstance(results[0]?.error)).toBe(true)
    expect(withOid('ru-a5')).toHaveLength(1)
  })

  test('A6: the old order cancelled 45 s before (within the clocks’ tolerance), 45001 before: OrderNotPlacedError', async () => {
    const c = skewed()
    await cancelledOrder(c, 'ru-a6', 45_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '45001' })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'ru-a6' }).catch((e) => e)
    expect(OrderNotPlacedError.isInstance(result)).toBe(true)
    expect(withOid('ru-a6')).toHaveLength(1)
  })

  test('a clock synchronised before (syncClock): the found order is confirmed on a fresh synchronisation, OrderNotPlacedError', async () => {
    const c = skewed(0, { syncClock: true })
    await cancelledOrder(c, 'ru-sync', 2_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '45001' })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'ru-sync' }).catch((e) => e)
    expect(OrderNotPlacedError.isInstance(result)).toBe(true)
    expect(c.times()).toHaveLength(2)
  })
})

describe('the placement own order, found with a clock off the exchange', () => {
  test('30 s ahead, never synchronised (the synchronisation succeeds): still this placement’s order', async () => {
    const c = skewed(30_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'ru-own-ahead' })
    const [own] = withOid('ru-own-ahead')
    expect(result).toEqual({ orderId: own?.orderId, clientOid: 'ru-own-ahead' })
    expect(c.times()).toHaveLength(1)
    expect(c.transport.clock.offset).toBeLessThan(-29_000)
  })

  test('30 s behind, never synchronised: still this placement’s order', async () => {
    const c = skewed(-30_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'ru-own-behind' })
    expect(result.orderId).toBe(withOid('ru-own-behind')[0]?.orderId)
  })

  test('a synchronisation that fails keeps the clocks’ tolerance: the own order found 30 s "before" is still this placement’s', async () => {
    const c = skewed(30_000)
    sandbox.admin.injectFault({ path: timePath, kind: 'http500', times: 50 })
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    try {
      const result = await c.orders.place({ ...restingBuy, clientOid: 'ru-own-nosync' })
      expect(result.orderId).toBe(withOid('ru-own-nosync')[0]?.orderId)
      expect(c.transport.clock.synced).toBe(false)
    } finally {
      sandbox.admin.clearFaults(timePath)
    }
  })

  test('a retry whose first attempt was made 30 s ahead, before the synchronisation: its first attempt’s order is found as its own (a retry is read with the clocks’ tolerance: no synchronisation)', async () => {
    const c = skewed(30_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    sandbox.admin.injectFault({ path: '/api/v3/trade/order-info', kind: 'http500', times: 1000 })
    const first = await c.orders
      .place({ ...restingBuy, clientOid: 'ru-own-retry' })
      .catch((e: unknown) => e)
    sandbox.admin.clearFaults('/api/v3/trade/order-info')
    expect(OrderOutcomeUnknownError.isInstance(first)).toBe(true)
    sandbox.admin.advanceClock(5_000)
    const retry = (first as OrderOutcomeUnknownError<typeof restingBuy>).retryWith
    // The retry meets 43118 (its first attempt holds the id): it is checked against that order.
    const result = await c.orders.place(retry)
    expect(result.orderId).toBe(withOid('ru-own-retry')[0]?.orderId)
    expect(c.transport.clock.synced).toBe(false)
  })

  test("a retry marked without its first attempt's time (`retryOf(order)`): the order its first attempt placed 2 s before is still its own", async () => {
    const c = skewed()
    const order = { ...restingBuy, clientOid: 'ru-own-unmarked' }
    const first = await c.orders.place(order)
    sandbox.admin.advanceClock(2_000)
    // Refused 43118 (its first attempt holds the id), checked against that order.
    const result = await c.orders.place(retryOf(order))
    expect(result.orderId).toBe(first.orderId)
  })
})
