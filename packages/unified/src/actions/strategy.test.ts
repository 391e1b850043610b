import { ValidationError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { instrumentsOf, setup } from '../test/sandbox.js'
import { cancelStrategyOrder } from './cancelStrategyOrder.js'
import { getOpenStrategyOrders } from './getOpenStrategyOrders.js'
import { getOrderInfo } from './getOrderInfo.js'
import { getStrategyOrderHistory } from './getStrategyOrderHistory.js'
import { modifyStrategyOrder } from './modifyStrategyOrder.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']

beforeAll(async () => {
  ;({ sandbox, client } = await setup())
  sandbox.admin.setPosition({
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'net',
    size: '0.05',
  })
})
afterAll(async () => {
  await sandbox.close()
})

const stopLoss = { category: 'usdt-futures', symbol: 'BTCUSDT', stopLoss: '58000' } as const
const trigger = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  type: 'trigger',
  side: 'buy',
  // A spot market buy's qty is its quote amount: 35 USDT buys 0.01 ETH at the trigger price
  // (an amount that buys less than one base step is refused, and the triggered order fails).
  qty: '35',
  triggerPrice: '3500',
  triggerOrderType: 'market',
} as const

describe('placeStrategyOrder', () => {
  test('clientOid ... effective only when type=tpsl — a tpsl gets a generated clientOid', async () => {
    const ack = await placeStrategyOrder(client(), stopLoss)
    expect(ack).toEqual({
      orderId: expect.any(String),
      clientOid: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
    })
  })

  test('clientOid ... effective only when type=tpsl — other types get none', async () => {
    const c = client()
    const ack = await placeStrategyOrder(c, trigger)
    expect(ack.clientOid).toBeNull()
    const error = await placeStrategyOrder(c, { ...trigger, clientOid: 'mine' }).catch(
      (e: unknown) => e,
    )
    expect((error as ValidationError).issues[0]?.path).toEqual(['clientOid'])
  })

  test('Support by category "oco | ... USDT-FUTURES | no" — refused before sending', async () => {
    const c = client()
    const error = await placeStrategyOrder(c, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      type: 'oco',
      side: 'sell',
      qty: '0.01',
      ocoParams: [{ ocoLimitPrice: '70000', ocoTriggerPrice: '60000', ocoOrderType: 'market' }],
    }).catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]).toMatchObject({
      path: ['type'],
      type: 'unsupported',
    })
    expect(c.sent).toEqual([])
  })

  test('side: position-direction mapping as in place-order rule 4 — hedge mode needs posSide (position mode from a loader)', async () => {
    const c = client({ positionMode: async () => 'hedge' as const })
    const error = await placeStrategyOrder(c, stopLoss).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(c.sent).toEqual([])
  })

  test('a trigger price off the price step is refused when the instrument is known', async () => {
    const c = client({ instruments: instrumentsOf(sandbox) })
    const error = await placeStrategyOrder(c, { ...trigger, triggerPrice: '3500.001' }).catch(
      (e: unknown) => e,
    )
    expect((error as ValidationError).issues[0]?.path).toEqual(['triggerPrice'])
    expect(c.sent).toEqual([])
  })
  test('decision: twap offsets and prices go in as decimal strings and out as JSON numbers of their exact text: a strict sandbox reads every digit', async () => {
    const c = client({ instruments: instrumentsOf(sandbox) })
    const param = {
      duration: '60',
      interval: '30',
      orderType: 'limit',
      limitOffsetType: 'spread',
      limitOffsetSpread: '12.5000000000000000001',
      twapTriggerPrice: '3300.50',
      twapTerminationPrice: '3400',
    } as const
    const { orderId } = await placeStrategyOrder(c, {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      type: 'twap',
      side: 'buy',
      qty: '0.01',
      twapParams: [param],
    })
    expect(c.sent).toEqual(['strategy.placeStrategyOrder'])
    const stored = sandbox.admin.state().strategies.find((s) => s.orderId === orderId)
    expect(stored?.params.twapParams).toEqual([{ ...param, twapTriggerPrice: '3300.5' }])
    const page = await getOpenStrategyOrders(c, { category: 'SPOT', type: 'twap' })
    expect(page.list.find((o) => o.orderId === orderId)?.twapParams).toMatchObject([
      { limitOffsetSpread: '12.5000000000000000001', twapTriggerPrice: '3300.5' },
    ])
  })
})

describe('modifyStrategyOrder', () => {
  test('moves the stop-loss of a live tpsl order', async () => {
    const c = client()
    const { orderId } = await placeStrategyOrder(c, stopLoss)
    expect(await modifyStrategyOrder(c, { orderId: orderId!, stopLoss: '57500' })).toMatchObject({
      orderId,
    })
    const open = await getOpenStrategyOrders(c, { category: 'USDT-FUTURES', type: 'tpsl' })
    expect(open.list.find((o) => o.orderId === orderId)).toMatchObject({ stopLoss: '57500' })
  })

  test('moves the trigger of a live trigger order (triggerPrice, triggerBy; the exchange page lists them)', async () => {
    const c = client()
    const { orderId } = await placeStrategyOrder(c, trigger)
    const change = { triggerPrice: '3550', triggerBy: 'mark' } as const
    expect(await modifyStrategyOrder(c, { orderId: orderId!, ...change })).toMatchObject({
      orderId,
    })
    const open = await getOpenStrategyOrders(c, { category: 'SPOT', type: 'trigger' })
    expect(open.list.find((o) => o.orderId === orderId)).toMatchObject(change)
  })
})

describe('cancelStrategyOrder', () => {
  test('cancels by clientOid; the order moves to the history', async () => {
    const c = client()
    const { orderId, clientOid } = await placeStrategyOrder(c, {
      ...stopLoss,
      clientOid: 'sl-cancel',
    })
    expect(clientOid).toBe('sl-cancel')
    // The exchange answers `data: null` (its page; fixtures/exchange): the ids are the ones the
    // request named, so a cancel by clientOid knows no orderId (a record schema of the ids threw
    // a ResponseError on that null before).
    expect(
      await cancelStrategyOrder(c, { clientOid: 'sl-cancel', category: 'USDT-FUTURES' }),
    ).toEqual({ orderId: null, clientOid: 'sl-cancel' })
    const history = await getStrategyOrderHistory(c, { category: 'USDT-FUTURES' })
    expect(history.list.find((o) => o.orderId === orderId)?.status).toBe('cancelled')
  })
})

describe('getOpenStrategyOrders', () => {
  test('lists live strategy orders of a category and type', async () => {
    const c = client()
    const { orderId } = await placeStrategyOrder(c, trigger)
    const page = await getOpenStrategyOrders(c, { category: 'SPOT', type: 'trigger' })
    expect(page.list.map((o) => o.orderId)).toContain(orderId)
    expect(page.list.every((o) => o.type === 'trigger' && o.status === 'pending')).toBe(true)
  })
})

describe('getStrategyOrderHistory', () => {
  test('a triggered order shows the leg that triggered and the orders it placed', async () => {
    const c = client()
    const { orderId } = await placeStrategyOrder(c, trigger)
    sandbox.admin.setPrice('ETHUSDT', '3500')
    sandbox.admin.setPrice('ETHUSDT', '3200')
    const history = await getStrategyOrderHistory(c, { category: 'SPOT', type: 'trigger' })
    const record = history.list.find((o) => o.orderId === orderId)
    expect(record).toMatchObject({
      status: 'success',
      triggeredLeg: 'trigger',
      triggerPrice: '3500',
      orderIds: [expect.any(String)],
      createdTime: expect.stringMatching(/^\d+$/),
    })
    const placed = await getOrderInfo(c, { orderId: record!.orderIds![0]! })
    expect(placed).toMatchObject({ symbol: 'ETHUSDT', side: 'buy', orderType: 'market' })
  })

  test('a window that ends before it starts is refused before sending', async () => {
    const c = client()
    const error = await getStrategyOrderHistory(c, {
      category: 'SPOT',
      startTime: '2000',
      endTime: '1000',
    }).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(c.sent).toEqual([])
  })
})
