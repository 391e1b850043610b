/**
 * The batch helpers read the refusal of a retried item as the single actions read their own
 * (core's one engine): a modification still awaiting its result (43021) is an unknown outcome
 * looked up, a duplicate clientOid whose order is not visible yet is not a refusal, and an
 * item's `retryWith` keeps the time of its first attempt. Against the sandbox over HTTP.
 */
import { retrySince } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OrderOutcomeUnknownError } from '../reconcile.js'
import { restingBuy, setup } from '../test/sandbox.js'
import { getOrderInfo } from './getOrderInfo.js'
import { modifyOrders } from './modifyOrders.js'
import { placeOrder } from './placeOrder.js'
import { placeOrders } from './placeOrders.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
beforeAll(async () => {
  ;({ sandbox, client } = await setup())
})
afterAll(async () => {
  await sandbox.close()
})

const fast = { attempts: 3, baseDelayMs: 5 }
const infoPath = '/api/v3/trade/order-info'
const batchPath = '/api/v3/trade/place-batch'
const lookups = (sent: readonly string[]) => sent.filter((s) => s === 'unified.getOrderInfo').length
/** Order-info answers "no such order" (43001) to the next calls: an order not visible yet. */
function hideOrders(): void {
  sandbox.admin.injectFault({
    path: infoPath,
    kind: 'echo',
    echo: { code: '43001', status: 400 },
    times: 1000,
  })
}
function ordersWith(clientOid: string): number {
  const { orders } = sandbox.admin.state() as unknown as { orders: { clientOid: string }[] }
  return orders.filter((o) => o.clientOid === clientOid).length
}
function failedWith(outcome: unknown): unknown {
  expect(outcome).toMatchObject({ status: 'failed' })
  return (outcome as { error: unknown }).error
}

describe('modifyOrders: the retry of an item still awaiting its result', () => {
  test('the item of a retryWith refused 43021 (its first attempt still awaits its result) is an unknown outcome looked up: ok once the order shows it, as modifyOrder (was: failed with the refusal)', async () => {
    const c = client({ reconcile: { attempts: 8, baseDelayMs: 20 } })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.holdModifications(true)
    try {
      sandbox.admin.injectFault({ path: '/api/v3/trade/batch-modify-order', kind: 'code-after' })
      const item = { orderId, category: 'SPOT', symbol: 'ETHUSDT', price: '3005' } as const
      const [first] = await modifyOrders(c, [item], { reconcile: fast })
      const error = failedWith(first)
      expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
      const before = lookups(c.sent)
      const pending = modifyOrders(c, [(error as OrderOutcomeUnknownError).retryWith as never])
      // The first attempt's modification completes once the retry's lookups have begun.
      await expect
        .poll(() => lookups(c.sent), { timeout: 10_000, interval: 5 })
        .toBeGreaterThan(before)
      sandbox.admin.holdModifications(false)
      const [retried] = await pending
      expect(retried).toMatchObject({ status: 'ok', orderId })
      expect((await getOrderInfo(c, { orderId })).price).toBe('3005')
    } finally {
      sandbox.admin.holdModifications(false)
    }
  })

  test('a first attempt refused 43021 (another modification awaits its result) stays failed with the refusal', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.holdModifications(true)
    try {
      const item = { orderId, category: 'SPOT', symbol: 'ETHUSDT' } as const
      await modifyOrders(c, [{ ...item, price: '3006' }])
      const [second] = await modifyOrders(c, [{ ...item, price: '3007' }])
      expect(failedWith(second)).toMatchObject({ code: '43021' })
    } finally {
      sandbox.admin.holdModifications(false)
    }
  })
})

describe('placeOrders: the retry of an item refused as a duplicate', () => {
  test('an item of a retryWith refused 43118 whose order is not visible yet is an unknown outcome with its retryWith, as placeOrder (was: rejected 43118)', async () => {
    const c = client({ reconcile: fast })
    const clientOid = 'hidden-batch-1'
    sandbox.admin.injectFault({ path: batchPath, kind: 'code-after' })
    hideOrders()
    let retryWith: unknown
    try {
      const [first] = await placeOrders(c, [{ ...restingBuy, clientOid }])
      const error = failedWith(first) as OrderOutcomeUnknownError
      expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
      retryWith = error.retryWith
      const [retried] = await placeOrders(c, [retryWith as never])
      const unknown = failedWith(retried) as OrderOutcomeUnknownError
      expect(OrderOutcomeUnknownError.isInstance(unknown)).toBe(true)
      expect(unknown.retryWith).toMatchObject({ clientOid })
    } finally {
      sandbox.admin.clearFaults(infoPath)
    }
    // Once the order is visible, the same retry returns it: one order.
    const { orderId } = await getOrderInfo(c, { clientOid })
    const [visible] = await placeOrders(c, [retryWith as never])
    expect(visible).toMatchObject({ status: 'ok', orderId, clientOid })
    expect(ordersWith(clientOid)).toBe(1)
  })
})

describe("an item's retryWith keeps the time of its first attempt", () => {
  test('the retryWith of an unknown item carries when its batch was sent: a retry minutes later, single or batch, returns the order its first attempt placed (was: no time, the order taken for an older one)', async () => {
    // The client's clock is the sandbox's: the sandbox clock moves minutes on at once.
    const c = client({ reconcile: fast, clock: { now: () => sandbox.admin.now() } })
    const clientOid = 'first-time-1'
    const before = sandbox.admin.now()
    sandbox.admin.injectFault({ path: batchPath, kind: 'code-after' })
    hideOrders()
    let error: OrderOutcomeUnknownError
    try {
      const [first] = await placeOrders(c, [{ ...restingBuy, clientOid }])
      error = failedWith(first) as OrderOutcomeUnknownError
    } finally {
      sandbox.admin.clearFaults(infoPath)
    }
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const since = retrySince(error.retryWith)
    expect(since).toBeGreaterThanOrEqual(before)
    expect(since).toBeLessThanOrEqual(sandbox.admin.now())
    sandbox.admin.advanceClock(5 * 60_000)
    const { orderId } = await getOrderInfo(c, { clientOid })
    await expect(placeOrder(c, error.retryWith as never)).resolves.toEqual({ orderId, clientOid })
    const [again] = await placeOrders(c, [error.retryWith as never])
    expect(again).toMatchObject({ status: 'ok', orderId, clientOid })
    expect(ordersWith(clientOid)).toBe(1)
  })
})
