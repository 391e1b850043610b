import { OrderClosedOutcomeUnknownError, UnknownOutcomeError } from '@tradeline/core'
import { createTimerGate, type RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { cancelOrder } from './actions/cancelOrder.js'
import { cancelOrders } from './actions/cancelOrders.js'
import { getOrderInfo } from './actions/getOrderInfo.js'
import { modifyOrder } from './actions/modifyOrder.js'
import { placeOrder } from './actions/placeOrder.js'
import { placeOrders } from './actions/placeOrders.js'
import {
  lookUpOrder,
  OrderIdUnresolvedError,
  OrderNotChangedError,
  OrderOutcomeUnknownError,
} from './reconcile.js'
import { futuresBuy, restingBuy, setup } from './test/sandbox.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
const fast = { attempts: 5, baseDelayMs: 10 }
/**
 * The client timeout of the tests whose late request waits at the gate: that request times out
 * whatever the value, and the calls around it (the placement before a cancel, the lookups, the
 * retry) get 250 ms, which a loaded machine keeps (at 40 ms an unfaulted call timed out there).
 */
const busyTimeout = 250
const placePath = '/api/v3/trade/place-order'

/**
 * The timers the sandbox's `delay` faults wait on: a test of "the order lands after every lookup"
 * holds the request until the lookups are over instead of betting a delay against them.
 */
const gate = createTimerGate()

beforeAll(async () => {
  ;({ sandbox, client } = await setup({ timers: gate }))
})
afterAll(async () => {
  gate.release()
  await sandbox.close()
})

const lookups = (sent: readonly string[]) => sent.filter((s) => s === 'unified.getOrderInfo').length

function ordersWith(clientOid: string): number {
  const { orders } = sandbox.admin.state() as unknown as { orders: { clientOid: string }[] }
  return orders.filter((o) => o.clientOid === clientOid).length
}

describe('placeOrder (reconciliation)', () => {
  test.each([
    ['synchronised before the first call (syncClock)', { syncClock: true }],
    ['synchronised after a 40008', {}],
  ] as const)(
    "a local clock 90 s fast, %s: the unknown outcome of the first order is judged on the exchange's clock and the placed order is found, never OrderNotPlacedError",
    async (_, extra) => {
      const c = client({ reconcile: fast, clock: { now: () => Date.now() + 90_000 }, ...extra })
      sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '40725' })
      const clientOid = `skew-${'syncClock' in extra ? 'sync' : 'resync'}`
      const ack = await placeOrder(c, { ...restingBuy, clientOid })
      expect(ack.clientOid).toBe(clientOid)
      expect((await getOrderInfo(c, { clientOid })).orderId).toBe(ack.orderId)
      expect(ordersWith(clientOid)).toBe(1)
      sandbox.admin.clearFaults()
    },
  )

  test.each([
    ['synchronised before the first call (syncClock)', { syncClock: true }],
    ['synchronised after a 40008', {}],
  ] as const)(
    "placeOrders with a local clock 90 s fast, %s: an item of a batch whose outcome is unknown is judged on the exchange's clock and found, never OrderNotPlacedError",
    async (_, extra) => {
      const c = client({ reconcile: fast, clock: { now: () => Date.now() + 90_000 }, ...extra })
      sandbox.admin.injectFault({
        path: '/api/v3/trade/place-batch',
        kind: 'code-after',
        code: '40725',
      })
      const clientOid = `skew-batch-${'syncClock' in extra ? 'sync' : 'resync'}`
      const [outcome] = await placeOrders(c, [{ ...restingBuy, clientOid }])
      expect(outcome).toMatchObject({ status: 'ok', clientOid })
      expect(ordersWith(clientOid)).toBe(1)
      sandbox.admin.clearFaults()
    },
  )

  test.each(['40010', '40725', '45001'] as const)(
    'When the call fails with code `40010`, `40725` or `45001`, the outcome is unknown and must be checked by querying the order by clientOid. — %s after applying: the real order',
    async (code) => {
      const c = client({ reconcile: fast })
      sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code })
      const ack = await placeOrder(c, { ...restingBuy, clientOid: `after-${code}` })
      expect((await getOrderInfo(c, { clientOid: `after-${code}` })).orderId).toBe(ack.orderId)
      expect(c.sent).toEqual(['unified.placeOrder', 'unified.getOrderInfo', 'unified.getOrderInfo'])
    },
  )

  test.each(['40010', '40725', '45001'] as const)(
    'the outcome is unknown and must be checked by querying the order by clientOid — %s before applying: still unknown after the lookups (OrderOutcomeUnknownError), nothing sent twice; its retryWith places exactly one',
    async (code) => {
      const c = client({ reconcile: fast })
      sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code })
      const clientOid = `before-${code}`
      const error = await placeOrder(c, { ...restingBuy, clientOid }).catch((e: unknown) => e)
      expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
      expect(UnknownOutcomeError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ clientOid, attempts: 5, retrySafe: false, code })
      expect((error as OrderOutcomeUnknownError).retryWith).toEqual({ ...restingBuy, clientOid })
      expect(c.sent.filter((s) => s === 'unified.placeOrder')).toHaveLength(1)
      expect(ordersWith(clientOid)).toBe(0)
      const retried = await placeOrder(c, (error as OrderOutcomeUnknownError).retryWith as never)
      expect(retried.clientOid).toBe(clientOid)
      expect(ordersWith(clientOid)).toBe(1)
    },
  )

  test('an order applied after the reconciliation window is not reported "not placed"; the retry with the same clientOid returns that order instead of placing a second', async () => {
    // The exchange applies the order once the 5 lookups are over.
    const c = client({ reconcile: fast, timeout: busyTimeout })
    gate.hold()
    sandbox.admin.injectFault({ path: placePath, kind: 'delay', delayMs: 1500 })
    const error = await placeOrder(c, { ...restingBuy, clientOid: 'late-1' }).catch(
      (e: unknown) => e,
    )
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(ordersWith('late-1')).toBe(0)
    gate.release()
    await vi.waitFor(() => expect(ordersWith('late-1')).toBe(1), { timeout: 5000 })
    const retried = await placeOrder(c, (error as OrderOutcomeUnknownError).retryWith as never)
    expect(retried.orderId).toBe((await getOrderInfo(c, { clientOid: 'late-1' })).orderId)
    expect(ordersWith('late-1')).toBe(1)
  })

  test('the retry with the same clientOid sent before the late original is applied: still one order', async () => {
    const c = client({ reconcile: fast, timeout: busyTimeout })
    gate.hold()
    sandbox.admin.injectFault({ path: placePath, kind: 'delay', delayMs: 1500 })
    const error = await placeOrder(c, { ...restingBuy, clientOid: 'late-2' }).catch(
      (e: unknown) => e,
    )
    const retried = await placeOrder(c, (error as OrderOutcomeUnknownError).retryWith as never)
    // The late original is refused as a duplicate when it arrives.
    gate.release()
    // The released request runs to its answer without I/O: a turn of the event loop applies it.
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    expect(ordersWith('late-2')).toBe(1)
    expect((await getOrderInfo(c, { clientOid: 'late-2' })).orderId).toBe(retried.orderId)
  })

  test('a duplicate clientOid of an unrelated order is not taken for the placement: the refusal stands', async () => {
    const c = client({ reconcile: fast })
    await placeOrder(c, { ...restingBuy, clientOid: 'dup-other' })
    const error = await placeOrder(c, {
      ...restingBuy,
      price: '2999',
      clientOid: 'dup-other',
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '43118' })
  })

  test.each([
    ['drop', true, 1],
    ['drop', false, 0],
    ['http500', true, 1],
    ['malformed', true, 1],
    ['malformed', false, 0],
  ] as const)(
    'a %s answer (applied: %s) resolves to the real outcome',
    async (kind, applied, count) => {
      const c = client({ reconcile: fast })
      const clientOid = `${kind}-${applied}`
      sandbox.admin.injectFault({ path: placePath, kind, applied })
      const result = await placeOrder(c, { ...restingBuy, clientOid }).catch((e: unknown) => e)
      expect(OrderOutcomeUnknownError.isInstance(result)).toBe(count === 0)
      expect(ordersWith(clientOid)).toBe(count)
    },
  )

  test('a timeout while the exchange is still working: the lookups wait for the order to appear', async () => {
    // Lookups 50 to 1600 ms apart span 3.1 s; the order lands after the second lookup.
    const c = client({ reconcile: { attempts: 7, baseDelayMs: 50 }, timeout: busyTimeout })
    gate.hold()
    sandbox.admin.injectFault({ path: placePath, kind: 'delay', delayMs: 200 })
    const pending = placeOrder(c, { ...restingBuy, clientOid: 'slow-1' })
    await vi.waitFor(() => expect(lookups(c.sent)).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    gate.release()
    const ack = await pending
    expect((await getOrderInfo(c, { clientOid: 'slow-1' })).orderId).toBe(ack.orderId)
    expect(lookups(c.sent)).toBeGreaterThan(2)
  })

  test('reconcile: false throws the UnknownOutcomeError', async () => {
    const c = client({ reconcile: false })
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after' })
    const error = await placeOrder(c, restingBuy).catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(c.sent).toEqual(['unified.placeOrder'])
  })

  test('the call option overrides the client option', async () => {
    const c = client({ reconcile: false })
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after' })
    await expect(placeOrder(c, restingBuy, { reconcile: fast })).resolves.toHaveProperty('orderId')
  })

  test('an aborted call is not reconciled', async () => {
    const c = client({ reconcile: fast })
    const controller = new AbortController()
    gate.hold()
    sandbox.admin.injectFault({ path: placePath, kind: 'delay', delayMs: 100 })
    const pending = placeOrder(c, restingBuy, { signal: controller.signal }).catch(
      (e: unknown) => e,
    )
    // Aborted once the request has reached the exchange, before its answer.
    await vi.waitFor(() => expect(gate.waiting()).toBe(1))
    controller.abort()
    expect(UnknownOutcomeError.isInstance(await pending)).toBe(true)
    gate.release()
    expect(c.sent).toEqual(['unified.placeOrder'])
  })

  test('Reconciliation: with faults injected before and after the order is applied, 200 placements produce exactly one order per `clientOid` and every call resolves to a known outcome', async () => {
    // Lookups span 155 ms (0, 5, 10, 20, 40, 80): longer than the 60 ms a delayed order takes.
    const c = client({ reconcile: { attempts: 6, baseDelayMs: 5 }, timeout: 40 })
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
    const outcomes = { placed: 0, unknown: 0 }
    const ids: string[] = []
    for (let i = 0; i < 200; i++) {
      const clientOid = `many-${i}`
      ids.push(clientOid)
      // Two calls in three meet a fault; a caller places again what stays unknown, with the
      // same clientOid (its retryWith).
      let order: object = { ...restingBuy, clientOid }
      for (let call = 0; ; call++) {
        const fault = faults[(i * 7 + call * 3) % faults.length]!
        if ((i + call) % 3 !== 2) sandbox.admin.injectFault({ path: placePath, ...fault })
        const result = await placeOrder(c, order as never).catch((e: unknown) => e)
        if (OrderOutcomeUnknownError.isInstance(result)) {
          outcomes.unknown++
          order = result.retryWith
          continue
        }
        expect(result).toMatchObject({ orderId: expect.any(String), clientOid })
        outcomes.placed++
        break
      }
    }
    sandbox.admin.clearFaults()
    expect(outcomes.placed).toBe(200)
    expect(outcomes.unknown).toBeGreaterThan(20)
    for (const id of ids) expect(ordersWith(id)).toBe(1)
  }, 60_000)
})

describe('OrderNotChangedError', () => {
  test('a cancellation applied before 40725: the acknowledgement', async () => {
    const c = client({ reconcile: fast })
    const { orderId, clientOid } = await placeOrder(c, restingBuy)
    sandbox.admin.injectFault({ path: '/api/v3/trade/cancel-order', kind: 'code-after' })
    expect(await cancelOrder(c, { orderId })).toEqual({ orderId, clientOid })
  })

  test('a cancellation not seen applied while the order is live stays unknown (it may still apply); its retryWith cancels it', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.injectFault({ path: '/api/v3/trade/cancel-order', kind: 'code-before' })
    const error = await cancelOrder(c, { orderId }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(OrderNotChangedError.isInstance(error)).toBe(false)
    expect(c.sent.filter((s) => s === 'unified.cancelOrder')).toHaveLength(1)
    await cancelOrder(c, (error as OrderOutcomeUnknownError).retryWith as never)
    expect((await getOrderInfo(c, { orderId })).orderStatus).toBe('cancelled')
  })

  test('a retry refused for a reason of its own while its first attempt is still on its way: the first attempt decides (was: the refusal, although the first attempt cancelled the order later)', async () => {
    const c = client({ reconcile: fast, timeout: 300 })
    const { orderId, clientOid } = await placeOrder(c, restingBuy)
    // The first attempt reaches the exchange late (held); the call gives up before.
    gate.hold()
    sandbox.admin.injectFault({ path: '/api/v3/trade/cancel-order', kind: 'delay', delayMs: 3000 })
    const error = await cancelOrder(c, { orderId }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    // The retry is refused for a reason of its own (an upstream's refusal echoing the credentials) while the first attempt waits.
    sandbox.admin.injectFault({ path: '/api/v3/trade/cancel-order', kind: 'echo' })
    const before = lookups(c.sent)
    const pending = cancelOrder(c, (error as OrderOutcomeUnknownError).retryWith as never, {
      reconcile: { attempts: 8, baseDelayMs: 50 },
    })
    // The first attempt lands while the retry's lookups run.
    await vi.waitFor(() => expect(lookups(c.sent)).toBeGreaterThan(before), { timeout: 10_000 })
    gate.release()
    const retried = await pending
    expect(retried).toEqual({ orderId, clientOid })
    expect((await getOrderInfo(c, { orderId })).orderStatus).toBe('cancelled')
  })

  test('a cancellation of an order found filled is proven not applied: OrderNotChangedError showing it', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.fill(orderId)
    sandbox.admin.injectFault({ path: '/api/v3/trade/cancel-order', kind: 'code-before' })
    const error = await cancelOrder(c, { orderId }).catch((e: unknown) => e)
    expect(OrderNotChangedError.isInstance(error)).toBe(true)
    expect((error as OrderNotChangedError).order).toMatchObject({ orderId, orderStatus: 'filled' })
  })

  test('a modification applied before 45001: the acknowledgement; not seen applied: unknown; of an order that closed with other values: OrderClosedOutcomeUnknownError (another change may have applied after it)', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeOrder(c, restingBuy)
    const path = '/api/v3/trade/modify-order'
    sandbox.admin.injectFault({ path, kind: 'code-after', code: '45001' })
    await expect(modifyOrder(c, { orderId, price: '3001' })).resolves.toMatchObject({ orderId })
    sandbox.admin.injectFault({ path, kind: 'code-before', code: '45001' })
    const unknown = await modifyOrder(c, { orderId, price: '3002' }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(unknown)).toBe(true)
    expect((unknown as OrderOutcomeUnknownError).retryWith).toEqual({ orderId, price: '3002' })
    await cancelOrder(c, { orderId })
    sandbox.admin.injectFault({ path, kind: 'code-before', code: '45001' })
    const error = await modifyOrder(c, { orderId, price: '3003' }).catch((e: unknown) => e)
    expect(OrderClosedOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ orderStatus: 'cancelled', endpoint: 'unified.modifyOrder' })
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(false)
  })
})

describe('OrderOutcomeUnknownError', () => {
  test('a batch with an unknown outcome is reconciled order by order', async () => {
    const c = client({ reconcile: fast })
    const path = '/api/v3/trade/place-batch'
    sandbox.admin.injectFault({ path, kind: 'code-after' })
    const applied = await placeOrders(c, [restingBuy, restingBuy])
    expect(applied.map((o) => o.status)).toEqual(['ok', 'ok'])
    sandbox.admin.injectFault({ path, kind: 'code-before' })
    const absent = await placeOrders(c, [restingBuy])
    expect(absent[0]?.status).toBe('failed')
    expect(OrderOutcomeUnknownError.isInstance((absent[0] as { error: unknown }).error)).toBe(true)
  })
})

describe('placeOrders: the retry of an unknown item after its first attempt landed late', () => {
  const path = '/api/v3/trade/place-batch'

  test('fault campaign: an item whose retryWith meets the order its first attempt placed late (43118 Duplicate clientOid) is ok with that order, not rejected; one order', async () => {
    const c = client({ reconcile: fast, timeout: busyTimeout })
    // The first attempt lands after every lookup: held at the gate until the call reported.
    gate.hold()
    sandbox.admin.injectFault({ path, kind: 'delay', delayMs: 600 })
    const [first] = await placeOrders(c, [{ ...restingBuy, clientOid: 'late-batch-1' }])
    expect(first?.status).toBe('failed')
    const error = (first as { error: unknown }).error
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    gate.release()
    await vi.waitFor(() => expect(ordersWith('late-batch-1')).toBe(1), { timeout: 10_000 })
    const [retried] = await placeOrders(c, [(error as OrderOutcomeUnknownError).retryWith as never])
    const { orderId } = await getOrderInfo(c, { clientOid: 'late-batch-1' })
    expect(retried).toMatchObject({ status: 'ok', orderId, clientOid: 'late-batch-1' })
    expect(ordersWith('late-batch-1')).toBe(1)
  })

  test('a duplicate clientOid of an unrelated order (another price) stays rejected', async () => {
    const c = client({ reconcile: fast })
    await placeOrder(c, { ...restingBuy, clientOid: 'dup-batch-other' })
    const [outcome] = await placeOrders(c, [
      { ...restingBuy, price: '2999', clientOid: 'dup-batch-other' },
    ])
    expect(outcome).toMatchObject({ status: 'rejected', code: '43118' })
  })
})

describe('cancelOrder: the retry of an unknown cancellation after its first attempt landed late', () => {
  test('fault campaign: the retryWith refused because the first attempt cancelled the order (43020) returns the acknowledgement', async () => {
    const c = client({ reconcile: fast, timeout: busyTimeout })
    const { orderId, clientOid } = await placeOrder(c, restingBuy)
    gate.hold()
    sandbox.admin.injectFault({ path: '/api/v3/trade/cancel-order', kind: 'delay', delayMs: 600 })
    const error = await cancelOrder(c, { orderId }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    gate.release()
    await vi.waitFor(
      async () => expect((await getOrderInfo(c, { orderId })).orderStatus).toBe('cancelled'),
      { timeout: 10_000 },
    )
    const retried = await cancelOrder(c, (error as OrderOutcomeUnknownError).retryWith as never)
    expect(retried).toEqual({ orderId, clientOid })
  })

  test('a cancellation of a filled order is still refused with the exchange code', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.fill(orderId)
    await expect(cancelOrder(c, { orderId })).rejects.toMatchObject({ code: '43020' })
  })
})

describe('cancelOrders: the retry of an unknown item after its first attempt landed late', () => {
  test('fault campaign: the item of a retryWith refused because the first attempt cancelled the order (43020) is ok', async () => {
    const c = client({ reconcile: fast, timeout: busyTimeout })
    const { orderId, clientOid } = await placeOrder(c, restingBuy)
    gate.hold()
    sandbox.admin.injectFault({ path: '/api/v3/trade/cancel-batch', kind: 'delay', delayMs: 600 })
    const item = { orderId, category: 'SPOT', symbol: 'ETHUSDT' } as const
    const [first] = await cancelOrders(c, [item])
    const error = (first as { error: unknown }).error
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    gate.release()
    await vi.waitFor(
      async () => expect((await getOrderInfo(c, { orderId })).orderStatus).toBe('cancelled'),
      { timeout: 10_000 },
    )
    const [retried] = await cancelOrders(c, [
      (error as OrderOutcomeUnknownError).retryWith as never,
    ])
    expect(retried).toMatchObject({ status: 'ok', orderId, clientOid })
  })

  test('the item of a filled order stays rejected with its code', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.fill(orderId)
    const [outcome] = await cancelOrders(c, [{ orderId, category: 'SPOT', symbol: 'ETHUSDT' }])
    expect(outcome).toMatchObject({ status: 'rejected', code: '43020' })
  })
})

describe('modifyOrder: the retry of an unknown modification still awaiting its result', () => {
  test('fault campaign: the retryWith refused because the first attempt still awaits its result (43021) is reconciled: the acknowledgement once the order shows it', async () => {
    // Lookups 20 to 2560 ms apart span 5.1 s: far longer than the 300 ms the modification
    // takes, also on a busy machine; they stop at the first that shows it.
    const c = client({ reconcile: { attempts: 9, baseDelayMs: 20 } })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.setModificationDelay(300)
    try {
      sandbox.admin.injectFault({ path: '/api/v3/trade/modify-order', kind: 'code-after' })
      const error = await modifyOrder(c, { orderId, price: '3005' }, { reconcile: fast }).catch(
        (e: unknown) => e,
      )
      expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
      const retried = await modifyOrder(c, (error as OrderOutcomeUnknownError).retryWith as never)
      expect(retried).toMatchObject({ orderId })
      expect((await getOrderInfo(c, { orderId })).price).toBe('3005')
    } finally {
      sandbox.admin.setModificationDelay(0)
    }
  })

  test('with reconcile: false the refusal (43021) is thrown as it is', async () => {
    const c = client({ reconcile: false })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.setModificationDelay(300)
    try {
      await modifyOrder(c, { orderId, price: '3006' })
      await expect(modifyOrder(c, { orderId, price: '3007' })).rejects.toMatchObject({
        code: '43021',
      })
    } finally {
      sandbox.admin.setModificationDelay(0)
    }
  })
})

describe('lookUpOrder', () => {
  test('an order that does not exist is undefined, not an error', async () => {
    expect(await lookUpOrder(client(), { clientOid: 'nobody' })).toBeUndefined()
  })
})

describe('OrderIdUnresolvedError', () => {
  test('names the clientOid and no secret', () => {
    const error = new OrderIdUnresolvedError({ clientOid: 'ro-1' })
    expect(error.shortMessage).toContain('ro-1')
    expect(OrderIdUnresolvedError.isInstance(error)).toBe(true)
  })
})

describe('modifyOrder: a take-profit or stop-loss change whose answer is lost', () => {
  test('takeProfit, stopLoss "empty or omitted keeps existing; `0` cancels it" — not applied (40725 before it applied): the order shows its old take-profit and stop-loss, so the change is not reported applied; its retryWith applies it', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeOrder(c, {
      ...futuresBuy,
      takeProfit: '70000',
      stopLoss: '55000',
    })
    const base = { category: futuresBuy.category, symbol: futuresBuy.symbol }
    const change = { ...base, orderId, qty: '0.01', takeProfit: '72000', stopLoss: '0' }
    sandbox.admin.injectFault({
      path: '/api/v3/trade/modify-order',
      kind: 'code-before',
      code: '40725',
    })
    const unknown = await modifyOrder(c, change).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(unknown)).toBe(true)
    expect(await getOrderInfo(c, { orderId })).toMatchObject({
      takeProfit: '70000',
      stopLoss: '55000',
    })
    const retryWith = (unknown as OrderOutcomeUnknownError).retryWith as modifyOrder.Parameters
    await expect(modifyOrder(c, retryWith)).resolves.toMatchObject({ orderId })
    expect(await getOrderInfo(c, { orderId })).toMatchObject({
      takeProfit: '72000',
      stopLoss: null,
    })
  })
})

describe('placeOrder: a retry refused for the position mode (40774)', () => {
  test('the first attempt had placed the order: the refusal is checked by the lookup and the order answered, not explained as a request without posSide', async () => {
    const c = client({ reconcile: { attempts: 1, baseDelayMs: 0 } })
    await c.instruments.load(['USDT-FUTURES']) // one_way_mode, kept
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '40725' })
    sandbox.admin.injectFault({ path: '/api/v3/trade/order-info', kind: 'http500', times: 10 })
    const unknown = await placeOrder(c, futuresBuy).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(unknown)).toBe(true)
    sandbox.admin.clearFaults()
    const retryWith = (unknown as OrderOutcomeUnknownError).retryWith as placeOrder.Parameters
    expect(ordersWith(retryWith.clientOid as string)).toBe(1)
    // The order rests; the account is switched to hedge mode elsewhere (the sandbox's admin).
    await cancelOrder(c, {
      orderId: (await getOrderInfo(c, { clientOid: retryWith.clientOid as string })).orderId,
    })
    sandbox.admin.setPositionMode('hedge')
    try {
      const again = await placeOrder(c, retryWith)
      expect(again.clientOid).toBe(retryWith.clientOid)
      expect(ordersWith(retryWith.clientOid as string)).toBe(1)
    } finally {
      sandbox.admin.setPositionMode('one_way')
    }
  })
})
