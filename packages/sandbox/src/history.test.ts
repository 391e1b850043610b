import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSandboxApp } from './app.js'
import { createOrderHistory, type OrderHistoryEntry } from './history.js'
import type { Order } from './orders.js'
import { classicAccount, order as classicOrder, classicPaths } from './test/classic.js'
import { ethBuy, paths, start, T0 } from './test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const eth = { category: 'SPOT', symbol: 'ETHUSDT' }

/** What a test compares of an entry. */
const brief = (entry: OrderHistoryEntry) =>
  entry.kind === 'order'
    ? {
        change: entry.change,
        status: entry.order.status,
        price: entry.order.price,
        filledQty: entry.order.filledQty,
      }
    : { change: entry.change, status: entry.strategy.status, qty: entry.strategy.qty }

describe('admin.orderHistory', () => {
  test('every add and change of an order, in order, with its sequence number and time', async () => {
    const before = ctx.sandbox.admin.orderHistory().seq
    const placed = await ctx.api.post(paths.place, ethBuy({ price: '3000', clientOid: 'h-1' }))
    const { orderId } = placed.body.data
    await ctx.api.post(paths.modify, { ...eth, orderId, price: '3010' })
    ctx.clock.set(T0 + 1000)
    ctx.sandbox.admin.fill(orderId, '0.4')
    await ctx.api.post(paths.cancel, { orderId })
    const { entries, seq, complete } = ctx.sandbox.admin.orderHistory({ orderId })
    expect(entries.map(brief)).toEqual([
      { change: 'add', status: 'live', price: '3000', filledQty: '0' },
      { change: 'update', status: 'live', price: '3010', filledQty: '0' },
      { change: 'update', status: 'partially_filled', price: '3010', filledQty: '0.4' },
      { change: 'update', status: 'cancelled', price: '3010', filledQty: '0.4' },
    ])
    expect(entries.map((e) => e.seq)).toEqual([before + 1, before + 2, before + 3, before + 4])
    expect(entries.map((e) => e.at)).toEqual([T0, T0, T0 + 1000, T0 + 1000])
    expect(entries[0]).toMatchObject({ uid: ctx.sandbox.admin.state().keys[0]?.uid, kind: 'order' })
    expect({ seq, complete }).toEqual({ seq: before + 4, complete: true })
    ctx.clock.set(T0)
  })

  test('a delayed modification is recorded when it is applied, not when it is acknowledged', async () => {
    const { orderId } = (await ctx.api.post(paths.place, ethBuy({ price: '3000' }))).body.data
    ctx.sandbox.admin.setModificationDelay(500)
    const acknowledged = await ctx.api.post(paths.modify, { ...eth, orderId, price: '3020' })
    expect(acknowledged.body.code).toBe('00000')
    expect(ctx.sandbox.admin.orderHistory({ orderId }).entries.map(brief)).toEqual([
      { change: 'add', status: 'live', price: '3000', filledQty: '0' },
    ])
    ctx.clock.set(T0 + 500)
    const { entries } = ctx.sandbox.admin.orderHistory({ orderId })
    expect(entries.map(brief)[1]).toEqual({
      change: 'update',
      status: 'live',
      price: '3020',
      filledQty: '0',
    })
    expect(entries[1]?.at).toBe(T0 + 500)
    ctx.sandbox.admin.setModificationDelay(0)
    ctx.clock.set(T0)
  })

  test('a classic replacement: the old order cancelled (replaced), then the new one added under newClientOid', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(classicPaths.place, classicOrder({ clientOid: 'h-old' }))
    const { orderId } = placed.body.data
    const before = ctx.sandbox.admin.orderHistory().seq
    await a.api.post(classicPaths.modify, {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      orderId,
      newClientOid: 'h-new',
      newSize: '2',
      newPrice: '60100',
    })
    const changes = ctx.sandbox.admin
      .orderHistory({ uid: a.uid, afterSeq: before })
      .entries.map((e) => e.kind === 'order' && [e.change, e.order.clientOid, e.order.status])
    expect(changes).toEqual([
      ['update', 'h-old', 'cancelled'],
      ['add', 'h-new', 'live'],
    ])
    const old = ctx.sandbox.admin.orderHistory({ orderId }).entries.at(-1) as { order: Order }
    expect(old.order.cancelReason).toBe('replaced')
  })

  test('strategy orders: placed, modified, cancelled', async () => {
    const placed = await ctx.api.post(paths.placeStrategy, {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      type: 'trigger',
      side: 'buy',
      qty: '1',
      triggerPrice: '4000.00',
      triggerOrderType: 'market',
    })
    const { orderId } = placed.body.data
    await ctx.api.post(paths.modifyStrategy, { orderId, qty: '2' })
    await ctx.api.post(paths.cancelStrategy, { orderId, category: 'SPOT' })
    const { entries } = ctx.sandbox.admin.orderHistory({ orderId })
    expect(entries.every((e) => e.kind === 'strategy')).toBe(true)
    expect(entries.map(brief)).toEqual([
      { change: 'add', status: 'live', qty: '1' },
      { change: 'update', status: 'live', qty: '2' },
      { change: 'update', status: 'cancelled', qty: '2' },
    ])
  })

  test('GET /sandbox/order-history answers the same, after a sequence number and of one account', async () => {
    const { orderId } = (await ctx.api.post(paths.place, ethBuy({ price: '3000' }))).body.data
    const [added] = ctx.sandbox.admin.orderHistory({ orderId }).entries
    const uid = added?.uid ?? ''
    const read = async (query: string) =>
      (await (await fetch(`${ctx.sandbox.url}/sandbox/order-history?${query}`)).json()).data
    const all = await read(`uid=${uid}`)
    expect(all).toEqual(JSON.parse(JSON.stringify(ctx.sandbox.admin.orderHistory({ uid }))))
    expect(await read(`afterSeq=${(added?.seq ?? 0) - 1}&orderId=${orderId}`)).toMatchObject({
      entries: [{ seq: added?.seq, change: 'add', order: { orderId } }],
      complete: true,
    })
    expect((await read('uid=nobody')).entries).toEqual([])
    const refused = await fetch(`${ctx.sandbox.url}/sandbox/order-history?afterSeq=-1`)
    expect({ status: refused.status, code: (await refused.json()).code }).toEqual({
      status: 400,
      code: '40017',
    })
  })
})

describe('createOrderHistory', () => {
  const order = (orderId: string, uid: string) =>
    ({ orderId, uid, clientOid: orderId, status: 'live' }) as unknown as Order

  test('bounded: each account keeps its last `limit` entries, and a read says when some it asks for were dropped', () => {
    const history = createOrderHistory({ now: () => 7 }, 3)
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      history.record('u1', 'add', { kind: 'order', order: order(id, 'u1') })
    history.record('u2', 'add', { kind: 'order', order: order('x', 'u2') })
    const u1 = history.read({ uid: 'u1' })
    expect(u1.entries.map((e) => e.seq)).toEqual([3, 4, 5])
    expect(u1.complete).toBe(false)
    expect(history.read({ uid: 'u1', afterSeq: 2 })).toMatchObject({ seq: 6, complete: true })
    expect(history.read({ uid: 'u2' })).toMatchObject({
      entries: [{ seq: 6, at: 7 }],
      complete: true,
    })
    expect(history.read().entries.map((e) => e.seq)).toEqual([3, 4, 5, 6])
    expect(() => createOrderHistory({ now: () => 0 }, 0)).toThrow(RangeError)
  })

  test('the orderHistoryLimit option of the sandbox', () => {
    const { admin, state } = createSandboxApp({ seed: 1, orderHistoryLimit: 2 })
    for (let i = 0; i < 3; i++) admin.addOrder({ ...ethBuy() } as never)
    expect(state.orderHistory.limit).toBe(2)
    expect(admin.orderHistory()).toMatchObject({ seq: 3, complete: false })
    expect(admin.orderHistory().entries).toHaveLength(2)
  })
})
