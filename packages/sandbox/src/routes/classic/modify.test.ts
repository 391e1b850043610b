import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, market, order, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0')
  ctx.sandbox.admin.holdModifications(false)
  ctx.sandbox.admin.setModificationDelay(0)
})

const modify = (overrides: Record<string, unknown>) => ({ ...pair, ...overrides })

/** A fresh account with a resting limit buy `m-0` (60000, size 1, take-profit 70000, stop-loss 55000). */
async function resting() {
  const a = classicAccount(ctx)
  const presets = { presetStopSurplusPrice: '70000', presetStopLossPrice: '55000' }
  const { body } = await a.api.post(classicPaths.place, order({ ...presets, clientOid: 'm-0' }))
  return { a, orderId: body.data.orderId as string }
}

describe('POST /api/v2/mix/order/modify-order', () => {
  test('Changing size or price cancels the old order and creates a new one ... use newClientOid to query the new order (its orderId is not returned synchronously) — decision: the answer is { orderId: null, clientOid: newClientOid }', async () => {
    const { a, orderId } = await resting()
    const { body } = await a.api.post(
      classicPaths.modify,
      modify({ orderId, newClientOid: 'm-1', newSize: '2', newPrice: '61000' }),
    )
    expect(body.data).toEqual({ orderId: null, clientOid: 'm-1' })
    expect((await a.read.detail({ orderId })).data).toMatchObject({
      state: 'canceled',
      cancelReason: 'replaced',
    })
    const created = (await a.read.detail({ clientOid: 'm-1' })).data
    expect(created).toMatchObject({
      state: 'live',
      size: '2',
      price: '61000',
      presetStopSurplusPrice: '70000',
      presetStopLossPrice: '55000',
    })
    expect(created.orderId).not.toBe(orderId)
  })

  test('"asynchronously": with modifications held, the old order stays live and the new one appears when they are released', async () => {
    const { a, orderId } = await resting()
    ctx.sandbox.admin.holdModifications(true)
    const change = modify({ orderId, newClientOid: 'm-h', newSize: '2', newPrice: '61000' })
    expect((await a.api.post(classicPaths.modify, change)).body.data).toEqual({
      orderId: null,
      clientOid: 'm-h',
    })
    expect((await a.read.detail({ orderId })).data.state).toBe('live')
    expect((await a.read.detail({ clientOid: 'm-h' })).code).toBe('40109')
    const again = modify({ orderId, newClientOid: 'm-h2', newPresetStopLossPrice: '56000' })
    expect((await a.api.post(classicPaths.modify, again)).body.code).toBe('43021')
    ctx.sandbox.admin.holdModifications(false)
    expect((await a.read.detail({ clientOid: 'm-h' })).data).toMatchObject({ state: 'live' })
    expect((await a.read.detail({ orderId })).data.state).toBe('canceled')
  })

  test('a new price that crosses fills the new order at once', async () => {
    const { a, orderId } = await resting()
    const change = modify({ orderId, newClientOid: 'm-x', newSize: '1', newPrice: '66000' })
    await a.api.post(classicPaths.modify, change)
    expect((await a.read.detail({ clientOid: 'm-x' })).data).toMatchObject({ state: 'filled' })
  })

  test('Changing only take-profit/stop-loss does not cancel the old order — decision: it keeps its orderId and clientOid (newClientOid is not used)', async () => {
    const { a, orderId } = await resting()
    const { body } = await a.api.post(
      classicPaths.modify,
      modify({
        orderId,
        newClientOid: 'm-t',
        newPresetStopSurplusPrice: '72000',
        newPresetStopLossPrice: '',
      }),
    )
    expect(body.data).toEqual({ orderId, clientOid: 'm-0' })
    expect((await a.read.detail({ orderId })).data).toMatchObject({
      state: 'live',
      presetStopSurplusPrice: '72000',
      presetStopLossPrice: '55000',
    })
  })

  test('if only one of take-profit and stop-loss is sent, the other is cancelled', async () => {
    const { a, orderId } = await resting()
    await a.api.post(
      classicPaths.modify,
      modify({ orderId, newClientOid: 'm-o', newPresetStopSurplusPrice: '71000' }),
    )
    expect((await a.read.detail({ orderId })).data).toMatchObject({
      presetStopSurplusPrice: '71000',
      presetStopLossPrice: '',
    })
  })

  test('newPresetStopSurplusPrice ... 0 deletes', async () => {
    const { a, orderId } = await resting()
    await a.api.post(
      classicPaths.modify,
      modify({
        orderId,
        newClientOid: 'm-z',
        newPresetStopSurplusPrice: '0',
        newPresetStopLossPrice: '',
      }),
    )
    expect((await a.read.detail({ orderId })).data).toMatchObject({
      presetStopSurplusPrice: '',
      presetStopLossPrice: '55000',
    })
  })

  test('If size, price and take-profit/stop-loss are all sent, the take-profit/stop-loss has no effect (the lenient sandbox ignores them, as the exchange does)', async () => {
    const lenient = await start({ strict: false })
    try {
      const a = classicAccount(lenient)
      const placed = await a.api.post(
        classicPaths.place,
        order({ presetStopSurplusPrice: '70000', clientOid: 'm-a0' }),
      )
      const change = modify({
        orderId: placed.body.data.orderId,
        newClientOid: 'm-a',
        newSize: '2',
        newPrice: '61000',
        newPresetStopSurplusPrice: '80000',
      })
      expect((await a.api.post(classicPaths.modify, change)).body.code).toBe('00000')
      expect((await a.read.detail({ clientOid: 'm-a' })).data).toMatchObject({
        size: '2',
        presetStopSurplusPrice: '70000',
      })
    } finally {
      await lenient.sandbox.close()
    }
  })

  test('decision: with strict the sandbox refuses such a take-profit/stop-loss as the rules do (40017 naming it)', async () => {
    const { a, orderId } = await resting()
    const change = modify({
      orderId,
      newClientOid: 'm-s',
      newSize: '2',
      newPrice: '61000',
      newPresetStopLossPrice: '50000',
    })
    const { body } = await a.api.post(classicPaths.modify, change)
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('newPresetStopLossPrice')
  })

  test('only pending limit orders in new status can be modified — decision: a partly filled order answers 40017 naming the rule, a filled one 43020', async () => {
    const { a, orderId } = await resting()
    ctx.sandbox.admin.fill(orderId, '0.5')
    const change = modify({ orderId, newClientOid: 'm-p', newPresetStopLossPrice: '50000' })
    const partly = await a.api.post(classicPaths.modify, change)
    expect(partly.body).toMatchObject({
      code: '40017',
      msg: 'parameter verification failed: only pending limit orders in new status can be modified',
    })
    ctx.sandbox.admin.fill(orderId)
    expect((await a.api.post(classicPaths.modify, change)).body.code).toBe('43020')
  })

  test('newPrice ... must not be set for market-type order; a market-type order is not modifiable', async () => {
    const a = classicAccount(ctx)
    const seeded = ctx.sandbox.admin.addOrder({
      uid: a.uid,
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      qty: '1',
      marginCoin: 'USDT',
    })
    const price = modify({ orderId: seeded.orderId, newClientOid: 'm-m', newPrice: '61000' })
    expect((await a.api.post(classicPaths.modify, price)).body.code).toBe('40017')
    const tpsl = modify({
      orderId: seeded.orderId,
      newClientOid: 'm-m',
      newPresetStopLossPrice: '1',
    })
    expect((await a.api.post(classicPaths.modify, tpsl)).body.msg).toContain(
      'only pending limit orders in new status can be modified',
    )
  })

  test('pass both size and price: one without the other answers 40017; "newSize ... must meet minimum order quantity" (40808)', async () => {
    const { a, orderId } = await resting()
    const sizeOnly = modify({ orderId, newClientOid: 'm-so', newSize: '2' })
    expect((await a.api.post(classicPaths.modify, sizeOnly)).body.code).toBe('40017')
    const tiny = modify({ orderId, newClientOid: 'm-ti', newSize: '0.0001', newPrice: '61000' })
    expect((await a.api.post(classicPaths.modify, tiny)).body.code).toBe('40808')
  })

  test('orderId wins over clientOid; unknown orders answer 40768; a newClientOid already used 40786', async () => {
    const { a, orderId } = await resting()
    const unknown = modify({
      orderId: '999',
      clientOid: 'm-0',
      newClientOid: 'm-u',
      newSize: '2',
      newPrice: '61000',
    })
    expect((await a.api.post(classicPaths.modify, unknown)).body).toMatchObject({
      code: '40768',
      msg: 'Order does not exist',
    })
    const reused = modify({ orderId, newClientOid: 'm-0', newSize: '2', newPrice: '61000' })
    expect((await a.api.post(classicPaths.modify, reused)).body.code).toBe('40786')
    const byClientOid = modify({
      clientOid: 'm-0',
      newClientOid: 'm-c',
      newSize: '2',
      newPrice: '61000',
    })
    expect((await a.api.post(classicPaths.modify, byClientOid)).body.code).toBe('00000')
  })

  test('a market order is never pending: modifying a filled one answers 43020', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(classicPaths.place, market())
    const change = modify({
      orderId: body.data.orderId,
      newClientOid: 'm-f',
      newPresetStopLossPrice: '1',
    })
    expect((await a.api.post(classicPaths.modify, change)).body.code).toBe('43020')
  })
})

describe('newClientOid beyond 32 characters (ccxt editOrder sends a 36-character UUID)', () => {
  const uuid = 'd9e1053a-58d9-488a-855b-016fbe6e0e00'
  let lenient: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    lenient = await start({ strict: false })
    lenient.sandbox.admin.setPrice('BTCUSDT', '65000.0')
  })
  afterAll(() => lenient.sandbox.close())

  test('lenient: "newClientOid | String | Yes | New customized order ID" (no bound on the page) is taken; the new order is read and cancelled by it', async () => {
    const a = classicAccount(lenient)
    const placed = await a.api.post(classicPaths.place, order({ clientOid: 'u-0' }))
    const change = {
      orderId: placed.body.data.orderId,
      newClientOid: uuid,
      newSize: '2',
      newPrice: '61000',
    }
    const { body } = await a.api.post(classicPaths.modify, modify(change))
    expect(body.data).toEqual({ orderId: null, clientOid: uuid })
    expect((await a.read.detail({ clientOid: uuid })).data).toMatchObject({
      state: 'live',
      size: '2',
    })
    const cancelled = await a.api.post(classicPaths.cancel, { ...pair, clientOid: uuid })
    expect(cancelled.body.data).toMatchObject({ clientOid: uuid })
    expect((await a.read.detail({ clientOid: uuid })).data.state).toBe('canceled')
  })

  test('lenient: over 64 characters or with a control character is still refused naming newClientOid', async () => {
    const a = classicAccount(lenient)
    const placed = await a.api.post(classicPaths.place, order({ clientOid: 'u-1' }))
    for (const newClientOid of ['x'.repeat(65), 'a\tb']) {
      const change = {
        orderId: placed.body.data.orderId,
        newClientOid,
        newSize: '2',
        newPrice: '61000',
      }
      const { body } = await a.api.post(classicPaths.modify, modify(change))
      expect(body.code).toBe('40017')
      expect(body.msg).toContain('newClientOid')
    }
  })

  test('strict: the rules keep a new clientOid to 32 characters, and refuse the UUID', async () => {
    const { a, orderId } = await resting()
    const change = { orderId, newClientOid: uuid, newSize: '2', newPrice: '61000' }
    const { body } = await a.api.post(classicPaths.modify, modify(change))
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('newClientOid')
  })
})
