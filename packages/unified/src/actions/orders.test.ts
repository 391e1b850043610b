import { type ApiError, ValidationError } from '@tradeline/core'
import { createRateLimiter } from '@tradeline/rate-limit'
import { RateLimits } from '@tradeline/rules'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { futuresBuy, instrumentsOf, restingBuy, setup } from '../test/sandbox.js'
import { cancelAllOrders } from './cancelAllOrders.js'
import { cancelOrder } from './cancelOrder.js'
import { getFills } from './getFills.js'
import { getOpenOrders } from './getOpenOrders.js'
import { getOrderHistory } from './getOrderHistory.js'
import { getOrderInfo } from './getOrderInfo.js'
import { modifyOrder } from './modifyOrder.js'
import { placeOrder } from './placeOrder.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']

beforeAll(async () => {
  ;({ sandbox, client } = await setup())
})
afterAll(async () => {
  await sandbox.close()
})

describe('placeOrder', () => {
  test('A clientOid should always be sent. — one is generated and the order carries it', async () => {
    const c = client()
    const ack = await placeOrder(c, restingBuy)
    expect(ack.clientOid).toMatch(/^[A-Za-z0-9_-]{1,32}$/)
    const order = await getOrderInfo(c, { orderId: ack.orderId })
    expect(order).toMatchObject({ clientOid: ack.clientOid, orderStatus: 'live', price: '3000' })
  })

  test('a given clientOid is sent as is', async () => {
    const ack = await placeOrder(client(), { ...restingBuy, clientOid: 'given-1' })
    expect(ack.clientOid).toBe('given-1')
  })

  test('Futures price must be a multiple of `priceMultiplier` with at most `pricePrecision` decimals; futures qty must be ... a multiple of `sizeMultiplier`. — refused before sending', async () => {
    const c = client({ instruments: instrumentsOf(sandbox) })
    const error = await placeOrder(c, { ...futuresBuy, price: '60000.05', qty: '0.0105' }).catch(
      (e: unknown) => e,
    )
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.path.join('.'), i.type])).toEqual(
      expect.arrayContaining([
        ['price', expect.any(String)],
        ['qty', expect.any(String)],
      ]),
    )
    expect(c.sent).toEqual([])
  })

  test('the same order from a client told not to check instruments is refused by the exchange (41103)', async () => {
    const error = await placeOrder(client({ instruments: false }), {
      ...futuresBuy,
      price: '60000.05',
    }).catch((e: unknown) => e)
    expect((error as ApiError).code).toBe('41103')
  })

  test('Spot price must respect the decimal places; spot qty must exceed (or equal, per the second description) `minOrderAmount`. — a loader supplies the instrument', async () => {
    const known = instrumentsOf(sandbox)
    const asked: string[] = []
    const c = client({
      instruments: async (symbol, category) => {
        asked.push(`${symbol}/${category}`)
        return known[symbol]
      },
    })
    const error = await placeOrder(c, { ...restingBuy, price: '3000.001', qty: '0.00001' }).catch(
      (e: unknown) => e,
    )
    expect((error as ValidationError).issues.map((i) => i.path[0]).sort()).toEqual(['price', 'qty'])
    expect(asked).toEqual(['ETHUSDT/SPOT'])
    expect(c.sent).toEqual([])
    // Exactly the minimum passes (decision: inclusive minimum).
    await expect(placeOrder(c, { ...restingBuy, qty: '0.0001' })).resolves.toHaveProperty('orderId')
  })

  test('One-way mode: open long = `buy` ... posSide ... must be omitted in one-way mode (else error) — refused before sending', async () => {
    const c = client({ positionMode: 'one_way' })
    const error = await placeOrder(c, { ...futuresBuy, posSide: 'long' }).catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]?.path).toEqual(['posSide'])
    expect(c.sent).toEqual([])
  })

  test('Hedge mode: open long = side `buy` + posSide `long` — a per-category mode requires posSide', async () => {
    const c = client({ positionMode: { 'USDT-FUTURES': 'hedge' } })
    const error = await placeOrder(c, futuresBuy).catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]?.path).toEqual(['posSide'])
    // Spot is never checked against a futures mode.
    await expect(placeOrder(c, restingBuy)).resolves.toHaveProperty('orderId')
  })

  test('the earlier reduce-only order is cancelled and the new one placed; the response `orderId` is then null. — resolved by clientOid', async () => {
    const c = client()
    sandbox.admin.setPosition({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '0.01',
    })
    const close = { ...futuresBuy, side: 'sell', price: '70000', reduceOnly: 'yes' } as const
    const first = await placeOrder(c, close)
    const second = await placeOrder(c, { ...close, qty: '0.005', clientOid: 'ro-2' })
    expect(second.orderId).toMatch(/\S/)
    expect(second.orderId).not.toBe(first.orderId)
    expect((await getOrderInfo(c, { clientOid: 'ro-2' })).orderId).toBe(second.orderId)
    expect((await getOrderInfo(c, { orderId: first.orderId })).orderStatus).toBe('cancelled')
    expect(c.sent).toEqual([
      'unified.placeOrder',
      'unified.placeOrder',
      'unified.getOrderInfo',
      'unified.getOrderInfo',
      'unified.getOrderInfo',
    ])
  })
})

describe('modifyOrder', () => {
  test('Modifies an order that is not fully filled. — the order shows the new price', async () => {
    const c = client()
    const { orderId, clientOid } = await placeOrder(c, restingBuy)
    const ack = await modifyOrder(c, {
      orderId,
      symbol: 'ETHUSDT',
      category: 'SPOT',
      price: '3010',
    })
    expect(ack).toEqual({ orderId, clientOid })
    expect((await getOrderInfo(c, { orderId })).price).toBe('3010')
  })

  test('a fully filled order is refused by the exchange (43020)', async () => {
    const c = client()
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.fill(orderId)
    const error = await modifyOrder(c, { orderId, price: '3010' }).catch((e: unknown) => e)
    expect((error as ApiError).code).toBe('43020')
  })

  test('a price off the step is refused before sending when the instrument is known', async () => {
    const c = client({ instruments: instrumentsOf(sandbox) })
    const error = await modifyOrder(c, {
      orderId: '1',
      symbol: 'ETHUSDT',
      price: '3000.001',
    }).catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]?.path).toEqual(['price'])
    expect(c.sent).toEqual([])
  })
})

describe('cancelOrder', () => {
  test('Cancels one unfilled or partially filled order — by clientOid', async () => {
    const c = client()
    const { orderId, clientOid } = await placeOrder(c, restingBuy)
    expect(await cancelOrder(c, { clientOid, category: 'spot' })).toEqual({ orderId, clientOid })
    expect((await getOrderInfo(c, { orderId })).orderStatus).toBe('cancelled')
  })

  test('orderId ... wins over clientOid, also when they do not match', async () => {
    const c = client()
    const a = await placeOrder(c, restingBuy)
    const b = await placeOrder(c, restingBuy)
    const ack = await cancelOrder(c, { orderId: a.orderId, clientOid: b.clientOid })
    expect(ack.orderId).toBe(a.orderId)
    expect((await getOrderInfo(c, { orderId: b.orderId })).orderStatus).toBe('live')
  })
})

describe('cancelAllOrders', () => {
  test('cancels every open order of a symbol and lists them', async () => {
    const c = client()
    const placed = await Promise.all([placeOrder(c, restingBuy), placeOrder(c, restingBuy)])
    const cancelled = await cancelAllOrders(c, { category: 'SPOT', symbol: 'ETHUSDT' })
    expect(cancelled.map((o) => o.orderId)).toEqual(
      expect.arrayContaining(placed.map((p) => p.orderId)),
    )
    expect((await getOpenOrders(c, { category: 'SPOT', symbol: 'ETHUSDT' })).list).toEqual([])
  })
})

describe('getOrderInfo', () => {
  test('an unknown clientOid is the exchange error 43001', async () => {
    const error = await getOrderInfo(client(), { clientOid: 'never-placed' }).catch(
      (e: unknown) => e,
    )
    expect((error as ApiError).code).toBe('43001')
  })
})

describe('getOpenOrders', () => {
  test('pages with limit and cursor, newest first', async () => {
    const c = client()
    await cancelAllOrders(c, { category: 'SPOT' })
    const ids = []
    for (let i = 0; i < 3; i++) ids.push((await placeOrder(c, restingBuy)).orderId)
    const first = await getOpenOrders(c, { category: 'SPOT', limit: '2' })
    expect(first.list.map((o) => o.orderId)).toEqual([ids[2], ids[1]])
    const next = await getOpenOrders(c, { category: 'SPOT', limit: '2', cursor: first.cursor! })
    // The exchange's paging: a cursor on the last page too; the page after it is empty.
    expect(next).toMatchObject({ list: [{ orderId: ids[0] }], cursor: ids[0] })
    const end = await getOpenOrders(c, { category: 'SPOT', limit: '2', cursor: next.cursor! })
    expect(end.list).toEqual([])
  })
})

describe('getOrderHistory', () => {
  test('lists filled and cancelled orders of a category', async () => {
    const c = client()
    const { orderId } = await placeOrder(c, restingBuy)
    await cancelOrder(c, { orderId })
    const page = await getOrderHistory(c, { category: 'SPOT' })
    expect(page.list.find((o) => o.orderId === orderId)?.orderStatus).toBe('cancelled')
  })

  test('a window longer than 30 days is refused before sending', async () => {
    const c = client()
    const error = await getOrderHistory(c, {
      category: 'SPOT',
      startTime: '0',
      endTime: String(31 * 86_400_000),
    }).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(c.sent).toEqual([])
  })
})

describe('getFills', () => {
  test('a market order fills at once and its fill is listed with decimal strings', async () => {
    const c = client()
    const { orderId } = await placeOrder(c, {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'sell',
      orderType: 'market',
      qty: '0.01',
    })
    const page = await getFills(c, { orderId })
    expect(page.list).toEqual([
      expect.objectContaining({ orderId, side: 'sell', execPrice: '3200.00', execQty: '0.01' }),
    ])
  })
})

describe('cancelOrder and the rToken budget', () => {
  test('an rToken order placed by this client and cancelled by id is charged to the rToken budget too (the limiter is told its symbol)', async () => {
    const seen: { endpoint: string; symbol: string | undefined }[] = []
    const limiter = createRateLimiter()
    const c = client({
      rateLimiter: {
        acquire: (parameters) => {
          seen.push({ endpoint: parameters.endpoint, symbol: parameters.request.symbol })
          return limiter.acquire(parameters)
        },
      },
    })
    const rToken = { ...restingBuy, symbol: 'rAAPLUSDT', qty: '1', price: '200' }
    const byOrderId = await placeOrder(c, rToken)
    const byClientOid = await placeOrder(c, rToken)
    await cancelOrder(c, { orderId: byOrderId.orderId })
    await cancelOrder(c, { clientOid: byClientOid.clientOid })
    const cancels = seen.filter((s) => s.endpoint === 'unified.cancelOrder')
    expect(cancels).toEqual([
      { endpoint: 'unified.cancelOrder', symbol: 'rAAPLUSDT' },
      { endpoint: 'unified.cancelOrder', symbol: 'rAAPLUSDT' },
    ])
    expect(
      RateLimits.resolve('unified.cancelOrder', { symbol: cancels[0]!.symbol }).map((r) => r.key),
    ).toContain('unified.rToken')
  })
})

/*
 * An order placed elsewhere (the web UI, another tool) may carry a clientOid that this SDK would
 * never generate, such as the exchange's own `BITGET#...` ids: it is read and cancelled by it.
 */
describe('an order named by a clientOid placed elsewhere', () => {
  test('"BITGET#1": read by clientOid (the `#` percent-encoded in the query) and cancelled by it', async () => {
    const seeded = sandbox.admin.addOrder({ ...restingBuy, clientOid: 'BITGET#1' })
    const c = client()
    expect(await getOrderInfo(c, { clientOid: 'BITGET#1' })).toMatchObject({
      orderId: seeded.orderId,
      clientOid: 'BITGET#1',
      orderStatus: 'live',
    })
    expect(await cancelOrder(c, { category: 'SPOT', clientOid: 'BITGET#1' })).toMatchObject({
      orderId: seeded.orderId,
      clientOid: 'BITGET#1',
    })
    expect(await getOrderInfo(c, { orderId: seeded.orderId })).toMatchObject({
      orderStatus: 'cancelled',
    })
    expect(c.sent).toEqual(['unified.getOrderInfo', 'unified.cancelOrder', 'unified.getOrderInfo'])
  })

  test('the characters a query gives a meaning to (`&`, `=`, `+`, `%`, a space) travel as given', async () => {
    const id = 'a&b=c d+e%20'
    const seeded = sandbox.admin.addOrder({ ...restingBuy, clientOid: id })
    expect(await getOrderInfo(client(), { clientOid: id })).toMatchObject({
      orderId: seeded.orderId,
      clientOid: id,
    })
  })
})
