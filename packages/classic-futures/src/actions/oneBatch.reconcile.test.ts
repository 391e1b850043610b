/**
 * The single-batch functions (`placeBatch`, `cancelBatch`) change orders through core's engine,
 * as `placeOrders` and `cancelOrders` do: when the exchange applied the batch but its answer was
 * lost (a 45001 after applying, an HTTP 500 after applying), the call reports what the exchange
 * holds instead of the lost answer's error. Against the sandbox over HTTP.
 */
import {
  isRetry,
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

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const shared = { ...pair, marginMode: 'crossed', marginCoin: 'USDT' } as const
const order = { size: '0.01', side: 'buy', orderType: 'limit' } as const
const placePath = '/api/v2/mix/order/batch-place-order'
const cancelPath = '/api/v2/mix/order/batch-cancel-orders'
const detailPath = '/api/v2/mix/order/detail'
/** Reconciled quickly; a failed call is not retried by the transport. */
const quick = {
  reconcile: { attempts: 3, baseDelayMs: 5 },
  retry: { limit: 0 },
  rateLimiter: false as const,
}

type Stored = { clientOid: string; orderId: string; status: string }
const stored = (clientOid: string): Stored[] =>
  (made.sandbox.admin.state() as unknown as { orders: Stored[] }).orders.filter(
    (o) => o.clientOid === clientOid,
  )

describe('placeBatch: an unknown outcome is reconciled by clientOid (was: thrown as is)', () => {
  test.each([
    ['45001 after applying', { kind: 'code-after', code: '45001' }],
    ['HTTP 500 after applying', { kind: 'http500', applied: true }],
  ] as const)('%s: the orders placed are the answer', async (_, fault) => {
    const client = made.client(quick)
    const tag = fault.kind
    made.sandbox.admin.injectFault({ path: placePath, ...fault })
    const result = await client.batch.placeOne({
      ...shared,
      orderList: [
        { ...order, price: '30100', clientOid: `pb-${tag}-1` },
        { ...order, price: '30110', clientOid: `pb-${tag}-2` },
      ],
    })
    const [one, two] = [stored(`pb-${tag}-1`), stored(`pb-${tag}-2`)]
    expect([one?.length, two?.length]).toEqual([1, 1])
    expect(result).toEqual({
      successList: [
        { orderId: one?.[0]?.orderId, clientOid: `pb-${tag}-1`, symbol: null },
        { orderId: two?.[0]?.orderId, clientOid: `pb-${tag}-2`, symbol: null },
      ],
      failureList: [],
      // The answer was lost: "true when all orders succeeded", from what the lookups found.
      result: true,
    })
    expect(client.sent.filter((s) => s === 'classic.batchPlaceOrder')).toHaveLength(1)
  })

  test('an outcome that stays unknown is OrderOutcomeUnknownError whose retryWith is the batch: sent again, each order is placed once and the answer lists them', async () => {
    const client = made.client(quick)
    made.sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    // Order detail cannot read anything: the lookups settle nothing.
    made.sandbox.admin.injectFault({ path: detailPath, kind: 'http500', times: 1000 })
    const parameters = {
      ...shared,
      orderList: [
        { ...order, price: '30200', clientOid: 'pb-unknown-1' },
        { ...order, price: '30210' },
      ],
    }
    let error: unknown
    try {
      error = await client.batch.placeOne(parameters).catch((e: unknown) => e)
    } finally {
      made.sandbox.admin.clearFaults(detailPath)
    }
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const { retryWith } = error as OrderOutcomeUnknownError<typeof parameters>
    const oids = retryWith.orderList.map((o) => (o as { clientOid?: string }).clientOid)
    const generated = oids[1] as string
    expect(oids).toEqual(['pb-unknown-1', expect.any(String)])
    const again = await client.batch.placeOne(retryWith)
    expect(again.successList.map((e) => e.clientOid)).toEqual(['pb-unknown-1', generated])
    expect(again.failureList).toEqual([])
    expect([stored('pb-unknown-1').length, stored(generated).length]).toEqual([1, 1])
  })

  test('a time-out whose batch lands after every lookup: OrderOutcomeUnknownError; its retryWith answers the orders the late batch placed, each once', async () => {
    // Held requests time out whatever the timeout; the calls around them get 250 ms.
    const client = made.client({ ...quick, timeout: 250 })
    gate.hold()
    made.sandbox.admin.injectFault({ path: placePath, kind: 'delay', delayMs: 300 })
    const error = await client.batch
      .placeOne({ ...shared, orderList: [{ ...order, price: '30220', clientOid: 'pb-late-1' }] })
      .catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(gate.waiting()).toBe(1)
    gate.release()
    await expect.poll(() => stored('pb-late-1').length, { timeout: 10_000 }).toBe(1)
    const again = await client.batch.placeOne(
      (error as OrderOutcomeUnknownError<{ orderList: unknown[] }>).retryWith as never,
    )
    expect(again.successList).toEqual([
      { orderId: stored('pb-late-1')[0]?.orderId, clientOid: 'pb-late-1', symbol: null },
    ])
    expect(stored('pb-late-1')).toHaveLength(1)
  })

  test('an item proven not placed is in failureList with its error; a refusal of the whole batch is thrown as before', async () => {
    const client = made.client(quick)
    made.sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '45001' })
    // Another order (of another size) carries the clientOid: this batch's item is not it.
    made.sandbox.admin.addOrder({
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price: '30300',
      qty: '0.5',
      marginCoin: 'USDT',
      clientOid: 'pb-taken',
    })
    const result = await client.batch.placeOne({
      ...shared,
      orderList: [{ ...order, price: '30300', clientOid: 'pb-taken' }],
    })
    expect(result.successList).toEqual([])
    expect(result.failureList).toMatchObject([{ clientOid: 'pb-taken', errorCode: null }])
    expect(OrderNotPlacedError.isInstance(result.failureList[0]?.error)).toBe(true)
    // "result (boolean; true when all orders succeeded)": one did not.
    expect(result.result).toBe(false)
    made.sandbox.admin.injectFault({ path: placePath, kind: 'http429' })
    const refused = await client.batch
      .placeOne({ ...shared, orderList: [{ ...order, price: '30310' }] })
      .catch((e: unknown) => e)
    expect(RateLimitedError.isInstance(refused)).toBe(true)
  })

  test('a signal aborted before the call: nothing is sent, the abort is thrown (was: every order in failureList with the abort)', async () => {
    const client = made.client(quick)
    const controller = new AbortController()
    const reason = new Error('stopped by the caller')
    controller.abort(reason)
    const error = await client.batch
      .placeOne(
        { ...shared, orderList: [{ ...order, price: '30390' }] },
        { signal: controller.signal },
      )
      .catch((e: unknown) => e)
    expect(error).toBe(reason)
    expect(client.sent).toEqual([])
  })

  test('without reconciliation the unknown outcome is thrown as it came', async () => {
    const client = made.client({ ...quick, reconcile: false })
    made.sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    const error = await client.batch
      .placeOne({ ...shared, orderList: [{ ...order, price: '30400' }] })
      .catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(false)
  })
})

describe('cancelBatch: an unknown outcome is reconciled through order detail (was: thrown as is)', () => {
  test.each([
    ['45001 after applying', { kind: 'code-after', code: '45001' }],
    ['HTTP 500 after applying', { kind: 'http500', applied: true }],
  ] as const)('%s: the orders cancelled are the answer', async (_, fault) => {
    const client = made.client(quick)
    const tag = `cb-${fault.kind}`
    const first = await client.orders.place({
      ...restingBuy,
      price: '30500',
      clientOid: `${tag}-1`,
    })
    await client.orders.place({ ...restingBuy, price: '30510', clientOid: `${tag}-2` })
    made.sandbox.admin.injectFault({ path: cancelPath, ...fault })
    const result = await client.batch.cancelOne({
      ...pair,
      orderIdList: [{ orderId: first.orderId }, { clientOid: `${tag}-2` }],
    })
    const second = stored(`${tag}-2`)[0]
    expect(result).toEqual({
      successList: [
        { orderId: first.orderId, clientOid: `${tag}-1`, symbol: null },
        { orderId: second?.orderId, clientOid: `${tag}-2`, symbol: null },
      ],
      failureList: [],
      // The answer was lost: "true when all orders succeeded", from what the lookups found.
      result: true,
    })
    expect([stored(`${tag}-1`)[0]?.status, second?.status]).toEqual(['cancelled', 'cancelled'])
  })
})

describe('cancelOrders: an order named by clientOid alone', () => {
  test('">orderId ... Either orderId or clientOid is required.": cancelled, its outcome carries the order\'s id (was: a ValidationError asking for orderId)', async () => {
    const client = made.client(quick)
    const placed = await client.orders.place({ ...restingBuy, price: '30600', clientOid: 'co-1' })
    const [outcome] = await client.batch.cancel([{ ...pair, clientOid: 'co-1' }])
    expect(outcome).toEqual({ status: 'ok', index: 0, orderId: placed.orderId, clientOid: 'co-1' })
    expect(stored('co-1')[0]?.status).toBe('cancelled')
  })

  test('an item with neither orderId nor clientOid is a ValidationError naming it, nothing sent', async () => {
    const client = made.client(quick)
    const error = await client.batch.cancel([{ ...pair } as never]).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues).toMatchObject([
      { type: 'one_of', path: [0, 'orderId'] },
    ])
    expect(client.sent).toEqual([])
  })
})

/** A client whose signal aborts when it sends its first order-detail lookup. */
function abortingOnLookup() {
  const controller = new AbortController()
  const client = made.client({
    ...quick,
    hooks: {
      request: (view) => {
        if (view.url.includes(detailPath)) controller.abort(new Error('stopped by the caller'))
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
  made.sandbox.admin.injectFault({ path: detailPath, kind: 'http500', times: 1000 })
  try {
    const error = await call(made.client(quick)).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    return error as OrderOutcomeUnknownError
  } finally {
    made.sandbox.admin.clearFaults(detailPath)
  }
}

describe('a retry aborted while its refusal is checked: the outcome stays unknown (was: the order placed or cancelled in failureList with `error`, as if not applied, and the call resolved)', () => {
  test('placeBatch: OrderOutcomeUnknownError whose retryWith is the batch; sent again it lists the order the first attempt placed, placed once', async () => {
    const parameters = { ...shared, orderList: [{ ...order, price: '30700', clientOid: 'ab-p-1' }] }
    const first = await unknownFirstAttempt(placePath, (c) => c.batch.placeOne(parameters))
    expect(stored('ab-p-1')).toHaveLength(1)
    const { client, signal } = abortingOnLookup()
    const error = await client.batch
      .placeOne(first.retryWith as never, { signal })
      .catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const again = (error as OrderOutcomeUnknownError).retryWith
    expect(again).toEqual(parameters)
    expect(isRetry(again)).toBe(true)
    const answer = await made.client(quick).batch.placeOne(again as never)
    expect(answer.successList).toEqual([
      { orderId: stored('ab-p-1')[0]?.orderId, clientOid: 'ab-p-1', symbol: null },
    ])
    expect(stored('ab-p-1')).toHaveLength(1)
  })

  test('cancelBatch: OrderOutcomeUnknownError whose retryWith is the batch; sent again it lists the order the first attempt cancelled', async () => {
    const placed = await made
      .client(quick)
      .orders.place({ ...restingBuy, price: '30710', clientOid: 'ab-c-1' })
    const parameters = { ...pair, orderIdList: [{ orderId: placed.orderId }] }
    const first = await unknownFirstAttempt(cancelPath, (c) => c.batch.cancelOne(parameters))
    expect(stored('ab-c-1')[0]?.status).toBe('cancelled')
    const { client, signal } = abortingOnLookup()
    const error = await client.batch
      .cancelOne(first.retryWith as never, { signal })
      .catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect((error as OrderOutcomeUnknownError).retryWith).toEqual(parameters)
    const answer = await made
      .client(quick)
      .batch.cancelOne((error as OrderOutcomeUnknownError).retryWith as never)
    expect(answer.successList).toEqual([
      { orderId: placed.orderId, clientOid: 'ab-c-1', symbol: null },
    ])
  })
})

describe('cancelBatch: a signal aborted after the call began, before the send', () => {
  test('the abort is thrown, nothing sent (was: every order in failureList with the abort)', async () => {
    const client = made.client(quick)
    const placed = await client.orders.place({ ...restingBuy, price: '30720', clientOid: 'ab-s-1' })
    const controller = new AbortController()
    const reason = new Error('stopped by the caller')
    const call = client.batch.cancelOne(
      { ...pair, orderIdList: [{ orderId: placed.orderId }] },
      { signal: controller.signal },
    )
    // The call has begun: it awaits its context (the rules' context of the batch).
    controller.abort(reason)
    expect(await call.catch((e: unknown) => e)).toBe(reason)
    expect(client.sent).toEqual(['classic.placeOrder'])
    expect(stored('ab-s-1')[0]?.status).toBe('live')
  })
})

describe('cancelBatch: one order named by orderId and by clientOid, answer lost (45001 after applying)', () => {
  test('the first is in successList, the second in failureList with OrderNotChangedError, a duplicate issue as cause (was: both in successList)', async () => {
    const client = made.client(quick)
    const placed = await client.orders.place({ ...restingBuy, price: '30730', clientOid: 'two-b' })
    made.sandbox.admin.injectFault({ path: cancelPath, kind: 'code-after', code: '45001' })
    const result = await client.batch.cancelOne({
      ...pair,
      orderIdList: [{ orderId: placed.orderId }, { clientOid: 'two-b' }],
    })
    expect(result.successList).toEqual([
      { orderId: placed.orderId, clientOid: 'two-b', symbol: null },
    ])
    expect(result.failureList).toMatchObject([{ clientOid: 'two-b', errorCode: null }])
    const error = result.failureList[0]?.error as OrderNotChangedError
    expect(OrderNotChangedError.isInstance(error)).toBe(true)
    expect((error.cause as ValidationError).issues).toMatchObject([
      { type: 'duplicate', path: [1, 'clientOid'] },
    ])
  })
})
