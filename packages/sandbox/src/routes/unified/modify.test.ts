import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { btc, ethBuy, paths, start } from '../../test/unified.js'
import { connect, loginMessage, uta } from '../../test/ws.js'
import { createTimerGate } from '../../timerGate.js'

let ctx: Awaited<ReturnType<typeof start>>
let n = 0
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  ctx.sandbox.admin.holdModifications(false)
  ctx.sandbox.admin.setModificationDelay(0)
  ctx.sandbox.admin.setPrices({ ETHUSDT: '3200.00', BTCUSDT: '65000.0' })
  ctx.sandbox.admin.setBalance('USDT', '100000000')
})

/** Places an order and answers its ids. */
const open = async (body: Record<string, unknown> = ethBuy()) => {
  const clientOid = `m-${++n}`
  const { body: answer } = await ctx.api.post(paths.place, { ...body, clientOid })
  expect(answer.code).toBe('00000')
  return { orderId: answer.data.orderId as string, clientOid }
}
const modify = (body: Record<string, unknown>) => ctx.api.post(paths.modify, body)
const record = async (orderId: string) => (await ctx.api.get(paths.info, { orderId })).body.data

describe('modifyOrderRoute', () => {
  test('Response: data = order acknowledgement; the price changes', async () => {
    const order = await open()
    expect((await modify({ orderId: order.orderId, price: '3100.00' })).body.data).toEqual(order)
    expect(await record(order.orderId)).toMatchObject({ price: '3100', orderStatus: 'live' })
  })

  test('Fully filled orders cannot be modified: 43020', async () => {
    const order = await open(ethBuy({ orderType: 'market', price: undefined, qty: '100' }))
    expect((await modify({ orderId: order.orderId, qty: '2' })).body.code).toBe('43020')
  })

  test('While a modification is awaiting its result, another modification cannot be submitted', async () => {
    const order = await open()
    ctx.sandbox.admin.holdModifications(true)
    expect((await modify({ clientOid: order.clientOid, price: '3050.00' })).body.code).toBe('00000')
    expect((await modify({ clientOid: order.clientOid, price: '3060.00' })).body.code).toBe('43021')
    expect((await record(order.orderId)).price).toBe('3000')
    ctx.sandbox.admin.holdModifications(false)
    expect((await record(order.orderId)).price).toBe('3050')
  })

  test('a modification completes after the configured delay on the sandbox clock', async () => {
    const order = await open()
    ctx.sandbox.admin.setModificationDelay(1000)
    await modify({ orderId: order.orderId, qty: '2' })
    expect((await record(order.orderId)).qty).toBe('1')
    ctx.sandbox.admin.advanceClock(1000)
    expect((await record(order.orderId)).qty).toBe('2')
  })

  test('autoCancel yes: cancel original order if the modification fails in matching (later modifications ... are then rejected)', async () => {
    const order = await open(btc())
    const failed = await modify({ orderId: order.orderId, price: '90000.0', autoCancel: 'yes' })
    expect(failed.body.code).toBe('43025')
    expect(await record(order.orderId)).toMatchObject({
      orderStatus: 'cancelled',
      cancelReason: 'autoCancel',
    })
    expect((await modify({ orderId: order.orderId, price: '61000.0' })).body.code).toBe('43022')
  })

  test('autoCancel no (default): a failed modification leaves the order as it was', async () => {
    const order = await open(btc())
    expect((await modify({ orderId: order.orderId, price: '90000.0' })).body.code).toBe('43025')
    expect(await record(order.orderId)).toMatchObject({ orderStatus: 'live', price: '60000' })
  })

  test('(later modifications, in flight ...): a fill while in flight fails it in matching and autoCancel cancels', async () => {
    const order = await open()
    ctx.sandbox.admin.holdModifications(true)
    await modify({ orderId: order.orderId, qty: '0.5', autoCancel: 'yes', requestId: 7 })
    ctx.sandbox.admin.fill(order.orderId, '0.8')
    ctx.sandbox.admin.holdModifications(false)
    expect(await record(order.orderId)).toMatchObject({
      orderStatus: 'cancelled',
      cumExecQty: '0.8',
      cancelReason: 'autoCancel',
    })
  })

  test('decision: requestId is typed number and goes out as a JSON number: one of 18 digits is accepted with every digit kept, and a digit string still is (as the exchange presumably does)', async () => {
    ctx.sandbox.admin.holdModifications(true)
    const first = await open()
    const second = await open()
    const asNumber = await ctx.api.postText(
      paths.modify,
      `{"orderId":"${first.orderId}","qty":"2","requestId":123456789012345678}`,
    )
    const asString = await modify({
      orderId: second.orderId,
      qty: '2',
      requestId: '987654321098765432',
    })
    expect([asNumber.body.code, asString.body.code]).toEqual(['00000', '00000'])
    expect(ctx.sandbox.admin.state().modifications.map((m) => [m.orderId, m.requestId])).toEqual([
      [first.orderId, '123456789012345678'],
      [second.orderId, '987654321098765432'],
    ])
    const batch = await ctx.api.postText(
      paths.batchModify,
      `[{"orderId":"${(await open()).orderId}","qty":"2","requestId":999999999999999999}]`,
    )
    expect(batch.body.code).toBe('00000')
    expect(ctx.sandbox.admin.state().modifications.at(-1)?.requestId).toBe('999999999999999999')
  })

  test('a partially filled order may too, but not below the filled quantity', async () => {
    const order = await open()
    ctx.sandbox.admin.fill(order.orderId, '0.4')
    expect((await modify({ orderId: order.orderId, qty: '0.3' })).body.code).toBe('43023')
    expect((await modify({ orderId: order.orderId, qty: '0.6' })).body.code).toBe('00000')
    expect(await record(order.orderId)).toMatchObject({
      qty: '0.6',
      orderStatus: 'partially_filled',
    })
  })

  test('decision: "reduce-only orders cannot be modified" is a rule of batch-modify-order only: a single modify-order changes a reduce-only order', async () => {
    ctx.sandbox.admin.setPosition({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '1',
    })
    const order = await open(btc({ side: 'sell', reduceOnly: 'yes', price: '70000.0' }))
    expect((await modify({ orderId: order.orderId, price: '71000.0' })).body.code).toBe('00000')
    expect(await record(order.orderId)).toMatchObject({ reduceOnly: 'YES', price: '71000' })
  })

  test.each([
    [
      {
        category: 'SPOT',
        symbol: 'rAAPLUSDT',
        side: 'buy',
        orderType: 'limit',
        qty: '1',
        price: '200.00',
      },
      'rToken',
    ],
    [
      {
        category: 'COIN-FUTURES',
        symbol: 'BTCUSD_CM',
        side: 'buy',
        orderType: 'limit',
        qty: '10',
        price: '60000.0',
      },
      'USD_CM',
    ],
  ])(
    'rToken orders cannot be modified and "USD_CM ... does not support modify-order" (%#)',
    async (body, word) => {
      const order = await open(body)
      const { body: answer } = await modify({ orderId: order.orderId, qty: '2' })
      expect(answer).toMatchObject({ code: '40017', msg: expect.stringContaining(word) })
    },
  )

  /** The preset fields of an order record. */
  const presetsOf = async (orderId: string) => {
    const {
      takeProfit,
      stopLoss,
      tpTriggerBy,
      slTriggerBy,
      tpOrderType,
      slOrderType,
      tpLimitPrice,
      slLimitPrice,
    } = await record(orderId)
    return {
      takeProfit,
      stopLoss,
      tpTriggerBy,
      slTriggerBy,
      tpOrderType,
      slOrderType,
      tpLimitPrice,
      slLimitPrice,
    }
  }
  /** A futures order with a mark-price limit take-profit and a market stop-loss. */
  const protectedOrder = () =>
    open(
      btc({
        takeProfit: '70000.0',
        tpTriggerBy: 'mark',
        tpOrderType: 'limit',
        tpLimitPrice: '69900.0',
        stopLoss: '50000.0',
      }),
    )
  const placedPresets = {
    takeProfit: '70000',
    stopLoss: '50000',
    tpTriggerBy: 'mark',
    slTriggerBy: '',
    tpOrderType: 'limit',
    slOrderType: '',
    tpLimitPrice: '69900',
    slLimitPrice: '',
  }

  test('takeProfit, stopLoss "empty or omitted keeps existing; `0` cancels it": "" keeps, 0 cancels the leg (its trigger source, type and limit price with it), a value replaces', async () => {
    const order = await protectedOrder()
    expect(await presetsOf(order.orderId)).toEqual(placedPresets)
    const keep = { orderId: order.orderId, price: '60001.0', takeProfit: '', tpLimitPrice: '' }
    expect((await modify(keep)).body.code).toBe('00000')
    expect(await presetsOf(order.orderId)).toEqual(placedPresets)
    const cancelTp = { orderId: order.orderId, price: '60002.0', takeProfit: '0' }
    expect((await modify(cancelTp)).body.code).toBe('00000')
    expect(await presetsOf(order.orderId)).toEqual({
      ...placedPresets,
      takeProfit: '',
      tpTriggerBy: '',
      tpOrderType: '',
      tpLimitPrice: '',
    })
    const replace = {
      orderId: order.orderId,
      price: '60003.0',
      takeProfit: '71000.0',
      stopLoss: '0',
    }
    expect((await modify(replace)).body.code).toBe('00000')
    expect(await record(order.orderId)).toMatchObject({
      price: '60003',
      takeProfit: '71000',
      stopLoss: '',
      tpTriggerBy: '',
      tpOrderType: '',
    })
  })

  test('tp/sl changes: a new trigger source and order type replace the kept ones; a leg turned market drops its limit price', async () => {
    const order = await protectedOrder()
    const body = {
      orderId: order.orderId,
      qty: '0.02',
      tpOrderType: 'market',
      tpTriggerBy: 'market',
      slOrderType: 'limit',
      slLimitPrice: '49900.0',
    }
    expect((await modify(body)).body.code).toBe('00000')
    expect(await presetsOf(order.orderId)).toEqual({
      ...placedPresets,
      tpTriggerBy: 'market',
      tpOrderType: 'market',
      tpLimitPrice: '',
      slOrderType: 'limit',
      slLimitPrice: '49900',
    })
  })

  test('a held modification changes the presets when it is applied, not when it is acknowledged', async () => {
    const order = await protectedOrder()
    ctx.sandbox.admin.holdModifications(true)
    const body = { orderId: order.orderId, price: '60100.0', takeProfit: '72000.0', stopLoss: '0' }
    expect((await modify(body)).body.code).toBe('00000')
    expect(await presetsOf(order.orderId)).toEqual(placedPresets)
    ctx.sandbox.admin.holdModifications(false)
    expect(await record(order.orderId)).toMatchObject({
      price: '60100',
      takeProfit: '72000',
      tpLimitPrice: '69900',
      stopLoss: '',
    })
  })

  test('the private order push of a modification carries the changed take-profit and stop-loss', async () => {
    const order = await protectedOrder()
    const client = await connect(`${ctx.sandbox.wsUrl}/v3/ws/private`)
    try {
      const now = ctx.sandbox.admin.now()
      client.send(loginMessage(ctx.sandbox.credentials, Math.floor(now / 1000)))
      expect(await client.next()).toMatchObject({ event: 'login', code: 0 })
      client.send({ op: 'subscribe', args: [uta('order')] })
      expect(await client.next()).toEqual({ event: 'subscribe', arg: uta('order') })
      const body = {
        orderId: order.orderId,
        price: '60200.0',
        takeProfit: '0',
        stopLoss: '51000.0',
      }
      expect((await modify(body)).body.code).toBe('00000')
      const push = await client.next()
      expect(push.data[0]).toMatchObject({
        orderId: order.orderId,
        price: '60200',
        takeProfit: '',
        tpTriggerBy: '',
        tpOrderType: '',
        tpLimitPrice: '',
        stopLoss: '51000',
      })
    } finally {
      client.close()
    }
  })

  test('modify-order needs qty or price: a take-profit/stop-loss-only modification is refused (40017) and changes nothing; batch-modify-order items take no take-profit/stop-loss', async () => {
    const order = await protectedOrder()
    const { body } = await modify({ orderId: order.orderId, takeProfit: '0' })
    expect(body).toMatchObject({ code: '40017', msg: expect.stringContaining('price') })
    const batch = await ctx.api.post(paths.batchModify, [
      { orderId: order.orderId, price: '60010.0', stopLoss: '0' },
    ])
    expect(batch.body).toMatchObject({ code: '40017', msg: expect.stringContaining('stopLoss') })
    expect(await record(order.orderId)).toMatchObject({ ...placedPresets, price: '60000' })
  })

  test('tpTriggerBy, slTriggerBy "futures only": refused for a spot order named by its id alone (the order\'s category decides), 40017 naming the field', async () => {
    const order = await open(ethBuy({ takeProfit: '3500.00' }))
    const { body } = await modify({ orderId: order.orderId, price: '3010.00', tpTriggerBy: 'mark' })
    expect(body).toMatchObject({ code: '40017', msg: expect.stringContaining('tpTriggerBy') })
    const spot = { orderId: order.orderId, price: '3010.00', takeProfit: '3600.00' }
    expect((await modify(spot)).body.code).toBe('00000')
    expect(await record(order.orderId)).toMatchObject({ price: '3010', takeProfit: '3600' })
  })

  test('decision: tpLimitPrice, slLimitPrice "effective only for limit type" hold for the order\'s kept type too (a limit price for a market leg, a limit leg without a price: 40017), as place-order refuses the same pair', async () => {
    const order = await protectedOrder()
    const marketSl = { orderId: order.orderId, price: '60010.0', slLimitPrice: '49900.0' }
    const refused = (await modify(marketSl)).body
    expect(refused).toMatchObject({ code: '40017', msg: expect.stringContaining('slLimitPrice') })
    const noPrice = { orderId: order.orderId, price: '60010.0', slOrderType: 'limit' }
    const missing = (await modify(noPrice)).body
    expect(missing).toMatchObject({ code: '40017', msg: expect.stringContaining('slLimitPrice') })
    expect(await record(order.orderId)).toMatchObject({ ...placedPresets, price: '60000' })
    const limitTp = { orderId: order.orderId, price: '60010.0', tpLimitPrice: '69800.0' }
    expect((await modify(limitTp)).body.code).toBe('00000')
    expect((await record(order.orderId)).tpLimitPrice).toBe('69800')
  })

  test('an unknown order: 43001', async () => {
    expect((await modify({ clientOid: 'nothing', qty: '2' })).body.code).toBe('43001')
  })
})

describe('batchModifyOrderRoute', () => {
  test('Response: data = array of objects with orderId, clientOid', async () => {
    const a = await open()
    const b = await open()
    const { body } = await ctx.api.post(paths.batchModify, [
      { orderId: a.orderId, price: '3010.00' },
      { clientOid: b.clientOid, qty: '3' },
    ])
    expect(body.data).toEqual([a, b])
    expect((await record(b.orderId)).qty).toBe('3')
  })

  test('batch-modify-order: "reduce-only orders cannot be modified": 43024', async () => {
    ctx.sandbox.admin.setPosition({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '1',
    })
    const order = await open(btc({ side: 'sell', reduceOnly: 'yes', price: '70000.0' }))
    const { body } = await ctx.api.post(paths.batchModify, [
      { orderId: order.orderId, price: '71000.0' },
    ])
    expect(body.code).toBe('43024')
    expect((await record(order.orderId)).price).toBe('70000')
  })

  test('"Modifies up to 20 orders across symbols of one product line": items naming their orders by id alone, a SPOT and a USDT-FUTURES order, get 40017 naming the category; neither changes', async () => {
    const spot = await open()
    const futures = await open(btc())
    const { body } = await ctx.api.post(paths.batchModify, [
      { orderId: spot.orderId, price: '3010.00' },
      { orderId: futures.orderId, price: '61000.0' },
    ])
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('category')
    expect((await record(spot.orderId)).price).toBe('3000')
    expect((await record(futures.orderId)).price).toBe('60000')
  })

  test('each order may appear once per batch: 40017', async () => {
    const a = await open()
    const { body } = await ctx.api.post(paths.batchModify, [
      { orderId: a.orderId, price: '3010.00' },
      { orderId: a.orderId, qty: '2' },
    ])
    expect(body.code).toBe('40017')
  })

  test("at most 5 modification requests may be in flight consecutively, processed in order — decision: in flight means sent and not yet answered (the client's reading too); modifications still waiting do not count", async () => {
    const orders = await Promise.all([1, 2, 3, 4, 5, 6].map(() => open()))
    ctx.sandbox.admin.holdModifications(true)
    for (const [i, order] of orders.entries()) {
      const { body } = await ctx.api.post(paths.batchModify, [
        { orderId: order.orderId, price: `30${20 + i}.00` },
      ])
      expect(body.code).toBe('00000')
    }
    ctx.sandbox.admin.holdModifications(false)
    // Processed in order, each as asked.
    expect((await record(orders[5]!.orderId)).price).toBe('3025')
  })

  test('batch-modify-order | ... 5 in-flight requests: a sixth request sent while five are unanswered gets 429', async () => {
    // The five held at the gate stay unanswered until the sixth was refused, however busy the
    // machine is (a 300 ms delay let the first answer out before the sixth arrived).
    const gate = createTimerGate()
    const limited = await start({ rateLimits: true, timers: gate })
    try {
      const ids: string[] = []
      for (let i = 0; i < 6; i++) {
        const { body } = await limited.api.post(paths.place, { ...ethBuy(), clientOid: `f-${i}` })
        ids.push(body.data.orderId)
      }
      gate.hold()
      limited.sandbox.admin.injectFault({
        path: paths.batchModify,
        kind: 'delay',
        delayMs: 300,
        times: 6,
      })
      const codes: string[] = []
      const pending = ids.map((orderId, i) =>
        limited.api
          .post(paths.batchModify, [{ orderId, price: `30${30 + i}.00` }])
          .then((a) => codes.push(a.body.code)),
      )
      await expect.poll(() => [gate.waiting(), codes], { timeout: 10_000 }).toEqual([5, ['429']])
      gate.release()
      await Promise.all(pending)
      expect(codes.sort()).toEqual(['00000', '00000', '00000', '00000', '00000', '429'])
    } finally {
      gate.release()
      await limited.sandbox.close()
    }
  })

  test('not below the filled quantity in a batch fails the request', async () => {
    const a = await open()
    ctx.sandbox.admin.fill(a.orderId, '0.5')
    const { body } = await ctx.api.post(paths.batchModify, [{ orderId: a.orderId, qty: '0.2' }])
    expect(body.code).toBe('43023')
  })
})
