import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { btc, ethBuy, paths, start } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  ctx.sandbox.admin.setPrices({ ETHUSDT: '3200.00', BTCUSDT: '65000.0' })
})

const info = async (clientOid: string) =>
  (await ctx.api.get(paths.info, { clientOid })).body.data as Record<string, unknown>
const place = async (order: Record<string, unknown>) => {
  const { body } = await ctx.api.post(paths.place, order)
  expect(body.code).toBe('00000')
  return body.data as { orderId: string; clientOid: string }
}

describe('order records (docs/records.md)', () => {
  test('a resting spot limit: prices, quantities and values as decimal strings, tp/sl "" when unset, feeDetail nulls before a fill', async () => {
    await place(ethBuy({ clientOid: 'r-1', stpMode: 'cancel_taker' }))
    expect(await info('r-1')).toEqual({
      orderId: expect.any(String),
      clientOid: 'r-1',
      category: 'SPOT',
      symbol: 'ETHUSDT',
      orderType: 'limit',
      side: 'buy',
      price: '3000',
      qty: '1',
      amount: '0',
      cumExecQty: '0',
      cumExecValue: '0',
      avgPrice: '0',
      timeInForce: 'gtc',
      orderStatus: 'live',
      posSide: '',
      holdMode: '',
      tradeSide: 'open',
      delegateType: 'normal',
      reduceOnly: 'NO',
      marginMode: 'crossed',
      stpMode: 'cancel_taker',
      takeProfit: '',
      stopLoss: '',
      tpTriggerBy: '',
      slTriggerBy: '',
      tpOrderType: '',
      slOrderType: '',
      tpLimitPrice: '',
      slLimitPrice: '',
      feeDetail: [{ feeCoin: null, fee: null }],
      cancelReason: '',
      execType: '',
      createdTime: String(ctx.sandbox.admin.now()),
      updatedTime: String(ctx.sandbox.admin.now()),
    })
  })

  test('docs/records.md: cancelReason and execType are on order-info and history only, not on open orders', async () => {
    const { orderId } = await place(ethBuy({ clientOid: 'r-2' }))
    const open = (await ctx.api.get(paths.unfilled, { symbol: 'ETHUSDT' })).body.data.list
    const record = open.find((o: { orderId: string }) => o.orderId === orderId)
    expect(record).not.toHaveProperty('cancelReason')
    expect(record).not.toHaveProperty('execType')
    await ctx.api.post(paths.cancel, { orderId })
    const history = (await ctx.api.get(paths.history, { category: 'SPOT' })).body.data.list
    expect(history.find((o: { orderId: string }) => o.orderId === orderId)).toMatchObject({
      orderStatus: 'cancelled',
      cancelReason: 'normal_cancel',
      execType: '',
    })
  })

  test('a partial fill gives cumExecQty, cumExecValue, avgPrice and a fee in the base coin of a spot buy (the sandbox charges none)', async () => {
    const { orderId } = await place(ethBuy({ clientOid: 'r-3' }))
    ctx.sandbox.admin.fill(orderId, '0.4')
    expect(await info('r-3')).toMatchObject({
      orderStatus: 'partially_filled',
      cumExecQty: '0.4',
      cumExecValue: '1200',
      avgPrice: '3000',
      feeDetail: [{ feeCoin: 'ETH', fee: '0' }],
    })
  })

  test('a fill of nothing (a quote amount below one base step) keeps avgPrice a decimal: "0", not "NaN" (0 / 0)', async () => {
    const { orderId } = await place(ethBuy({ clientOid: 'r-zero' }))
    ctx.sandbox.admin.fill(orderId, '0')
    expect(await info('r-zero')).toMatchObject({ cumExecQty: '0', avgPrice: '0' })
  })

  test('a spot market buy whose quote amount buys less than one base step is refused 40808 and no order is made (it was filled by nothing)', async () => {
    // One base step (0.0001 ETH) costs 5 USDT at 50000; 2 USDT passes the 1 USDT minimum value.
    ctx.sandbox.admin.setPrices({ ETHUSDT: '50000.00' })
    const market = { orderType: 'market', price: undefined, qty: '2', clientOid: 'r-dust' }
    const { body } = await ctx.api.post(paths.place, ethBuy(market))
    expect(body).toMatchObject({ code: '40808', data: null })
    expect((await ctx.api.get(paths.info, { clientOid: 'r-dust' })).body.code).not.toBe('00000')
    // 5 USDT buys one step: placed and filled.
    await place(ethBuy({ ...market, qty: '5', clientOid: 'r-step' }))
    expect(await info('r-step')).toMatchObject({ orderStatus: 'filled', cumExecQty: '0.0001' })
  })

  test('a spot market buy given as a quote amount answers it as `amount`, `qty` and `price` "0" (the exchange example)', async () => {
    await place(ethBuy({ orderType: 'market', price: undefined, qty: '320', clientOid: 'r-4' }))
    expect(await info('r-4')).toMatchObject({
      price: '0',
      qty: '0',
      amount: '320',
      cumExecQty: '0.1',
      cumExecValue: '320',
      orderStatus: 'filled',
      timeInForce: 'ioc',
    })
  })

  test("a spot market buy's base quantity is written without trailing zeros: the fill's execQty is the order's cumExecQty (\"0.0100\" at a 0.0001 step before)", async () => {
    const market = { orderType: 'market', price: undefined, qty: '32', clientOid: 'r-zeros' }
    const { orderId } = await place(ethBuy(market))
    expect(await info('r-zeros')).toMatchObject({ cumExecQty: '0.01', orderStatus: 'filled' })
    const { list } = (await ctx.api.get(paths.fills, { category: 'SPOT' })).body.data
    expect(list.find((f: { orderId: string }) => f.orderId === orderId)).toMatchObject({
      execQty: '0.01',
    })
  })

  test('futures: holdMode and tradeSide from the order (hedge: posSide; one-way: reduceOnly); take-profit as sent', async () => {
    await place(btc({ clientOid: 'r-5', takeProfit: '70000.0', tpTriggerBy: 'mark' }))
    expect(await info('r-5')).toMatchObject({
      category: 'USDT-FUTURES',
      holdMode: 'one_way_mode',
      posSide: '',
      tradeSide: 'open',
      execType: 'normal',
      takeProfit: '70000',
      tpTriggerBy: 'mark',
      stopLoss: '',
    })
    const hedger = ctx.as(ctx.sandbox.admin.addKey({ uid: 'h-orders' }))
    ctx.sandbox.admin.setPositionMode('hedge', { uid: 'h-orders' })
    const market = { orderType: 'market', price: undefined, posSide: 'long' }
    await hedger.post(paths.place, btc({ ...market, clientOid: 'h-open' }))
    await hedger.post(paths.place, btc({ ...market, side: 'sell', clientOid: 'h-close' }))
    const get = async (clientOid: string) => (await hedger.get(paths.info, { clientOid })).body.data
    expect(await get('h-open')).toMatchObject({ holdMode: 'hedge_mode', tradeSide: 'open' })
    expect(await get('h-close')).toMatchObject({
      holdMode: 'hedge_mode',
      posSide: 'long',
      tradeSide: 'close',
      feeDetail: [{ feeCoin: 'USDT', fee: '0' }],
    })
  })
})

describe('fill records (docs/records.md)', () => {
  test('execPrice, execQty, execValue; taker at placement, maker when resting; execPnl of a closing fill', async () => {
    const trader = ctx.as(ctx.sandbox.admin.addKey({ uid: 'f-pnl' }))
    const market = { orderType: 'market', price: undefined, qty: '0.01' }
    const opened = (await trader.post(paths.place, btc({ ...market, clientOid: 'f-open' }))).body
      .data
    const resting = btc({ side: 'sell', reduceOnly: 'yes', price: '66000.0', clientOid: 'f-close' })
    const closing = (await trader.post(paths.place, resting)).body.data
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const { list } = (await trader.get(paths.fills, { category: 'USDT-FUTURES' })).body.data
    expect(list).toEqual([
      expect.objectContaining({
        orderId: closing.orderId,
        side: 'sell',
        execPrice: '66000',
        execQty: '0.01',
        execValue: '660',
        tradeScope: 'maker',
        tradeSide: 'close',
        execPnl: '10',
        feeDetail: [{ feeCoin: 'USDT', fee: '0' }],
      }),
      expect.objectContaining({
        orderId: opened.orderId,
        orderType: 'market',
        execPrice: '65000.0',
        tradeScope: 'taker',
        tradeSide: 'open',
        execPnl: '0',
        isRPI: 'no',
      }),
    ])
    for (const fill of list) {
      expect(fill).not.toHaveProperty('price')
      expect(fill).not.toHaveProperty('qty')
      expect(fill).not.toHaveProperty('ts')
    }
  })
})

describe('strategy records (docs/records.md)', () => {
  const trigger = (overrides: Record<string, unknown> = {}) => ({
    category: 'SPOT',
    symbol: 'ETHUSDT',
    type: 'trigger',
    side: 'buy',
    qty: '1',
    triggerPrice: '3300.00',
    triggerOrderType: 'market',
    ...overrides,
  })
  const history = async () =>
    (await ctx.api.get(paths.historyStrategy, { category: 'SPOT' })).body.data.list as {
      orderId: string
      status: string
    }[]

  test('unfilled-strategy-orders answers a bare array of `pending` orders, fields "" when unset', async () => {
    const { orderId } = (await ctx.api.post(paths.placeStrategy, trigger())).body.data
    const { data } = (await ctx.api.get(paths.unfilledStrategy, { category: 'SPOT' })).body
    expect(Array.isArray(data)).toBe(true)
    expect(data.find((s: { orderId: string }) => s.orderId === orderId)).toMatchObject({
      status: 'pending',
      clientOid: '',
      posSide: '',
      qty: '1',
      triggerPrice: '3300',
      triggerOrderType: 'market',
      triggerOrderPrice: '',
      takeProfit: '',
      stopLoss: '',
    })
    await ctx.api.post(paths.cancelStrategy, { orderId })
    expect((await history()).find((s) => s.orderId === orderId)?.status).toBe('cancelled')
  })

  test('`success` once it triggered and placed its order, `failed` when the order it placed was refused (a market buy of 1000000 USDT)', async () => {
    const ok = (await ctx.api.post(paths.placeStrategy, trigger())).body.data.orderId
    const refused = (await ctx.api.post(paths.placeStrategy, trigger({ qty: '1000000' }))).body.data
      .orderId
    ctx.sandbox.admin.setPrice('ETHUSDT', '3300.00')
    const after = await history()
    expect(after.find((s) => s.orderId === ok)).toMatchObject({ status: 'success' })
    expect(after.find((s) => s.orderId === refused)).toMatchObject({
      status: 'failed',
      orderIds: [],
    })
  })
})
