import { ApiError, ValidationError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BatchProgress } from '../internal/batches.js'
import { instrumentsOf, restingBuy, setup } from '../test/sandbox.js'
import { cancelBatch } from './cancelBatch.js'
import { cancelOrders } from './cancelOrders.js'
import { getOrderInfo } from './getOrderInfo.js'
import { modifyBatch } from './modifyBatch.js'
import { modifyOrders } from './modifyOrders.js'
import { placeBatch } from './placeBatch.js'
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

const futuresBuy = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.001',
  price: '60000',
} as const

describe('placeBatch', () => {
  test('Response: `data` = array of batch item results. — each item gets a generated clientOid', async () => {
    const results = await placeBatch(client(), [restingBuy, { ...restingBuy, clientOid: 'pb-2' }])
    expect(results).toEqual([
      {
        orderId: expect.any(String),
        clientOid: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        code: '00000',
        msg: 'success',
      },
      { orderId: expect.any(String), clientOid: 'pb-2', code: '00000', msg: 'success' },
    ])
  })

  test('`category` is required and must be identical for all orders of the batch — refused before sending', async () => {
    const c = client()
    const error = await placeBatch(c, [restingBuy, futuresBuy]).catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]?.path).toEqual([1, 'category'])
    expect(c.sent).toEqual([])
  })

  test('the same futures and margin checks as place-order apply (minimum is checked against `minTradeUSDT` here)', async () => {
    const c = client({ instruments: instrumentsOf(sandbox) })
    // 0.001 x 1000 = 1 USDT, below BTCUSDT's minTradeUSDT of 5.
    const error = await placeBatch(c, [{ ...futuresBuy, price: '1000' }]).catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]?.path).toEqual([0, 'qty'])
    expect(c.sent).toEqual([])
  })
})

describe('modifyBatch', () => {
  test('Response: `data` = array of objects with `orderId`, `clientOid`.', async () => {
    const c = client()
    const a = await placeOrder(c, restingBuy)
    const b = await placeOrder(c, restingBuy)
    const results = await modifyBatch(c, [
      { orderId: a.orderId, price: '3001', category: 'SPOT', symbol: 'ETHUSDT' },
      { clientOid: b.clientOid, price: '3002', category: 'SPOT', symbol: 'ETHUSDT' },
    ])
    expect(results.map((r) => [r.orderId, r.clientOid])).toEqual([
      [a.orderId, a.clientOid],
      [b.orderId, b.clientOid],
    ])
    expect((await getOrderInfo(c, { orderId: b.orderId })).price).toBe('3002')
  })

  test('each order may appear once per batch — refused before sending', async () => {
    const c = client()
    const error = await modifyBatch(c, [
      { orderId: '1', price: '3001' },
      { orderId: '1', qty: '1' },
    ]).catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]?.type).toBe('duplicate')
    expect(c.sent).toEqual([])
  })
})

describe('cancelBatch', () => {
  test('Cancels up to 20 orders; partial success is allowed.', async () => {
    const c = client()
    const a = await placeOrder(c, restingBuy)
    const results = await cancelBatch(c, [
      { category: 'SPOT', symbol: 'ETHUSDT', orderId: a.orderId },
      { category: 'SPOT', symbol: 'ETHUSDT', orderId: '1' },
    ])
    expect(results[0]).toMatchObject({ orderId: a.orderId, code: '00000' })
    expect(results[1]).toMatchObject({ code: '43001' })
  })

  test('"if a call mixes orderId and clientOid items, the clientOid is ignored" — such a batch is refused before sending, naming the first clientOid', async () => {
    const c = client()
    const a = await placeOrder(c, restingBuy)
    const b = await placeOrder(c, restingBuy)
    const sent = c.sent.length
    const error = await cancelBatch(c, [
      { category: 'SPOT', symbol: 'ETHUSDT', orderId: a.orderId },
      { category: 'SPOT', symbol: 'ETHUSDT', clientOid: b.clientOid },
    ]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues[0]).toMatchObject({
      type: 'forbidden',
      path: [1, 'clientOid'],
    })
    expect(c.sent.length).toBe(sent)
    expect((await getOrderInfo(c, { orderId: b.orderId })).orderStatus).toBe('live')
  })
})

describe('placeOrders', () => {
  test('at most 20 orders per batch — 45 orders of two categories: 4 batches, one category each, outcomes in input order', async () => {
    const c = client()
    const orders = Array.from({ length: 45 }, (_, i) =>
      i % 3 === 0
        ? { ...futuresBuy, clientOid: `po-${i}` }
        : { ...restingBuy, clientOid: `po-${i}` },
    )
    const progress: BatchProgress[] = []
    const outcomes = await placeOrders(c, orders, { onProgress: (p) => progress.push(p) })
    expect(outcomes.map((o) => [o.index, o.status, o.clientOid])).toEqual(
      orders.map((o, i) => [i, 'ok', o.clientOid]),
    )
    // 30 spot orders (20 + 10) and 15 futures orders.
    expect(c.sent).toEqual(Array(3).fill('unified.placeBatch'))
    expect(progress.map((p) => [p.done, p.batches, p.totalBatches])).toEqual([
      [15, 1, 3],
      [35, 2, 3],
      [45, 3, 3],
    ])
    const state = sandbox.admin.state() as unknown as { orders: { clientOid: string }[] }
    for (const order of orders)
      expect(state.orders.filter((o) => o.clientOid === order.clientOid)).toHaveLength(1)
  })

  test.each([
    ['with reconciliation: the item without a result is looked up and its order found', true],
    ['without: the item is an unknown outcome whose retryWith is the item', false],
  ] as const)(
    "an answer one result short never gives an item another item's result — %s",
    async (_, reconcile) => {
      // The exchange's answer, its middle result removed (the batch itself was applied).
      const shortAnswer: typeof fetch = async (input, init) => {
        const response = await fetch(input, init)
        if (!String(input).includes('/api/v3/trade/place-batch')) return response
        const body = (await response.json()) as { data: unknown[] }
        body.data.splice(1, 1)
        return new Response(JSON.stringify(body), { status: response.status })
      }
      const c = client({
        fetch: shortAnswer,
        ...(reconcile ? { reconcile: { attempts: 3, baseDelayMs: 5 } } : { reconcile: false }),
      })
      const tag = reconcile ? 'sr' : 'su'
      const orders = [0, 1, 2].map((i) => ({ ...restingBuy, clientOid: `${tag}-${i}` }))
      const outcomes = await placeOrders(c, orders)
      expect(outcomes.map((o) => o.clientOid)).toEqual([`${tag}-0`, `${tag}-1`, `${tag}-2`])
      const middle = outcomes[1]
      if (reconcile) {
        const placed = await getOrderInfo(c, { clientOid: `${tag}-1` })
        expect(middle).toMatchObject({ status: 'ok', orderId: placed.orderId })
      } else {
        expect(middle?.status).toBe('failed')
        const error = (middle as { error: Error & { retryWith?: unknown } }).error
        expect(error.name).toBe('OrderOutcomeUnknownError')
        expect(error.retryWith).toMatchObject({ clientOid: `${tag}-1` })
      }
      expect(outcomes[0]?.status).toBe('ok')
      expect(outcomes[2]?.status).toBe('ok')
    },
  )

  test('an onProgress that throws changes nothing: every batch is sent and every outcome returned', async () => {
    const c = client()
    const orders = Array.from({ length: 25 }, (_, i) => ({ ...restingBuy, clientOid: `pt-${i}` }))
    let calls = 0
    const outcomes = await placeOrders(c, orders, {
      onProgress: () => {
        calls++
        throw new Error('a bug of the observer')
      },
    })
    expect(calls).toBe(2)
    expect(outcomes.map((o) => o.status)).toEqual(Array(25).fill('ok'))
    expect(c.sent).toEqual(Array(2).fill('unified.placeBatch'))
  })

  test('every batch is checked before the first is sent; issues name the input index', async () => {
    const c = client()
    const orders = Array.from({ length: 25 }, () => ({ ...restingBuy }))
    orders[23] = { ...restingBuy, price: '-1' } as never
    const error = await placeOrders(c, orders).catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]?.path).toEqual([23, 'price'])
    expect((error as ValidationError).issues[0]?.message).toMatch(/^\[23\]\.price:/)
    expect(c.sent).toEqual([])
  })

  test('a refused item is reported with its own code, the others are placed', async () => {
    const c = client()
    await placeOrders(c, [{ ...restingBuy, clientOid: 'po-dup' }])
    // Another order with a taken clientOid (the same order would be the earlier one: ok).
    const outcomes = await placeOrders(c, [
      restingBuy,
      { ...restingBuy, price: '2999', clientOid: 'po-dup' },
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['ok', 'rejected'])
    expect(outcomes[1]).toMatchObject({ code: '43118' })
  })

  test.each([
    [
      'placeOrders',
      () =>
        placeOrders(client(), [
          restingBuy,
          { ...restingBuy, clientOid: 'twice' },
          { ...restingBuy, clientOid: 'twice' },
        ]),
    ],
    [
      'placeBatch',
      () =>
        placeBatch(client(), [
          { ...restingBuy, clientOid: 'twice' },
          { ...restingBuy, clientOid: 'twice' },
        ]),
    ],
    [
      'placeOrders across batches',
      () =>
        placeOrders(client(), [
          ...Array.from({ length: 20 }, (_, i) => ({ ...restingBuy, clientOid: `x-${i}` })),
          { ...restingBuy, clientOid: 'x-3' },
        ]),
    ],
  ] as const)(
    'a clientOid used twice in one call is refused before sending (%s)',
    async (_, run) => {
      const error = await run().catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      const [issue] = (error as ValidationError).issues
      expect(issue).toMatchObject({ type: 'duplicate', path: [expect.any(Number), 'clientOid'] })
      expect(issue?.message).toMatch(/clientOid/)
    },
  )

  test('paced by the rate limiter: with the sandbox enforcing 5 per second, a limiter that spaces batches gets no 429', async () => {
    // The sandbox's clock stands still but for the limiter's steps: batches are 250 ms apart on
    // the clock the sandbox counts with, however long the machine takes to send them.
    const started = Date.now()
    const strict = await setup({ rateLimits: true, clock: { now: () => started } })
    try {
      const c = strict.client({
        rateLimiter: {
          acquire: async () => {
            strict.sandbox.admin.advanceClock(250)
            return () => {}
          },
        },
      })
      const orders = Array.from({ length: 7 * 20 }, () => restingBuy)
      const outcomes = await placeOrders(c, orders)
      expect(outcomes.every((o) => o.status === 'ok')).toBe(true)
    } finally {
      await strict.sandbox.close()
    }
  })
})

describe('modifyOrders', () => {
  test('modifies any number of orders, one outcome per modification', async () => {
    const c = client()
    const placed = await placeOrders(
      c,
      Array.from({ length: 25 }, () => restingBuy),
    )
    const outcomes = await modifyOrders(
      c,
      placed.map((p) => ({
        clientOid: p.clientOid!,
        price: '3005',
        category: 'SPOT',
        symbol: 'ETHUSDT',
      })),
    )
    expect(outcomes.map((o) => o.status)).toEqual(Array(25).fill('ok'))
    expect(c.sent.filter((s) => s === 'unified.batchModifyOrder')).toHaveLength(2)
  })

  test('a batch refused as a whole fails each of its items with the exchange error', async () => {
    const outcomes = await modifyOrders(client(), [{ orderId: '999999', price: '3005' }])
    expect(outcomes[0]?.status).toBe('failed')
    expect(ApiError.isInstance((outcomes[0] as { error: unknown }).error)).toBe(true)
  })
})

describe('cancelOrders', () => {
  test('cancels any number of orders', async () => {
    const c = client()
    const placed = await placeOrders(
      c,
      Array.from({ length: 21 }, () => restingBuy),
    )
    const outcomes = await cancelOrders(
      c,
      placed.map((p) => ({ category: 'SPOT', symbol: 'ETHUSDT', clientOid: p.clientOid! })),
    )
    expect(outcomes.map((o) => o.status)).toEqual(Array(21).fill('ok'))
  })

  test('"if a call mixes orderId and clientOid items, the clientOid is ignored" — orders named by clientOid alone go in a batch of their own, and every order is cancelled', async () => {
    const c = client()
    const placed = await placeOrders(c, [restingBuy, restingBuy, restingBuy])
    const [a, b, d] = placed.map((o) => {
      if (o.status !== 'ok') throw new Error(`not placed: ${o.status}`)
      return o
    })
    const sent = c.sent.length
    const outcomes = await cancelOrders(c, [
      { category: 'SPOT', symbol: 'ETHUSDT', orderId: a!.orderId! },
      { category: 'SPOT', symbol: 'ETHUSDT', clientOid: b!.clientOid! },
      { category: 'SPOT', symbol: 'ETHUSDT', orderId: d!.orderId!, clientOid: 'ignored' },
    ])
    expect(outcomes.map((o) => [o.status, o.index])).toEqual([
      ['ok', 0],
      ['ok', 1],
      ['ok', 2],
    ])
    // Two batches: the orders named by orderId, then the one named by its clientOid.
    expect(c.sent.length - sent).toBe(2)
    for (const order of [a, b, d])
      expect((await getOrderInfo(c, { orderId: order!.orderId! })).orderStatus).toBe('cancelled')
  })
})

describe('batch-modify in flight', () => {
  test('5 in-flight requests has one reading on both sides: with the exchange still working on earlier modifications, six batch-modify calls through the client meet no 429', async () => {
    const strict = await setup({ rateLimits: true })
    try {
      const c = strict.client()
      const placed = await placeOrders(
        c,
        Array.from({ length: 6 }, () => restingBuy),
      )
      strict.sandbox.admin.holdModifications(true)
      const answers = await Promise.all(
        placed.map((outcome, i) =>
          modifyBatch(c, [
            { orderId: (outcome as { orderId: string }).orderId, price: `30${10 + i}` },
          ]).catch((e: unknown) => e),
        ),
      )
      strict.sandbox.admin.holdModifications(false)
      expect(answers.every((a) => Array.isArray(a))).toBe(true)
    } finally {
      await strict.sandbox.close()
    }
  })
})
