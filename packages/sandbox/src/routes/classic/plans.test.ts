import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, market, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0')
  ctx.sandbox.admin.setMarkPrices({ BTCUSDT: '' })
})

const paths = {
  place: '/api/v2/mix/order/place-plan-order',
  tpsl: '/api/v2/mix/order/place-tpsl-order',
  posTpsl: '/api/v2/mix/order/place-pos-tpsl',
  modify: '/api/v2/mix/order/modify-plan-order',
  modifyTpsl: '/api/v2/mix/order/modify-tpsl-order',
  cancel: '/api/v2/mix/order/cancel-plan-order',
  pending: '/api/v2/mix/order/orders-plan-pending',
  history: '/api/v2/mix/order/orders-plan-history',
} as const

/** A normal_plan market buy of 1 BTCUSDT triggering at 66000 (last price). */
const plan = (overrides: Record<string, unknown> = {}) => ({
  ...pair,
  planType: 'normal_plan',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '1',
  triggerPrice: '66000',
  triggerType: 'fill_price',
  side: 'buy',
  orderType: 'market',
  ...overrides,
})

/** Sets the last price over HTTP, as a test harness does. */
async function prices(body: Record<string, unknown>) {
  const response = await fetch(`${ctx.sandbox.url}/sandbox/prices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
}
const last = (price: string) => prices({ prices: { BTCUSDT: price } })

type Account = ReturnType<typeof classicAccount>
const list = async (a: Account, path: string, query: Record<string, string> = {}) => {
  const { body } = await a.api.get(path, {
    productType: 'USDT-FUTURES',
    planType: 'normal_plan',
    ...query,
  })
  expect(body.code).toBe('00000')
  return body.data.entrustedList as Record<string, string>[]
}

describe('place-plan-order and the trigger engine', () => {
  test('placed: pending lists it live; the price crosses: a market order fills, history shows executed with its order', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(paths.place, plan({ clientOid: 'p-1' }))
    expect(placed.body).toMatchObject({ code: '00000', data: { clientOid: 'p-1' } })
    const pending = await list(a, paths.pending)
    expect(pending).toHaveLength(1)
    expect(pending[0]).toMatchObject({
      orderId: placed.body.data.orderId,
      planStatus: 'live',
      triggerPrice: '66000',
      triggerType: 'fill_price',
      posMode: 'one_way_mode',
      // As the plan pages' examples write it (orders-plan-pending, orders-plan-history), and as the
      // sandbox's own orders, fills and plan pushes do.
      enterPointSource: 'api',
    })
    await last('65900.0')
    expect(await list(a, paths.pending)).toHaveLength(1)
    await last('66000.0')
    expect(await list(a, paths.pending)).toEqual([])
    const [done] = await list(a, paths.history)
    expect(done).toMatchObject({
      planStatus: 'executed',
      baseVolume: '1',
      priceAvg: '66000',
      enterPointSource: 'api',
    })
    const order = await a.read.detail({ orderId: done?.executeOrderId ?? '' })
    expect(order.data).toMatchObject({ state: 'filled', side: 'buy', size: '1' })
    expect((await a.read.positions()).long?.total).toBe('1')
  })

  test('a trigger below the price waits for a fall; a limit plan rests its order at the execute price', async () => {
    const a = classicAccount(ctx)
    await a.api.post(
      paths.place,
      plan({ triggerPrice: '64000', orderType: 'limit', price: '63000' }),
    )
    await last('66000.0')
    expect(await list(a, paths.pending)).toHaveLength(1)
    await last('64000.0')
    const [done] = await list(a, paths.history)
    expect(done?.planStatus).toBe('executed')
    const order = await a.read.detail({ orderId: done?.executeOrderId ?? '' })
    expect(order.data).toMatchObject({ state: 'live', price: '63000', orderType: 'limit' })
  })

  test('mark_price watches the mark price, fill_price the last price', async () => {
    const a = classicAccount(ctx)
    await a.api.post(paths.place, plan({ clientOid: 'm-mark', triggerType: 'mark_price' }))
    await a.api.post(paths.place, plan({ clientOid: 'm-last' }))
    await prices({ marks: { BTCUSDT: '66100.0' } })
    expect((await list(a, paths.history)).map((p) => p.clientOid)).toEqual(['m-mark'])
    expect((await list(a, paths.pending)).map((p) => p.clientOid)).toEqual(['m-last'])
    await prices({ prices: { BTCUSDT: '66200.0' }, marks: { BTCUSDT: '65000.0' } })
    expect(await list(a, paths.pending)).toEqual([])
  })

  test('track_plan: trailing starts at the trigger, follows the best price and executes when the price turns back by callbackRatio', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '1')
    await a.api.post(
      paths.place,
      plan({
        planType: 'track_plan',
        side: 'sell',
        reduceOnly: 'YES',
        triggerPrice: '66000',
        callbackRatio: '1',
      }),
    )
    const query = { planType: 'track_plan' }
    await last('66000.0')
    await last('67000.0')
    await last('66400.0') // 0.9 % below the best: still live
    expect(await list(a, paths.pending, query)).toHaveLength(1)
    await last('66330.0') // 1 % below 67000
    const [done] = await list(a, paths.history, query)
    expect(done).toMatchObject({ planStatus: 'executed', callbackRatio: '1', baseVolume: '1' })
    expect((await a.read.positions()).long).toBeUndefined()
  })

  test.each(['yes', 'YES'])(
    "a one-way plan with reduceOnly %s (the page's table spells it yes/no) only reduces when it executes",
    async (reduceOnly) => {
      const a = classicAccount(ctx)
      a.hold('net', '1')
      const placed = await a.api.post(
        paths.place,
        plan({ side: 'sell', size: '2', reduceOnly, triggerPrice: '64000' }),
      )
      expect(placed.body.code).toBe('00000')
      await last('64000.0')
      expect(await list(a, paths.pending)).toEqual([])
      expect(await a.read.sizes()).toEqual({ long: '0', short: '0' })
    },
  )

  test('refusals: a clientOid used twice (40786), an unknown symbol (40034), a limit plan without price (40017 naming it)', async () => {
    const a = classicAccount(ctx)
    await a.api.post(paths.place, plan({ clientOid: 'dup' }))
    expect((await a.api.post(paths.place, plan({ clientOid: 'dup' }))).body.code).toBe('40786')
    const unknown = await a.api.post(paths.place, plan({ symbol: 'ETHPERP' }))
    expect(unknown.body.code).toBe('40034')
    const { body } = await a.api.post(paths.place, plan({ orderType: 'limit' }))
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('price')
  })
})

describe('take-profit/stop-loss', () => {
  const tpsl = (overrides: Record<string, unknown> = {}) => ({
    ...pair,
    marginCoin: 'USDT',
    planType: 'pos_profit',
    triggerPrice: '70000',
    triggerType: 'fill_price',
    holdSide: 'buy',
    ...overrides,
  })
  const query = { planType: 'profit_loss' }

  test("before: a take-profit of a symbol the product type does not list, with a hedge-mode holdSide on a one-way account, was refused 40017 for the holdSide (the client could not read that symbol's mode); now it is 40034, as the account read of that symbol answers", async () => {
    const a = classicAccount(ctx)
    const unlisted = await a.api.post(paths.tpsl, tpsl({ symbol: 'TSLA.US', holdSide: 'long' }))
    expect(unlisted.body.code).toBe('40034')
    const account = await a.api.get('/api/v2/mix/account/account', {
      symbol: 'TSLA.US',
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
    })
    expect(account.body.code).toBe('40034')
    // A listed contract keeps the check of its side against the position mode.
    const listed = await a.api.post(paths.tpsl, tpsl({ holdSide: 'long' }))
    expect(listed.body.code).toBe('40017')
    expect(listed.body.msg).toContain('holdSide')
  })

  test('no position: 22002; a take-profit of a long below the price: 40017', async () => {
    const a = classicAccount(ctx)
    expect((await a.api.post(paths.tpsl, tpsl())).body.code).toBe('22002')
    a.hold('net', '2')
    const below = await a.api.post(paths.tpsl, tpsl({ triggerPrice: '60000' }))
    expect(below.body.code).toBe('40017')
    expect(below.body.msg).toContain('triggerPrice')
  })

  test('pos-tpsl: the take-profit closes the whole position; the stop-loss of the closed position is cancelled', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '2')
    const { body } = await a.api.post(paths.posTpsl, {
      ...pair,
      marginCoin: 'USDT',
      holdSide: 'buy',
      stopSurplusTriggerPrice: '70000',
      stopSurplusTriggerType: 'fill_price',
      stopLossTriggerPrice: '60000',
      stopLossTriggerType: 'mark_price',
      stopLossClientOid: 'sl-1',
    })
    expect(body.code).toBe('00000')
    expect(body.data).toHaveLength(2)
    expect((await list(a, paths.pending, query)).map((p) => p.planType).sort()).toEqual([
      'pos_loss',
      'pos_profit',
    ])
    await last('70000.0')
    const history = await list(a, paths.history, query)
    expect(history.map((p) => [p.planType, p.planStatus]).sort()).toEqual([
      ['pos_loss', 'cancelled'],
      ['pos_profit', 'executed'],
    ])
    expect((await a.read.positions()).long).toBeUndefined()
  })

  test('hedge mode: a stop-loss of a short triggers on a rise and closes its size', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('short', '3')
    const placed = await a.api.post(
      paths.tpsl,
      tpsl({ planType: 'loss_plan', holdSide: 'short', triggerPrice: '66000', size: '1' }),
    )
    expect(placed.body.code).toBe('00000')
    const [item] = await list(a, paths.pending, query)
    expect(item).toMatchObject({ side: 'sell', tradeSide: 'close', posSide: 'short', size: '1' })
    await last('66000.0')
    expect((await a.read.sizes()).short).toBe('2')
  })

  test('modify-tpsl-order moves the trigger; modify-plan-order changes a trigger order; cancel-plan-order moves it to history cancelled', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '1')
    const tp = await a.api.post(paths.tpsl, tpsl({ clientOid: 'tp-1' }))
    const moved = await a.api.post(paths.modifyTpsl, {
      ...pair,
      marginCoin: 'USDT',
      clientOid: 'tp-1',
      triggerPrice: '71000',
      size: '',
    })
    expect(moved.body).toMatchObject({ code: '00000', data: { orderId: tp.body.data.orderId } })
    await last('70500.0')
    expect((await list(a, paths.pending, query))[0]?.triggerPrice).toBe('71000')

    const trigger = await a.api.post(paths.place, plan({ triggerPrice: '75000' }))
    const changed = await a.api.post(paths.modify, {
      productType: 'USDT-FUTURES',
      orderId: trigger.body.data.orderId,
      newTriggerPrice: '76000',
      newSize: '2',
    })
    expect(changed.body.code).toBe('00000')
    expect((await list(a, paths.pending))[0]).toMatchObject({ triggerPrice: '76000', size: '2' })

    const cancelled = await a.api.post(paths.cancel, {
      ...pair,
      orderIdList: [{ orderId: trigger.body.data.orderId }, { orderId: '1' }],
    })
    expect(cancelled.body.data.successList).toEqual([
      { orderId: trigger.body.data.orderId, clientOid: expect.any(String) },
    ])
    expect(cancelled.body.data.failureList).toEqual([
      { orderId: '1', clientOid: '', errorMsg: 'Order does not exist' },
    ])
    expect((await list(a, paths.history))[0]?.planStatus).toBe('cancelled')
    const again = await a.api.post(paths.modify, {
      productType: 'USDT-FUTURES',
      orderId: trigger.body.data.orderId,
      newTriggerPrice: '77000',
    })
    expect(again.body.code).toBe('45055')
  })

  test('the preset take-profit of a placed order becomes a take-profit order when it fills, and closes the position when the price reaches it', async () => {
    const a = classicAccount(ctx)
    await a.api.post('/api/v2/mix/order/place-order', market({ presetStopSurplusPrice: '68000' }))
    const [tp] = await list(a, paths.pending, query)
    expect(tp).toMatchObject({ planType: 'profit_plan', triggerPrice: '68000', size: '1' })
    await last('68000.0')
    expect((await list(a, paths.history, query))[0]?.planStatus).toBe('executed')
    expect((await a.read.positions()).long).toBeUndefined()
  })

  test("the position names its preset take-profit/stop-loss orders (takeProfitId, stopLossId): the plans' ids, modified and cancelled through them, cleared when they end", async () => {
    const a = classicAccount(ctx)
    const presets = { presetStopSurplusPrice: '70000', presetStopLossPrice: '60000' }
    await a.api.post('/api/v2/mix/order/place-order', market(presets))
    const plans = Object.fromEntries(
      (await list(a, paths.pending, query)).map((p) => [p.planType, p.orderId]),
    )
    const named = (await a.read.positions()).long!
    expect(named).toMatchObject({
      takeProfit: '70000',
      takeProfitId: plans.profit_plan,
      stopLoss: '60000',
      stopLossId: plans.loss_plan,
    })
    const moved = await a.api.post(paths.modifyTpsl, {
      ...pair,
      marginCoin: 'USDT',
      orderId: named.takeProfitId,
      triggerPrice: '71000',
      size: '1',
    })
    expect(moved.body.code).toBe('00000')
    const cancelled = await a.api.post(paths.cancel, {
      ...pair,
      marginCoin: 'USDT',
      planType: 'loss_plan',
      orderIdList: [{ orderId: named.stopLossId }],
    })
    expect(cancelled.body.data.failureList).toEqual([])
    expect((await a.read.positions()).long).toMatchObject({
      takeProfit: '71000',
      takeProfitId: plans.profit_plan,
      stopLoss: '',
      stopLossId: '',
    })
    // One more without presets: the take-profit (of the first order's size) leaves a position.
    await a.api.post('/api/v2/mix/order/place-order', market())
    await last('71000.0')
    expect((await a.read.positions()).long).toMatchObject({
      total: '1',
      takeProfit: '',
      takeProfitId: '',
    })
  })
})
