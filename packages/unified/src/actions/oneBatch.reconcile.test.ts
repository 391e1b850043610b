/**
 * The single-batch functions (`placeBatch`, `cancelBatch`, `modifyBatch`) change orders through
 * core's engine, as `placeOrders`, `cancelOrders` and `modifyOrders` do: when the exchange applied
 * the batch but its answer was lost (a 45001 after applying, an HTTP 500 after applying), the call
 * reports what the exchange holds instead of the lost answer's error, and an outcome that stays
 * unknown is an `OrderOutcomeUnknownError` whose `retryWith` (the batch with the same ids) changes
 * each order at most once. Against the sandbox over HTTP.
 */
import {
  isRetry,
  OrderClosedOutcomeUnknownError,
  OrderNotChangedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  RateLimitedError,
  UnknownOutcomeError,
  ValidationError,
} from '@tradeline/core'
import { createTimerGate } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'
import { cancelBatch } from './cancelBatch.js'
import { cancelOrder } from './cancelOrder.js'
import { cancelOrders } from './cancelOrders.js'
import { modifyBatch } from './modifyBatch.js'
import { placeBatch } from './placeBatch.js'
import { placeOrder } from './placeOrder.js'

/** The timers of the sandbox's `delay` faults: a late first attempt is held until the call reported. */
const gate = createTimerGate()
let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ timers: gate })
})
afterAll(async () => {
  gate.release()
  await made.sandbox.close()
})

const placePath = '/api/v3/trade/place-batch'
const cancelPath = '/api/v3/trade/cancel-batch'
const modifyPath = '/api/v3/trade/batch-modify-order'
const infoPath = '/api/v3/trade/order-info'
/** Reconciled quickly; a failed call is not retried by the transport. */
const quick = {
  reconcile: { attempts: 3, baseDelayMs: 5 },
  retry: { limit: 0 },
  rateLimiter: false as const,
}
const spot = { category: 'SPOT', symbol: 'ETHUSDT' } as const

type Stored = { clientOid: string; orderId: string; status: string; price: string }
const stored = (clientOid: string): Stored[] =>
  (made.sandbox.admin.state() as unknown as { orders: Stored[] }).orders.filter(
    (o) => o.clientOid === clientOid,
  )
const success = { code: '00000', msg: 'success' }

describe('placeBatch: an unknown outcome is reconciled by clientOid (was: thrown as is)', () => {
  test.each([
    ['45001 after applying', { kind: 'code-after', code: '45001' }],
    ['HTTP 500 after applying', { kind: 'http500', applied: true }],
  ] as const)('%s: the orders placed are the answer, each placed once', async (_, fault) => {
    const client = made.client(quick)
    const tag = `pb-${fault.kind}`
    made.sandbox.admin.injectFault({ path: placePath, ...fault })
    const result = await placeBatch(client, [
      { ...restingBuy, price: '3001', clientOid: `${tag}-1` },
      { ...restingBuy, price: '3002', clientOid: `${tag}-2` },
    ])
    const [one, two] = [stored(`${tag}-1`), stored(`${tag}-2`)]
    expect([one.length, two.length]).toEqual([1, 1])
    expect(result).toEqual([
      { orderId: one[0]?.orderId, clientOid: `${tag}-1`, ...success },
      { orderId: two[0]?.orderId, clientOid: `${tag}-2`, ...success },
    ])
    expect(client.sent.filter((s) => s === 'unified.placeBatch')).toHaveLength(1)
  })

  test('an outcome that stays unknown is OrderOutcomeUnknownError whose retryWith is the batch: sent again, each order is placed once and the answer lists them', async () => {
    const client = made.client(quick)
    made.sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    // Order-info cannot read anything: the lookups settle nothing.
    made.sandbox.admin.injectFault({ path: infoPath, kind: 'http500', times: 1000 })
    const orders = [
      { ...restingBuy, price: '3003', clientOid: 'pb-unknown-1' },
      { ...restingBuy, price: '3004' },
    ]
    let error: unknown
    try {
      error = await placeBatch(client, orders).catch((e: unknown) => e)
    } finally {
      made.sandbox.admin.clearFaults(infoPath)
    }
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const { retryWith } = error as placeBatch.ErrorType & OrderOutcomeUnknownError
    expect(Array.isArray(retryWith)).toBe(true)
    const oids = (retryWith as placeBatch.Parameters).map((o) => o.clientOid)
    const generated = oids[1] as string
    expect(oids).toEqual(['pb-unknown-1', expect.any(String)])
    const again = await placeBatch(client, retryWith as placeBatch.Parameters)
    expect(again).toEqual([
      { orderId: stored('pb-unknown-1')[0]?.orderId, clientOid: 'pb-unknown-1', ...success },
      { orderId: stored(generated)[0]?.orderId, clientOid: generated, ...success },
    ])
    expect([stored('pb-unknown-1').length, stored(generated).length]).toEqual([1, 1])
  })

  test('a time-out whose batch lands after every lookup: OrderOutcomeUnknownError; its retryWith answers the order the late batch placed, once', async () => {
    // Held requests time out whatever the timeout; the calls around them get 250 ms.
    const client = made.client({ ...quick, timeout: 250 })
    gate.hold()
    made.sandbox.admin.injectFault({ path: placePath, kind: 'delay', delayMs: 300 })
    const error = await placeBatch(client, [
      { ...restingBuy, price: '3005', clientOid: 'pb-late-1' },
    ]).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(gate.waiting()).toBe(1)
    gate.release()
    await expect.poll(() => stored('pb-late-1').length, { timeout: 10_000 }).toBe(1)
    const again = await placeBatch(
      client,
      (error as OrderOutcomeUnknownError).retryWith as unknown as placeBatch.Parameters,
    )
    expect(again).toEqual([
      { orderId: stored('pb-late-1')[0]?.orderId, clientOid: 'pb-late-1', ...success },
    ])
    expect(stored('pb-late-1')).toHaveLength(1)
  })

  test('an order proven not placed is answered with its error; a refusal of the whole batch is thrown as before', async () => {
    const client = made.client(quick)
    // Another order (a sell) carries the clientOid: this batch's buy is not it.
    made.sandbox.admin.addOrder({
      ...restingBuy,
      side: 'sell',
      price: '4000',
      clientOid: 'pb-taken',
    })
    made.sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '45001' })
    const result = await placeBatch(client, [
      { ...restingBuy, price: '3006', clientOid: 'pb-taken' },
    ])
    expect(result).toMatchObject([{ orderId: null, clientOid: 'pb-taken', code: null }])
    expect(OrderNotPlacedError.isInstance(result[0]?.error)).toBe(true)
    expect(stored('pb-taken')).toHaveLength(1)
    made.sandbox.admin.injectFault({ path: placePath, kind: 'http429' })
    const refused = await placeBatch(client, [{ ...restingBuy, price: '3007' }]).catch(
      (e: unknown) => e,
    )
    expect(RateLimitedError.isInstance(refused)).toBe(true)
  })

  test('a signal aborted before the call: nothing is sent, the abort is thrown', async () => {
    const client = made.client(quick)
    const controller = new AbortController()
    const reason = new Error('stopped by the caller')
    controller.abort(reason)
    const error = await placeBatch(client, [{ ...restingBuy, price: '3009' }], {
      signal: controller.signal,
    }).catch((e: unknown) => e)
    expect(error).toBe(reason)
    expect(client.sent).toEqual([])
  })

  test('without reconciliation the unknown outcome is thrown as it came', async () => {
    const client = made.client({ ...quick, reconcile: false })
    made.sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    const error = await placeBatch(client, [{ ...restingBuy, price: '3008' }]).catch(
      (e: unknown) => e,
    )
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(false)
  })
})

describe('cancelBatch: an unknown outcome is reconciled through order-info (was: thrown as is)', () => {
  test.each([
    ['45001 after applying', { kind: 'code-after', code: '45001' }],
    ['HTTP 500 after applying', { kind: 'http500', applied: true }],
  ] as const)('%s: the orders cancelled are the answer', async (_, fault) => {
    const client = made.client(quick)
    const tag = `cb-${fault.kind}`
    const first = await placeOrder(client, { ...restingBuy, price: '3011', clientOid: `${tag}-1` })
    const second = await placeOrder(client, {
      ...restingBuy,
      price: '3012',
      clientOid: `${tag}-2`,
    })
    made.sandbox.admin.injectFault({ path: cancelPath, ...fault })
    const result = await cancelBatch(client, [
      { ...spot, orderId: first.orderId },
      { ...spot, orderId: second.orderId },
    ])
    expect(result).toEqual([
      { orderId: first.orderId, clientOid: `${tag}-1`, ...success },
      { orderId: second.orderId, clientOid: `${tag}-2`, ...success },
    ])
    expect([stored(`${tag}-1`)[0]?.status, stored(`${tag}-2`)[0]?.status]).toEqual([
      'cancelled',
      'cancelled',
    ])
    expect(client.sent.filter((s) => s === 'unified.cancelBatch')).toHaveLength(1)
  })

  test('an outcome that stays unknown is OrderOutcomeUnknownError whose retryWith is the batch: sent again, it answers the orders the first attempt cancelled', async () => {
    const client = made.client(quick)
    const placed = await placeOrder(client, { ...restingBuy, price: '3013', clientOid: 'cb-u-1' })
    made.sandbox.admin.injectFault({ path: cancelPath, kind: 'code-after', code: '45001' })
    made.sandbox.admin.injectFault({ path: infoPath, kind: 'http500', times: 1000 })
    let error: unknown
    try {
      error = await cancelBatch(client, [{ ...spot, orderId: placed.orderId }]).catch(
        (e: unknown) => e,
      )
    } finally {
      made.sandbox.admin.clearFaults(infoPath)
    }
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const { retryWith } = error as OrderOutcomeUnknownError
    expect(retryWith).toEqual([{ ...spot, orderId: placed.orderId }])
    // The exchange refuses the second cancel (the order is closed): the retry reads the order.
    const again = await cancelBatch(client, retryWith as unknown as cancelBatch.Parameters)
    expect(again).toEqual([{ orderId: placed.orderId, clientOid: 'cb-u-1', ...success }])
  })
})

describe('cancelBatch: the items of one call', () => {
  test('an order named by two items is a duplicate issue, nothing sent (was: sent; after an unknown outcome one lookup would have answered for both)', async () => {
    const client = made.client(quick)
    const placed = await placeOrder(client, { ...restingBuy, price: '3014', clientOid: 'cb-twice' })
    const error = await cancelBatch(client, [
      { ...spot, orderId: placed.orderId },
      { ...spot, orderId: placed.orderId },
    ]).catch((e: unknown) => e)
    expect((error as { issues?: unknown }).issues).toMatchObject([
      { type: 'duplicate', path: [1, 'orderId'] },
    ])
    expect(client.sent).toEqual(['unified.placeOrder'])
    expect(stored('cb-twice')[0]?.status).toBe('live')
  })
})

describe('modifyBatch: an unknown outcome is reconciled through order-info (was: thrown as is)', () => {
  test.each([
    ['45001 after applying', { kind: 'code-after', code: '45001' }],
    ['HTTP 500 after applying', { kind: 'http500', applied: true }],
  ] as const)('%s: the modifications applied are the answer', async (_, fault) => {
    const client = made.client(quick)
    const tag = `mb-${fault.kind}`
    const placed = await placeOrder(client, { ...restingBuy, price: '3021', clientOid: tag })
    made.sandbox.admin.injectFault({ path: modifyPath, ...fault })
    const result = await modifyBatch(client, [{ ...spot, orderId: placed.orderId, price: '3022' }])
    expect(result).toEqual([{ orderId: placed.orderId, clientOid: tag, code: null, msg: null }])
    expect(stored(tag)[0]?.price).toBe('3022')
    expect(client.sent.filter((s) => s === 'unified.batchModifyOrder')).toHaveLength(1)
  })
})

/** A client whose signal aborts when it sends its first order-info lookup. */
function abortingOnLookup() {
  const controller = new AbortController()
  const client = made.client({
    ...quick,
    hooks: {
      request: (view) => {
        if (view.url.includes(infoPath)) controller.abort(new Error('stopped by the caller'))
      },
    },
  })
  return { client, signal: controller.signal }
}

/** The error of a first attempt applied by the exchange whose outcome stays unknown. */
async function unknownFirstAttempt<result>(
  path: string,
  call: (client: ReturnType<typeof made.client>) => Promise<result>,
): Promise<OrderOutcomeUnknownError> {
  made.sandbox.admin.injectFault({ path, kind: 'code-after', code: '45001' })
  made.sandbox.admin.injectFault({ path: infoPath, kind: 'http500', times: 1000 })
  try {
    const error = await call(made.client(quick)).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    return error as OrderOutcomeUnknownError
  } finally {
    made.sandbox.admin.clearFaults(infoPath)
  }
}

describe('a retry aborted while its refusal is checked: the outcome stays unknown (was: the order placed or cancelled answered with `error`, as if not applied, and the call resolved)', () => {
  test('placeBatch: OrderOutcomeUnknownError whose retryWith is the batch; sent again it answers the order the first attempt placed, placed once', async () => {
    const orders = [{ ...restingBuy, price: '3101', clientOid: 'ab-p-1' }]
    const first = await unknownFirstAttempt(placePath, (c) => placeBatch(c, orders))
    expect(stored('ab-p-1')).toHaveLength(1)
    const { client, signal } = abortingOnLookup()
    const retryWith = first.retryWith as unknown as placeBatch.Parameters
    const error = await placeBatch(client, retryWith, { signal }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const again = (error as OrderOutcomeUnknownError).retryWith
    expect(again).toEqual(orders)
    expect(isRetry(again)).toBe(true)
    const answer = await placeBatch(made.client(quick), again as unknown as placeBatch.Parameters)
    expect(answer).toEqual([
      { orderId: stored('ab-p-1')[0]?.orderId, clientOid: 'ab-p-1', ...success },
    ])
    expect(stored('ab-p-1')).toHaveLength(1)
  })

  test('cancelBatch: OrderOutcomeUnknownError whose retryWith is the batch; sent again it answers the order the first attempt cancelled', async () => {
    const placed = await placeOrder(made.client(quick), {
      ...restingBuy,
      price: '3102',
      clientOid: 'ab-c-1',
    })
    const orders = [{ ...spot, orderId: placed.orderId }]
    const first = await unknownFirstAttempt(cancelPath, (c) => cancelBatch(c, orders))
    expect(stored('ab-c-1')[0]?.status).toBe('cancelled')
    const { client, signal } = abortingOnLookup()
    const retryWith = first.retryWith as unknown as cancelBatch.Parameters
    const error = await cancelBatch(client, retryWith, { signal }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const again = (error as OrderOutcomeUnknownError).retryWith
    expect(again).toEqual(orders)
    const answer = await cancelBatch(made.client(quick), again as unknown as cancelBatch.Parameters)
    expect(answer).toEqual([{ orderId: placed.orderId, clientOid: 'ab-c-1', ...success }])
  })

  test("modifyBatch: an order that closed showing neither the modification nor proof is the item's OrderClosedOutcomeUnknownError, not a call to send again", async () => {
    const client = made.client(quick)
    const placed = await placeOrder(client, { ...restingBuy, price: '3103', clientOid: 'ab-m-1' })
    made.sandbox.admin.injectFault({ path: modifyPath, kind: 'code-before', code: '45001' })
    made.sandbox.admin.injectFault({ path: infoPath, kind: 'http500', times: 1000 })
    let first: unknown
    try {
      first = await modifyBatch(client, [
        { ...spot, orderId: placed.orderId, price: '3104' },
      ]).catch((e: unknown) => e)
    } finally {
      made.sandbox.admin.clearFaults(infoPath)
    }
    expect(OrderOutcomeUnknownError.isInstance(first)).toBe(true)
    await cancelOrder(client, { category: 'SPOT', orderId: placed.orderId })
    const retryWith = (first as OrderOutcomeUnknownError).retryWith as unknown
    const [item] = await modifyBatch(client, retryWith as modifyBatch.Parameters)
    // The exchange refuses the batch (the order is closed): the retry reads the order.
    expect(item).toMatchObject({ orderId: placed.orderId, code: null })
    expect(OrderClosedOutcomeUnknownError.isInstance(item?.error)).toBe(true)
  })
})

describe('a signal aborted after the call began, before the send', () => {
  test('cancelBatch: the abort is thrown, nothing sent (was: every order answered with the abort as `error`)', async () => {
    const client = made.client(quick)
    const placed = await placeOrder(client, { ...restingBuy, price: '3105', clientOid: 'ab-s-1' })
    const controller = new AbortController()
    const reason = new Error('stopped by the caller')
    const call = cancelBatch(client, [{ ...spot, orderId: placed.orderId }], {
      signal: controller.signal,
    })
    // The call has begun: it awaits its context (the rules' context of the batch).
    controller.abort(reason)
    expect(await call.catch((e: unknown) => e)).toBe(reason)
    expect(client.sent).toEqual(['unified.placeOrder'])
    expect(stored('ab-s-1')[0]?.status).toBe('live')
  })
})

describe('one order named by two items, by orderId and by clientOid: an order found by one lookup is not two successes', () => {
  test('cancelBatch: a batch naming the order by orderId and by clientOid alone is refused before sending (the exchange would ignore the clientOid: was 43001, and with a lost answer a duplicate issue)', async () => {
    const client = made.client(quick)
    const placed = await placeOrder(client, { ...restingBuy, price: '3111', clientOid: 'two-a' })
    const error = await cancelBatch(client, [
      { ...spot, orderId: placed.orderId },
      { ...spot, clientOid: 'two-a' },
    ]).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues).toMatchObject([
      { type: 'forbidden', path: [1, 'clientOid'] },
    ])
    expect(client.sent).toEqual(['unified.placeOrder'])
    expect(stored('two-a')[0]?.status).toBe('live')
  })

  test('cancelOrders, answer lost: the item by clientOid goes in a batch of its own and is refused, the order cancelled by the first (was: both ok)', async () => {
    const client = made.client(quick)
    const placed = await placeOrder(client, { ...restingBuy, price: '3113', clientOid: 'two-c' })
    made.sandbox.admin.injectFault({ path: cancelPath, kind: 'code-after', code: '45001' })
    const outcomes = await cancelOrders(client, [
      { ...spot, orderId: placed.orderId },
      { ...spot, clientOid: 'two-c' },
    ])
    expect(outcomes[0]).toEqual({
      status: 'ok',
      index: 0,
      orderId: placed.orderId,
      clientOid: 'two-c',
    })
    // Sent in a batch of its own (a clientOid beside an orderId would be ignored): the exchange
    // refuses it, the order being cancelled by the first item.
    expect(outcomes[1]).toMatchObject({ status: 'rejected', index: 1, code: '43020' })
    expect(stored('two-c')[0]?.status).toBe('cancelled')
  })

  test('modifyBatch, answer lost: the second modification is not a second success (was: both applied)', async () => {
    const client = made.client(quick)
    const placed = await placeOrder(client, { ...restingBuy, price: '3114', clientOid: 'two-m' })
    made.sandbox.admin.injectFault({ path: modifyPath, kind: 'code-after', code: '45001' })
    const result = await modifyBatch(client, [
      { ...spot, orderId: placed.orderId, price: '3115' },
      { ...spot, clientOid: 'two-m', price: '3115' },
    ])
    expect(result[0]).toEqual({
      orderId: placed.orderId,
      clientOid: 'two-m',
      code: null,
      msg: null,
    })
    expect(OrderNotChangedError.isInstance(result[1]?.error)).toBe(true)
    expect(stored('two-m')[0]?.price).toBe('3115')
  })
})
