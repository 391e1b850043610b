/**
 * The classic batch helpers read a refused or unknown item as the single actions read their own
 * (core's one engine): a cancel of an order that a modification replaced names the successor, a
 * duplicate clientOid whose order is not visible yet is not a refusal, and an item's `retryWith`
 * keeps the time of its first attempt. Against the sandbox over HTTP.
 */
import { OrderOutcomeUnknownError, OrderReplacedError, retrySince } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const detailPath = '/api/v2/mix/order/detail'
const batchPath = '/api/v2/mix/order/batch-place-order'
/** Reconciled quickly; a failed read is not retried by the transport. */
const quick = {
  reconcile: { attempts: 3, baseDelayMs: 5 },
  retry: { limit: 0 },
  rateLimiter: false as const,
}

function ordersWith(clientOid: string): number {
  const { orders } = made.sandbox.admin.state() as unknown as { orders: { clientOid: string }[] }
  return orders.filter((o) => o.clientOid === clientOid).length
}
/** Order detail answers "no such order" (40109) to the next calls: an order not visible yet. */
function hideOrders(): void {
  made.sandbox.admin.injectFault({
    path: detailPath,
    kind: 'echo',
    echo: { code: '40109', status: 400 },
    times: 1000,
  })
}
function failedWith(outcome: unknown): unknown {
  expect(outcome).toMatchObject({ status: 'failed' })
  return (outcome as { error: unknown }).error
}

/** An order placed at `price`, then replaced by a modification to `newPrice`. */
async function replaced(client: ReturnType<typeof made.client>, price: string, newPrice: string) {
  const ack = await client.orders.place({ ...restingBuy, price })
  const modified = await client.orders.modify(
    { ...pair, orderId: ack.orderId, newSize: '0.02', newPrice },
    { waitForNew: true },
  )
  return { ack, modified }
}

describe('cancelOrders: an order that a modification replaced', () => {
  test('after an unknown outcome, the item is failed with OrderReplacedError naming the live successor, as cancelOrder (was: ok)', async () => {
    const client = made.client(quick)
    const { ack, modified } = await replaced(client, '30200', '30210')
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/batch-cancel-orders',
      kind: 'code-before',
    })
    const [outcome] = await client.batch.cancel([{ ...pair, orderId: ack.orderId }])
    const error = failedWith(outcome)
    expect(OrderReplacedError.isInstance(error)).toBe(true)
    expect((error as OrderReplacedError).successor).toMatchObject({
      orderId: modified.orderId,
      clientOid: modified.newClientOid,
      status: 'live',
    })
  })

  test('refused because the order is gone, the item is failed with OrderReplacedError, as cancelOrder (was: rejected)', async () => {
    const client = made.client(quick)
    const { ack, modified } = await replaced(client, '30220', '30230')
    const single = await client.orders
      .cancel({ ...pair, orderId: ack.orderId })
      .catch((e: unknown) => e)
    expect(OrderReplacedError.isInstance(single)).toBe(true)
    const [outcome] = await client.batch.cancel([{ ...pair, orderId: ack.orderId }])
    const error = failedWith(outcome)
    expect(OrderReplacedError.isInstance(error)).toBe(true)
    expect((error as OrderReplacedError).successor.orderId).toBe(modified.orderId)
  })

  test('an order cancelled by nothing of this process stays rejected with its code', async () => {
    const client = made.client(quick)
    const ack = await client.orders.place({ ...restingBuy, price: '30240' })
    await client.orders.cancel({ ...pair, orderId: ack.orderId })
    const [outcome] = await client.batch.cancel([{ ...pair, orderId: ack.orderId }])
    expect(outcome).toMatchObject({ status: 'rejected' })
  })
})

describe('placeOrders: the retry of an item refused as a duplicate', () => {
  test('an item of a retryWith refused 40786 whose order is not visible yet is an unknown outcome with its retryWith, as placeOrder (was: rejected 40786)', async () => {
    const client = made.client(quick)
    const clientOid = 'hidden-batch-c1'
    const order = { ...restingBuy, price: '30300', clientOid }
    made.sandbox.admin.injectFault({ path: batchPath, kind: 'code-after' })
    hideOrders()
    let retryWith: typeof order
    try {
      const [first] = await client.batch.place([order])
      const error = failedWith(first) as OrderOutcomeUnknownError
      expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
      retryWith = error.retryWith as typeof order
      const [retried] = await client.batch.place([retryWith])
      const unknown = failedWith(retried) as OrderOutcomeUnknownError
      expect(OrderOutcomeUnknownError.isInstance(unknown)).toBe(true)
      expect(unknown.retryWith).toMatchObject({ clientOid })
    } finally {
      made.sandbox.admin.clearFaults(detailPath)
    }
    const [visible] = await client.batch.place([retryWith])
    expect(visible).toMatchObject({ status: 'ok', clientOid })
    expect(ordersWith(clientOid)).toBe(1)
  })
})

describe("an item's retryWith keeps the time of its first attempt", () => {
  test('the retryWith of an unknown item carries when its batch was sent: a retry minutes later, single or batch, returns the order its first attempt placed', async () => {
    // The client's clock is the sandbox's: the sandbox clock moves minutes on at once.
    const client = made.client({ ...quick, clock: { now: () => made.sandbox.admin.now() } })
    const clientOid = 'first-time-c1'
    const order = { ...restingBuy, price: '30310', clientOid }
    const before = made.sandbox.admin.now()
    made.sandbox.admin.injectFault({ path: batchPath, kind: 'code-after' })
    hideOrders()
    let error: OrderOutcomeUnknownError
    try {
      const [first] = await client.batch.place([order])
      error = failedWith(first) as OrderOutcomeUnknownError
    } finally {
      made.sandbox.admin.clearFaults(detailPath)
    }
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const since = retrySince(error.retryWith)
    expect(since).toBeGreaterThanOrEqual(before)
    expect(since).toBeLessThanOrEqual(made.sandbox.admin.now())
    made.sandbox.admin.advanceClock(5 * 60_000)
    const { orderId } = await client.orders.get({ ...pair, clientOid })
    await expect(client.orders.place(error.retryWith as typeof order)).resolves.toEqual({
      orderId,
      clientOid,
    })
    const [again] = await client.batch.place([error.retryWith as typeof order])
    expect(again).toMatchObject({ status: 'ok', orderId, clientOid })
    expect(ordersWith(clientOid)).toBe(1)
  })
})
