import { OrderNotChangedError, OrderOutcomeUnknownError } from '@tradeline/core'
import { createTimerGate } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'

/**
 * The timers of the sandbox's `delay` faults: a test of "the first attempt lands after every
 * lookup" holds it at the gate until the call has reported, instead of betting 300 ms against
 * the lookups, which a busy machine can stretch past it.
 */
const gate = createTimerGate()
let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ timers: gate })
})
afterAll(async () => {
  gate.release()
  await made.sandbox.close()
})
/** The call reported while its first attempt waited at the exchange; let it land now. */
function land(): void {
  expect(gate.waiting()).toBe(1)
  gate.release()
}

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const fast = { reconcile: { attempts: 3, baseDelayMs: 5 } } as const
// Held requests time out whatever the timeout; the unfaulted calls around them get 250 ms, which
// a loaded machine keeps (at 40 ms an unfaulted cancel timed out under stress-ng).
const busyTimeout = 250

type Stored = { clientOid: string; orderId: string }
function stored(): Stored[] {
  return (made.sandbox.admin.state() as unknown as { orders: Stored[] }).orders
}
function ordersWith(clientOid: string): number {
  return stored().filter((o) => o.clientOid === clientOid).length
}
/** How many times `endpoint` is in the calls a client sent. */
const count = (sent: readonly string[], endpoint: string) =>
  sent.filter((s) => s === endpoint).length

describe('classic order rule 2 against the sandbox', () => {
  test('"One-way mode: if new reduce-only size plus existing reduce-only orders exceeds the position, existing reduce-only orders are cancelled in order of creation until the total fits; the response of the newest reduce-only order has no orderId, so find it by clientOid or in pending orders."', async () => {
    const client = made.client({ positionMode: 'one_way' })
    await client.orders.place({
      ...restingBuy,
      orderType: 'market',
      price: undefined,
      size: '0.03',
      clientOid: 'r2-open',
    } as never)
    const reduce = { ...restingBuy, side: 'sell', size: '0.01', reduceOnly: 'YES' } as const
    const first = await client.orders.place({ ...reduce, price: '70000', clientOid: 'r2-a' })
    const second = await client.orders.place({ ...reduce, price: '71000', clientOid: 'r2-b' })
    client.sent.length = 0
    // 0.01 + 0.01 + 0.02 > 0.03: the oldest (r2-a) is cancelled, r2-b stays (0.03 fits).
    const newest = await client.orders.place({
      ...reduce,
      size: '0.02',
      price: '72000',
      clientOid: 'r2-c',
    })
    expect(newest).toEqual({ orderId: expect.any(String), clientOid: 'r2-c' })
    // Sent once; the acknowledgement without orderId was resolved by order detail by clientOid.
    expect(client.sent).toEqual(['classic.placeOrder', 'classic.getOrderDetail'])
    const detail = await client.orders.get({ ...pair, clientOid: 'r2-c' })
    expect(detail).toMatchObject({ orderId: newest.orderId, state: 'live', size: '0.02' })
    expect((await client.orders.get({ ...pair, orderId: first.orderId })).state).toBe('canceled')
    expect((await client.orders.get({ ...pair, orderId: second.orderId })).state).toBe('live')
    const pending = await client.orders.getPending({ ...pair })
    expect(pending.entrustedList.map((o) => o.clientOid).sort()).toEqual(['r2-b', 'r2-c'])
    await client.orders.closePositions({ ...pair })
    await client.orders.cancelAll({ ...pair })
  })
})

describe('classic order rule 2 in a batch against the sandbox', () => {
  test('batch.place: an item placed without orderId (reduce-only replacement) is resolved by clientOid; the older reduce-only order is cancelled', async () => {
    const client = made.client({ positionMode: 'one_way' })
    await client.orders.place({
      ...restingBuy,
      orderType: 'market',
      price: undefined,
      size: '0.02',
      clientOid: 'r2b-open',
    } as never)
    const reduce = { ...restingBuy, side: 'sell', size: '0.01', reduceOnly: 'YES' } as const
    const first = await client.orders.place({ ...reduce, price: '70000', clientOid: 'r2b-a' })
    client.sent.length = 0
    // 0.01 + 0.01 fits the position 0.02; the third (0.01) replaces the oldest, r2b-a.
    const outcomes = await client.batch.place([
      { ...reduce, price: '71000', clientOid: 'r2b-b' },
      { ...reduce, price: '72000', clientOid: 'r2b-c' },
    ])
    const pending = await client.orders.getPending({ ...pair })
    const idOf = (clientOid: string) =>
      pending.entrustedList.find((o) => o.clientOid === clientOid)?.orderId
    expect(outcomes).toEqual([
      { status: 'ok', index: 0, orderId: idOf('r2b-b'), clientOid: 'r2b-b' },
      { status: 'ok', index: 1, orderId: idOf('r2b-c'), clientOid: 'r2b-c' },
    ])
    expect(outcomes.every((o) => o.status === 'ok' && typeof o.orderId === 'string')).toBe(true)
    expect(count(client.sent, 'classic.batchPlaceOrder')).toBe(1)
    expect((await client.orders.get({ ...pair, orderId: first.orderId })).state).toBe('canceled')
    await client.orders.closePositions({ ...pair })
    await client.orders.cancelAll({ ...pair })
  })
})

describe('cancel reconciliation under injected faults', () => {
  const cancelPath = '/api/v2/mix/order/cancel-order'

  test('code-after (applied): the cancellation is found by order detail and its acknowledgement returned; sent once', async () => {
    const client = made.client(fast)
    const ack = await client.orders.place({ ...restingBuy, clientOid: 'c-after' })
    client.sent.length = 0
    made.sandbox.admin.injectFault({ path: cancelPath, kind: 'code-after', code: '40725' })
    const cancelled = await client.orders.cancel({ ...pair, orderId: ack.orderId })
    expect(cancelled).toEqual({ orderId: ack.orderId, clientOid: 'c-after' })
    expect(count(client.sent, 'classic.cancelOrder')).toBe(1)
    expect((await client.orders.get({ ...pair, orderId: ack.orderId })).state).toBe('canceled')
  })

  test('code-before (not applied, order live): OrderOutcomeUnknownError with retryWith; sent once; the retry cancels', async () => {
    const client = made.client(fast)
    const ack = await client.orders.place({ ...restingBuy, clientOid: 'c-before' })
    client.sent.length = 0
    made.sandbox.admin.injectFault({ path: cancelPath, kind: 'code-before', code: '40010' })
    const parameters = { ...pair, orderId: ack.orderId }
    const error = await client.orders.cancel(parameters).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect((error as OrderOutcomeUnknownError).retryWith).toEqual(parameters)
    expect(count(client.sent, 'classic.cancelOrder')).toBe(1)
    expect(count(client.sent, 'classic.getOrderDetail')).toBe(3)
    expect((await client.orders.get({ ...pair, orderId: ack.orderId })).state).toBe('live')
    const retried = await client.orders.cancel(
      (error as OrderOutcomeUnknownError).retryWith as typeof parameters,
    )
    expect(retried).toEqual({ orderId: ack.orderId, clientOid: 'c-before' })
  })

  test('code-before on a filled order: OrderNotChangedError with status filled, after one lookup', async () => {
    const client = made.client(fast)
    const ack = await client.orders.place({ ...restingBuy, clientOid: 'c-filled' })
    made.sandbox.admin.fill(ack.orderId)
    client.sent.length = 0
    made.sandbox.admin.injectFault({ path: cancelPath, kind: 'code-before', code: '45001' })
    const error = await client.orders
      .cancel({ ...pair, orderId: ack.orderId })
      .catch((e: unknown) => e)
    expect(OrderNotChangedError.isInstance(error)).toBe(true)
    expect((error as OrderNotChangedError).order).toMatchObject({
      orderId: ack.orderId,
      state: 'filled',
    })
    expect(client.sent).toEqual(['classic.cancelOrder', 'classic.getOrderDetail'])
    await client.orders.closePositions({ ...pair })
  })

  test('code-before on an absent order: OrderNotChangedError', async () => {
    const client = made.client(fast)
    made.sandbox.admin.injectFault({ path: cancelPath, kind: 'code-before', code: '40725' })
    const error = await client.orders
      .cancel({ ...pair, orderId: '999999999' })
      .catch((e: unknown) => e)
    expect(OrderNotChangedError.isInstance(error)).toBe(true)
    expect(client.sent).toEqual(['classic.cancelOrder', 'classic.getOrderDetail'])
  })
})

describe('modify reconciliation under injected faults', () => {
  const modifyPath = '/api/v2/mix/order/modify-order'

  test('code-after (applied): the new order is found by newClientOid and returned; sent once', async () => {
    const client = made.client(fast)
    const ack = await client.orders.place({ ...restingBuy, clientOid: 'm-after' })
    client.sent.length = 0
    made.sandbox.admin.injectFault({ path: modifyPath, kind: 'code-after', code: '40725' })
    const modified = await client.orders.modify({
      ...pair,
      orderId: ack.orderId,
      newSize: '0.02',
      newPrice: '30100',
      newClientOid: 'm-after-new',
    })
    const renewed = await client.orders.get({ ...pair, clientOid: 'm-after-new' })
    expect(modified).toEqual({
      orderId: renewed.orderId,
      clientOid: 'm-after-new',
      newClientOid: 'm-after-new',
    })
    expect(renewed).toMatchObject({ size: '0.02', price: '30100', state: 'live' })
    expect(count(client.sent, 'classic.modifyOrder')).toBe(1)
  })

  test('code-before (not applied, order live): OrderOutcomeUnknownError with retryWith carrying the newClientOid; the retry makes exactly one new order', async () => {
    const client = made.client(fast)
    const ack = await client.orders.place({ ...restingBuy, clientOid: 'm-before' })
    client.sent.length = 0
    made.sandbox.admin.injectFault({ path: modifyPath, kind: 'code-before', code: '40010' })
    const error = await client.orders
      .modify({ ...pair, orderId: ack.orderId, newSize: '0.02', newPrice: '30200' })
      .catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const retryWith = (error as OrderOutcomeUnknownError).retryWith as {
      newClientOid: string
      orderId: string
    }
    expect(retryWith).toMatchObject({ orderId: ack.orderId, newSize: '0.02', newPrice: '30200' })
    expect(retryWith.newClientOid).toEqual(expect.any(String))
    expect(count(client.sent, 'classic.modifyOrder')).toBe(1)
    expect(ordersWith(retryWith.newClientOid)).toBe(0)
    const retried = await client.orders.modify(retryWith as never, { waitForNew: true })
    expect(retried.newClientOid).toBe(retryWith.newClientOid)
    expect(ordersWith(retryWith.newClientOid)).toBe(1)
    expect((await client.orders.get({ ...pair, orderId: ack.orderId })).state).toBe('canceled')
  })

  test('code-before on a filled order: OrderNotChangedError with status filled', async () => {
    const client = made.client(fast)
    const ack = await client.orders.place({ ...restingBuy, clientOid: 'm-filled' })
    made.sandbox.admin.fill(ack.orderId)
    client.sent.length = 0
    made.sandbox.admin.injectFault({ path: modifyPath, kind: 'code-before', code: '45001' })
    const error = await client.orders
      .modify({ ...pair, orderId: ack.orderId, newSize: '0.02', newPrice: '30300' })
      .catch((e: unknown) => e)
    expect(OrderNotChangedError.isInstance(error)).toBe(true)
    expect((error as OrderNotChangedError).order).toMatchObject({
      orderId: ack.orderId,
      state: 'filled',
    })
    expect(count(client.sent, 'classic.modifyOrder')).toBe(1)
    await client.orders.closePositions({ ...pair })
  })

  test('code-before on an absent order: OrderNotChangedError', async () => {
    const client = made.client(fast)
    made.sandbox.admin.injectFault({ path: modifyPath, kind: 'code-before', code: '40725' })
    const error = await client.orders
      .modify({ ...pair, orderId: '999999999', newSize: '0.02', newPrice: '30300' })
      .catch((e: unknown) => e)
    expect(OrderNotChangedError.isInstance(error)).toBe(true)
    expect(count(client.sent, 'classic.modifyOrder')).toBe(1)
  })
})

describe('batch place reconciliation under injected faults', () => {
  const batchPath = '/api/v2/mix/order/batch-place-order'

  test('a fault on each batch: every item ends ok or OrderOutcomeUnknownError; retrying the unknown with retryWith leaves exactly one order per clientOid', async () => {
    const client = made.client({ ...fast, rateLimiter: false })
    const orders = Array.from({ length: 70 }, (_, i) => ({
      ...restingBuy,
      price: String(31000 + i),
      clientOid: `bf-${i}`,
    }))
    // First batch (50): applied, then 40725. Second batch (20): refused before, 40010.
    made.sandbox.admin.injectFault({ path: batchPath, kind: 'code-after', code: '40725' })
    made.sandbox.admin.injectFault({ path: batchPath, kind: 'code-before', code: '40010' })
    const outcomes = await client.batch.place(orders)
    expect(count(client.sent, 'classic.batchPlaceOrder')).toBe(2)
    expect(outcomes.map((o) => o.clientOid)).toEqual(orders.map((o) => o.clientOid))
    for (const outcome of outcomes)
      expect(
        outcome.status === 'ok' ||
          (outcome.status === 'failed' && OrderOutcomeUnknownError.isInstance(outcome.error)),
      ).toBe(true)
    expect(outcomes.slice(0, 50).every((o) => o.status === 'ok')).toBe(true)
    const unknown = outcomes.flatMap((o) =>
      o.status === 'failed' && OrderOutcomeUnknownError.isInstance(o.error) ? [o.error] : [],
    )
    expect(unknown).toHaveLength(20)
    for (const [i, outcome] of outcomes.entries())
      if (outcome.status === 'ok') expect(ordersWith(orders[i]!.clientOid)).toBe(1)
    const retried = await client.batch.place(
      unknown.map((e) => e.retryWith as (typeof orders)[number]),
    )
    expect(retried.map((o) => o.status)).toEqual(unknown.map(() => 'ok'))
    for (const order of orders) expect(ordersWith(order.clientOid)).toBe(1)
    await client.orders.cancelAll({ ...pair })
  })
})

describe('batch place: the retry of an unknown item after its first attempt landed late', () => {
  const batchPath = '/api/v2/mix/order/batch-place-order'

  test('fault campaign: an item whose retryWith meets the order its first attempt placed late (40786 Duplicate clientOid) is ok with that order, not rejected; one order', async () => {
    const client = made.client({
      reconcile: { attempts: 3, baseDelayMs: 5 },
      timeout: busyTimeout,
      rateLimiter: false,
    })
    const order = { ...restingBuy, price: '30500', clientOid: 'late-batch-1' }
    // The first attempt lands after every lookup: held until the call reported.
    gate.hold()
    made.sandbox.admin.injectFault({ path: batchPath, kind: 'delay', delayMs: 300 })
    const [first] = await client.batch.place([order])
    expect(first?.status).toBe('failed')
    const error = (first as { error: unknown }).error
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    land()
    await expect.poll(() => ordersWith('late-batch-1'), { timeout: 10_000 }).toBe(1)
    const [retried] = await client.batch.place([
      (error as OrderOutcomeUnknownError).retryWith as typeof order,
    ])
    const placed = stored().find((o) => o.clientOid === 'late-batch-1')
    expect(retried).toMatchObject({
      status: 'ok',
      orderId: placed?.orderId,
      clientOid: 'late-batch-1',
    })
    expect(ordersWith('late-batch-1')).toBe(1)
  })

  test('a duplicate clientOid of an unrelated order (another price) stays rejected', async () => {
    const client = made.client({ rateLimiter: false })
    await client.orders.place({ ...restingBuy, price: '30600', clientOid: 'dup-batch-other' })
    const [outcome] = await client.batch.place([
      { ...restingBuy, price: '30700', clientOid: 'dup-batch-other' },
    ])
    expect(outcome).toMatchObject({ status: 'rejected', code: '40786' })
  })
})

describe('the retry of an unknown cancel or modify after its first attempt landed late', () => {
  const late = {
    reconcile: { attempts: 3, baseDelayMs: 5 },
    timeout: busyTimeout,
    rateLimiter: false,
  } as const

  test('fault campaign: cancel: the retryWith refused because the first attempt cancelled the order (45055) returns the acknowledgement', async () => {
    const client = made.client(late)
    const { orderId, clientOid } = await client.orders.place({ ...restingBuy, price: '30800' })
    gate.hold()
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/cancel-order',
      kind: 'delay',
      delayMs: 300,
    })
    const error = await client.orders.cancel({ ...pair, orderId }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    land()
    await expect
      .poll(async () => (await client.orders.get({ ...pair, orderId })).state, { timeout: 10_000 })
      .toBe('canceled')
    const retried = await client.orders.cancel(
      (error as OrderOutcomeUnknownError).retryWith as never,
    )
    expect(retried).toEqual({ orderId, clientOid })
  })

  test('fault campaign: modify: the retryWith refused because the first attempt replaced the order (43020) returns the new order', async () => {
    const client = made.client(late)
    const { orderId } = await client.orders.place({ ...restingBuy, price: '30900' })
    gate.hold()
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/modify-order',
      kind: 'delay',
      delayMs: 300,
    })
    const error = await client.orders
      .modify(
        { ...pair, orderId, newClientOid: 'late-mod-1', newSize: '0.01', newPrice: '30950' },
        { waitForNew: true },
      )
      .catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    land()
    await expect.poll(() => ordersWith('late-mod-1'), { timeout: 10_000 }).toBe(1)
    const retried = await client.orders.modify(
      (error as OrderOutcomeUnknownError).retryWith as never,
      { waitForNew: true },
    )
    const renewed = stored().find((o) => o.clientOid === 'late-mod-1')
    expect(retried).toEqual({
      orderId: renewed?.orderId,
      clientOid: 'late-mod-1',
      newClientOid: 'late-mod-1',
    })
    expect(ordersWith('late-mod-1')).toBe(1)
  })

  test('fault campaign: batch cancel: the item of a retryWith refused because the first attempt cancelled the order (45055) is ok', async () => {
    const client = made.client(late)
    const { orderId, clientOid } = await client.orders.place({ ...restingBuy, price: '30810' })
    gate.hold()
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/batch-cancel-orders',
      kind: 'delay',
      delayMs: 300,
    })
    const [first] = await client.batch.cancel([{ ...pair, orderId }])
    const error = (first as { error: unknown }).error
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    land()
    await expect
      .poll(async () => (await client.orders.get({ ...pair, orderId })).state, { timeout: 10_000 })
      .toBe('canceled')
    const [retried] = await client.batch.cancel([
      (error as OrderOutcomeUnknownError).retryWith as never,
    ])
    expect(retried).toMatchObject({ status: 'ok', orderId, clientOid })
  })

  test('fault campaign: modify: the retryWith refused because the first attempt still awaits its result (43021) is reconciled: the new order', async () => {
    // The replacement is held until the retry's lookups have begun, then completes: no bet of
    // a 300 ms replacement against lookups a busy machine can stretch past it.
    const client = made.client({ reconcile: { attempts: 8, baseDelayMs: 20 }, rateLimiter: false })
    const { orderId } = await client.orders.place({ ...restingBuy, price: '30870' })
    made.sandbox.admin.holdModifications(true)
    try {
      made.sandbox.admin.injectFault({
        path: '/api/v2/mix/order/modify-order',
        kind: 'code-after',
      })
      const error = await client.orders
        .modify(
          { ...pair, orderId, newClientOid: 'pending-mod-1', newSize: '0.01', newPrice: '30880' },
          { reconcile: { attempts: 3, baseDelayMs: 5 } },
        )
        .catch((e: unknown) => e)
      expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
      const before = count(client.sent, 'classic.getOrderDetail')
      const pending = client.orders.modify((error as OrderOutcomeUnknownError).retryWith as never)
      await expect
        .poll(() => count(client.sent, 'classic.getOrderDetail'), { timeout: 10_000, interval: 5 })
        .toBeGreaterThan(before)
      made.sandbox.admin.holdModifications(false)
      const retried = await pending
      const renewed = stored().find((o) => o.clientOid === 'pending-mod-1')
      expect(retried).toMatchObject({ orderId: renewed?.orderId, newClientOid: 'pending-mod-1' })
      expect(ordersWith('pending-mod-1')).toBe(1)
    } finally {
      made.sandbox.admin.holdModifications(false)
    }
  })

  test('a cancel of a filled order is still refused with the exchange code', async () => {
    const client = made.client(late)
    const { orderId } = await client.orders.place({ ...restingBuy, price: '30850' })
    made.sandbox.admin.fill(orderId)
    await expect(client.orders.cancel({ ...pair, orderId })).rejects.toMatchObject({
      code: '45055',
    })
  })
})
