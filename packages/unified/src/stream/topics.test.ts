// Every private topic over a real loopback WebSocket against the sandbox: the pushes as the
// sandbox's state changes, read into the REST record types.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cancelOrder } from '../actions/cancelOrder.js'
import { cancelStrategyOrder } from '../actions/cancelStrategyOrder.js'
import { getFills } from '../actions/getFills.js'
import { getOrderInfo } from '../actions/getOrderInfo.js'
import { placeOrder } from '../actions/placeOrder.js'
import { placeStrategyOrder } from '../actions/placeStrategyOrder.js'
import { futuresBuy, restingBuy } from '../test/sandbox.js'
import { eventually, quiet, streamSetup, take } from '../test/streams.js'

let env: Awaited<ReturnType<typeof streamSetup>>
beforeAll(async () => {
  env = await streamSetup()
})
afterAll(async () => {
  await env.close()
})

describe('stream.orders()', () => {
  test('a placed, partly filled, then cancelled order: one event per change, REST field names and spellings', async () => {
    const { stream, client } = env.open()
    const orders = stream.orders()
    await stream.ready()
    const ack = await placeOrder(client, restingBuy)
    env.sandbox.admin.fill(ack.orderId, '0.004')
    await cancelOrder(client, { orderId: ack.orderId })
    const events = await take(orders, 3)
    expect(events.map((e) => [e.orderId, e.orderStatus, e.cumExecQty])).toEqual([
      [ack.orderId, 'live', '0'],
      [ack.orderId, 'partially_filled', '0.004'],
      [ack.orderId, 'cancelled', '0.004'],
    ])
    const last = events[2]
    const rest = await getOrderInfo(client, { orderId: ack.orderId })
    // One type serves both: the push reads as the REST record (category upper-case, decimals as strings).
    expect(last?.category).toBe('SPOT')
    expect(last?.clientOid).toBe(ack.clientOid)
    expect(last?.price).toBe(rest.price)
    expect(last?.qty).toBe(rest.qty)
    expect(last?.updatedTime).toBe(rest.updatedTime)
    expect(await quiet(orders)).toBeUndefined()
    await orders.return?.()
  })

  test('a futures order: holdSide read as posSide, reduceOnly upper-cased, category USDT-FUTURES', async () => {
    const { stream, client } = env.open()
    const orders = stream.orders()
    await stream.ready()
    const ack = await placeOrder(client, futuresBuy)
    const [event] = await take(orders, 1)
    expect(event).toMatchObject({
      orderId: ack.orderId,
      category: 'USDT-FUTURES',
      reduceOnly: 'NO',
    })
    expect(event?.posSide ?? null).toBe(
      (await getOrderInfo(client, { orderId: ack.orderId })).posSide,
    )
    expect(event).not.toHaveProperty('holdSide')
    await cancelOrder(client, { orderId: ack.orderId })
    await orders.return?.()
  })
})

describe('stream.fills()', () => {
  test('each fill once, execTime read as createdTime, equal to the REST fill', async () => {
    const { stream, client } = env.open()
    const fills = stream.fills()
    await stream.ready()
    const ack = await placeOrder(client, restingBuy)
    env.sandbox.admin.fill(ack.orderId, '0.004')
    env.sandbox.admin.fill(ack.orderId)
    const events = await take(fills, 2)
    expect(events.map((f) => [f.orderId, f.execQty])).toEqual([
      [ack.orderId, '0.004'],
      [ack.orderId, '0.006'],
    ])
    const rest = await getFills(client, { orderId: ack.orderId })
    const byId = new Map(rest.list.map((f) => [f.execId, f]))
    for (const fill of events) {
      expect(fill.createdTime).toBe(byId.get(fill.execId)?.createdTime)
      expect(fill.execPrice).toBe(byId.get(fill.execId)?.execPrice)
      expect(fill).not.toHaveProperty('execTime')
    }
    await fills.return?.()
  })
})

describe('stream.positions()', () => {
  test('a snapshot on subscribe, an update on each change, ended when flat', async () => {
    const { stream, client } = env.open()
    const positions = stream.positions()
    await stream.ready()
    const ack = await placeOrder(client, futuresBuy)
    env.sandbox.admin.fill(ack.orderId)
    const opened = await take(positions, 1)
    expect(opened[0]).toMatchObject({ symbol: 'BTCUSDT', category: 'USDT-FUTURES' })
    expect(opened[0]?.total).toBe('0.01')
    const close = await placeOrder(client, {
      ...futuresBuy,
      side: 'sell',
      orderType: 'market',
      price: undefined,
      reduceOnly: 'yes',
    })
    expect(close.orderId).toBeTruthy()
    // Placed, the close order holds the position (pushed, as the exchange pushes a close order
    // placed); its fill then ends it.
    const [holding, flat] = await take(positions, 2)
    expect(holding).toMatchObject({ positionStatus: 'normal', frozen: '0.01', available: '0' })
    expect(flat?.positionStatus).toBe('ended')
    // The exchange's ended example has size "0" ("" would read as null, as REST's).
    expect(flat?.total === null || flat?.total === '0').toBe(true)
    // A reader joining a running subscription gets the open positions as last pushed.
    const reopen = await placeOrder(client, futuresBuy)
    env.sandbox.admin.fill(reopen.orderId)
    const [reopened] = await take(positions, 1)
    expect(reopened?.total).toBe('0.01')
    const late = stream.positions()
    const [current] = await take(late, 1)
    expect(current).toEqual(reopened)
    await late.return?.()
    await positions.return?.()
  })

  test('a new subscription gets the open positions as a snapshot', async () => {
    const { stream } = env.open()
    const positions = stream.positions()
    const [snapshot] = await take(positions, 1)
    expect(snapshot).toMatchObject({ symbol: 'BTCUSDT', category: 'USDT-FUTURES', total: '0.01' })
    await positions.return?.()
  })
})

describe('stream.account()', () => {
  test('a snapshot on subscribe, then an update after a balance change, with REST names', async () => {
    const { stream, client } = env.open()
    const account = stream.account()
    const [snapshot] = await take(account, 1)
    expect(snapshot?.accountEquity).toMatch(/^\d+(\.\d+)?$/)
    expect(snapshot?.assets.some((a) => a.coin === 'USDT')).toBe(true)
    expect(snapshot).not.toHaveProperty('totalEquity')
    // A listener joining gets the account as last pushed.
    const got: unknown[] = []
    const off = stream.on('account', (record, meta) => got.push([record, meta.action]))
    await eventually(() => got.length > 0, 'the last account')
    expect(got).toEqual([[snapshot, 'snapshot']])
    off()
    const ack = await placeOrder(client, restingBuy)
    env.sandbox.admin.fill(ack.orderId)
    const [update] = await take(account, 1)
    const eth = update?.assets.find((a) => a.coin === 'ETH')
    expect(eth?.balance).toBeTruthy()
    await account.return?.()
  })
})

describe('stream.on()', () => {
  test('listeners get each event with how it came (update) and stop when asked', async () => {
    const { stream, client } = env.open()
    const seen: string[] = []
    const off = stream.on('order', (order, meta) =>
      seen.push(`${order.orderStatus}:${meta.action}`),
    )
    await stream.ready()
    const ack = await placeOrder(client, restingBuy)
    await cancelOrder(client, { orderId: ack.orderId })
    const iterator = stream.orders()
    await stream.ready()
    const ack2 = await placeOrder(client, restingBuy)
    await take(iterator, 1)
    expect(seen).toEqual(['live:update', 'cancelled:update', 'live:update'])
    off()
    await cancelOrder(client, { orderId: ack2.orderId })
    await take(iterator, 1)
    expect(seen).toHaveLength(3)
    await iterator.return?.()
  })
})

describe('stream.strategyOrders() and stream.fastFills()', () => {
  test('a trigger order placed and cancelled: two strategy-order events with the REST record names', async () => {
    const { stream, client } = env.open()
    const strategies = stream.strategyOrders()
    await stream.ready()
    const ack = await placeStrategyOrder(client, {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      type: 'trigger',
      side: 'buy',
      qty: '0.01',
      triggerPrice: '3500',
      triggerOrderType: 'market',
    })
    await cancelStrategyOrder(client, { orderId: ack.orderId ?? undefined, category: 'SPOT' })
    const events = await take(strategies, 2)
    expect(events.map((e) => [e.orderId, e.status, e.category, e.type])).toEqual([
      [ack.orderId, 'pending', 'SPOT', 'trigger'],
      [ack.orderId, 'cancelled', 'SPOT', 'trigger'],
    ])
    expect(events[0]?.triggerPrice).toBe('3500')
    await strategies.return?.()
  })

  test('a fill on the fast-fill topic (one object per push): its id, price and quantity, before or with the full fill', async () => {
    const { stream, client } = env.open()
    const fast = stream.fastFills()
    const fills = stream.fills()
    await stream.ready()
    const ack = await placeOrder(client, restingBuy)
    env.sandbox.admin.fill(ack.orderId)
    const [quick] = await take(fast, 1)
    const [full] = await take(fills, 1)
    expect(quick).toMatchObject({
      orderId: ack.orderId,
      execId: full?.execId,
      execQty: '0.01',
      execPrice: full?.execPrice,
      category: 'SPOT',
      createdTime: full?.createdTime,
    })
    expect(quick).not.toHaveProperty('fee')
    await fast.return?.()
    await fills.return?.()
  })
})
