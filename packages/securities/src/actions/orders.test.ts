/**
 * Securities order management against the sandbox over HTTP: the lot size check, cancel and
 * modify through core's change engine, the order reads, partial fills, and unknown placement
 * outcomes reconciled by matching today's orders (fault injection on the sandbox).
 */
import {
  ApiError,
  OrderNotChangedError,
  UnknownOutcomeError,
  ValidationError,
} from '@tradeline/core'
import { Securities } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { StockOrderOutcomeUnknownError } from '../reconcile.js'
import { setup } from '../test/sandbox.js'

let ctx: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  ctx = await setup()
})
afterAll(() => ctx.sandbox.close())

/** A client of a fresh account holding `cash` USD in its securities account. */
function funded(cash = '100000', extra: Parameters<typeof ctx.client>[1] = {}) {
  const client = ctx.client(['trade_rw'], { rateLimiter: false, ...extra })
  ctx.sandbox.admin.setStockCash(cash, client.uid)
  return client
}

const limit = {
  symbol: 'AAPL.US',
  orderType: 'LO',
  side: 'Buy',
  submittedQuantity: '10',
  submittedPrice: '100.15',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
} as const
const quick = { reconcile: { attempts: 3, baseDelayMs: 0 } }
const place = Securities.placeOrder.path

async function funds(client: ReturnType<typeof funded>) {
  const [usd] = await client.account.getFunds()
  return { available: usd?.cashInfos[0]?.availableCash, frozen: usd?.cashInfos[0]?.frozenCash }
}

describe('lot size', () => {
  test('1.5 shares of a lotSize-1 stock: ValidationError naming submittedQuantity and the rule, no order sent', async () => {
    const client = funded()
    const error = await client.orders
      .place({ ...limit, submittedQuantity: '1.5' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues).toMatchObject([
      {
        type: 'lot',
        path: ['submittedQuantity'],
        expected: "a whole number of lots: a multiple of AAPL.US's lotSize 1",
      },
    ])
    expect(client.sent).toEqual(['securities.getStatic'])
    // The lot size is cached: a second placement reads no static data.
    await client.orders.place(limit)
    expect(client.sent).toEqual(['securities.getStatic', 'securities.placeOrder'])
  })

  test('decision: without the check (lotSizes: false) the sandbox refuses it with 40808', async () => {
    const client = funded('100000', { lotSizes: false })
    const error = await client.orders
      .place({ ...limit, submittedQuantity: '1.5' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40808')
  })
})

describe('cancel, modify and the order reads', () => {
  test('a resting order is read, modified and cancelled; its reservation follows exactly', async () => {
    const client = funded('10000')
    const { orderId } = await client.orders.place(limit)
    expect(await funds(client)).toEqual({ available: '8998.5', frozen: '1001.5' })
    const [today] = await client.orders.getToday({ symbol: 'AAPL.US' })
    expect(today).toMatchObject({ orderId, status: 'NewStatus', quantity: '10', price: '100.15' })
    expect(await client.orders.modify({ orderId, quantity: '20', price: '99.99' })).toEqual({
      orderId,
      clientOid: null,
      symbol: 'AAPL.US',
    })
    expect(await funds(client)).toEqual({ available: '8000.2', frozen: '1999.8' })
    expect(await client.orders.cancel({ symbol: 'AAPL.US', orderId })).toEqual({
      orderId,
      clientOid: null,
      symbol: 'AAPL.US',
    })
    expect(await funds(client)).toEqual({ available: '10000', frozen: '0' })
    const detail = await client.orders.get({ orderId })
    expect(detail.status).toBe('CanceledStatus')
    expect(detail.history.map((h) => h.status)).toEqual([
      'NewStatus',
      'ReplacedStatus',
      'CanceledStatus',
    ])
  })

  test('partial fills are today-executions each; a cancel of a filled order is refused and not retried', async () => {
    const client = funded()
    const { orderId } = await client.orders.place(limit)
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '4', price: '100' })
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '6', price: '100.1' })
    const trades = await client.executions.getToday({ orderId })
    expect(trades.map((t) => [t.quantity, t.price])).toEqual([
      ['4', '100'],
      ['6', '100.1'],
    ])
    expect((await client.orders.get({ orderId })).executedPrice).toBe('100.06')
    const error = await client.orders
      .cancel({ symbol: 'AAPL.US', orderId })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('43020')
  })

  test('history-orders holds the orders of past days (injected clock)', async () => {
    const client = funded()
    const { orderId } = await client.orders.place(limit)
    const day = 24 * 3_600_000
    ctx.setNow(Date.UTC(2026, 6, 2, 14, 0))
    try {
      expect(await client.orders.getToday()).toEqual([])
      const page = await client.orders.getHistory({ symbol: 'AAPL.US' })
      expect(page.hasMore).toBe(false)
      expect(page.orders.map((o) => o.orderId)).toEqual([orderId])
      expect(page.orders[0]?.submittedAt).toBe(Date.UTC(2026, 6, 2, 14, 0) - day)
    } finally {
      ctx.setNow(Date.UTC(2026, 6, 1, 14, 0))
    }
  })
})

describe('unknown outcomes reconciled through the change engine', () => {
  test.each([
    ['the connection dropped after the order was made', { kind: 'drop', applied: true }],
    ['45001 after the order was made', { kind: 'code-after', code: '45001' }],
    ['HTTP 500 after the order was made', { kind: 'http500', applied: true }],
  ] as const)(
    'placement: %s: the one matching order of today is the result, sent once',
    async (_, fault) => {
      const client = funded()
      ctx.sandbox.admin.injectFault({ path: place, ...fault })
      const ack = await client.orders.place({ ...limit, submittedQuantity: '7' }, quick)
      const orders = await client.orders.getToday()
      expect(orders.map((o) => o.orderId)).toEqual([ack.orderId])
      expect(client.sent.filter((s) => s === 'securities.placeOrder')).toHaveLength(1)
    },
  )

  test('placement: 45001 before anything was made: no order matches; StockOrderOutcomeUnknownError without retryWith', async () => {
    const client = funded()
    ctx.sandbox.admin.injectFault({ path: place, kind: 'code-before', code: '45001' })
    const error = await client.orders.place(limit, quick).catch((e: unknown) => e)
    expect(StockOrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ why: 'not-found', candidates: [], code: '45001' })
    expect('retryWith' in (error as object)).toBe(false)
    expect(await client.orders.getToday()).toEqual([])
    expect(client.sent.filter((s) => s === 'securities.placeOrder')).toHaveLength(1)
  })

  /** A second client of the account of `client` (another key of its uid): another process. */
  const sibling = (client: ReturnType<typeof funded>) =>
    ctx.client(['trade_rw'], {
      rateLimiter: false,
      credentials: ctx.sandbox.admin.addKey({ uid: client.uid, permissions: ['trade_rw'] }),
    })

  test('placement: two identical orders in the window, one placed by another client, stay unknown, naming both', async () => {
    const client = funded()
    const first = await sibling(client).orders.place(limit)
    ctx.sandbox.admin.injectFault({ path: place, kind: 'code-after', code: '45001' })
    const error = await client.orders.place(limit, quick).catch((e: unknown) => e)
    expect(StockOrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const { why, candidates } = error as StockOrderOutcomeUnknownError
    expect(why).toBe('ambiguous')
    expect(candidates).toHaveLength(2)
    expect(candidates).toContain(first.orderId)
    expect((error as Error).message + (error as { details?: string }).details).toContain(
      'cannot be told',
    )
  })

  test('"the outcome is unknown and must be checked by querying the order": an identical order this client placed before is another call\'s, never this call\'s result', async () => {
    const client = funded()
    const first = await client.orders.place(limit)
    // Applied, then lost: the call's own order is the one found, not the first.
    ctx.sandbox.admin.injectFault({ path: place, kind: 'code-after', code: '45001' })
    const second = await client.orders.place(limit, quick)
    expect(second.orderId).not.toBe(first.orderId)
    expect((await client.orders.getToday()).map((o) => o.orderId)).toContain(second.orderId)
    // Lost before anything was made: not the first order either; the outcome stays unknown.
    ctx.sandbox.admin.injectFault({ path: place, kind: 'code-before', code: '40725' })
    const error = await client.orders.place(limit, quick).catch((e: unknown) => e)
    expect(StockOrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ why: 'not-found', candidates: [] })
    expect(await client.orders.getToday()).toHaveLength(2)
  })

  test.each([
    [
      'a trailing percent',
      { orderType: 'TSLPPCT', side: 'Sell', limitOffset: '0.1', trailingPercent: '2.5' },
      { trailingPercent: '5' },
    ],
    ['a time in force', { timeInForce: 'GoodTilCanceled' }, { timeInForce: 'Day' }],
  ] as const)(
    'placement: an order of another client that differs in %s is not this call, lost before it was made',
    async (_, theirs, ours) => {
      const client = funded()
      ctx.sandbox.admin.setStockPosition({ symbol: 'AAPL.US', quantity: '100', uid: client.uid })
      const { submittedPrice, ...rest } = limit
      const order = 'trailingPercent' in theirs ? { ...rest, ...theirs } : { ...limit, ...theirs }
      const other = await sibling(client).orders.place(order as never)
      ctx.sandbox.admin.injectFault({ path: place, kind: 'code-before', code: '40725' })
      const error = await client.orders
        .place({ ...order, ...ours } as never, quick)
        .catch((e: unknown) => e)
      expect(StockOrderOutcomeUnknownError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ why: 'not-found', candidates: [] })
      expect((await client.orders.getToday()).map((o) => o.orderId)).toEqual([other.orderId])
    },
  )

  test('placement: an order of the same fields made long before the call is not this call', async () => {
    const client = funded()
    await client.orders.place(limit)
    ctx.setNow(Date.UTC(2026, 6, 1, 14, 5))
    try {
      ctx.sandbox.admin.injectFault({ path: place, kind: 'code-after', code: '45001' })
      const ack = await client.orders.place(limit, quick)
      const today = await client.orders.getToday()
      expect(today).toHaveLength(2)
      expect(ack.orderId).toBe(today[1]?.orderId)
    } finally {
      ctx.setNow(Date.UTC(2026, 6, 1, 14, 0))
    }
  })

  test('cancel and modify: 45001 after the change applied is settled by order-detail', async () => {
    const client = funded()
    const { orderId } = await client.orders.place(limit)
    ctx.sandbox.admin.injectFault({
      path: Securities.modifyOrder.path,
      kind: 'code-after',
      code: '45001',
    })
    await client.orders.modify({ orderId, quantity: '12' }, quick)
    expect((await client.orders.get({ orderId })).quantity).toBe('12')
    ctx.sandbox.admin.injectFault({
      path: Securities.cancelOrder.path,
      kind: 'code-after',
      code: '45001',
    })
    const ack = await client.orders.cancel({ symbol: 'AAPL.US', orderId }, quick)
    expect(ack.orderId).toBe(orderId)
    expect(client.sent.filter((s) => s === 'securities.cancelOrder')).toHaveLength(1)
  })

  test('cancel of a partly filled order whose answer is lost (the sandbox drops it after cancelling): order-detail settles it, sent once', async () => {
    const client = funded()
    const { orderId } = await client.orders.place(limit)
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '4' })
    expect((await client.orders.get({ orderId })).executedQuantity).toBe('4')
    ctx.sandbox.admin.injectFault({
      path: Securities.cancelOrder.path,
      kind: 'drop',
      applied: true,
    })
    const ack = await client.orders.cancel({ symbol: 'AAPL.US', orderId }, quick)
    expect(ack).toEqual({ orderId, clientOid: null, symbol: 'AAPL.US' })
    expect(client.sent.filter((s) => s === 'securities.cancelOrder')).toHaveLength(1)
    const order = await client.orders.get({ orderId })
    expect(Securities.isLiveOrderStatus(order.status ?? '')).toBe(false)
    expect(order.executedQuantity).toBe('4')
  })

  test('cancel: 45001 before it applied leaves the order live: unknown, with the same cancel to send again', async () => {
    const client = funded()
    const { orderId } = await client.orders.place(limit)
    ctx.sandbox.admin.injectFault({
      path: Securities.cancelOrder.path,
      kind: 'code-before',
      code: '45001',
    })
    const error = await client.orders
      .cancel({ symbol: 'AAPL.US', orderId }, quick)
      .catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect((error as { retryWith?: unknown }).retryWith).toMatchObject({ orderId })
    // Cancelling an unknown order is proven not applied.
    const absent = await client.orders
      .cancel({ symbol: 'AAPL.US', orderId: '1' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(absent) && absent.code).toBe('43001')
    expect(OrderNotChangedError.isInstance(absent)).toBe(false)
  })
})
