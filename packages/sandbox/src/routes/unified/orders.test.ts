import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { btc, ethBuy, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  ctx.sandbox.admin.setPrices({ ETHUSDT: '3200.00', BTCUSDT: '65000.0' })
  ctx.sandbox.admin.setPositionMode('one_way')
})

const place = (body: Record<string, unknown>) => ctx.api.post(paths.place, body)
const info = async (query: Record<string, string>) => (await ctx.api.get(paths.info, query)).body

describe('placeOrderRoute', () => {
  test('Response: envelope with `data` = order acknowledgement: a limit buy below the price stays live', async () => {
    const { status, body } = await place(ethBuy({ clientOid: 'ack-1' }))
    expect(status).toBe(200)
    expect(body.data).toEqual({ orderId: expect.any(String), clientOid: 'ack-1' })
    expect((await info({ clientOid: 'ack-1' })).data).toMatchObject({
      orderStatus: 'live',
      cumExecQty: '0',
      category: 'SPOT',
      price: '3000',
    })
  })

  test('decision: prices and quantities are checked and recorded normalised: 3000.100 and 0.5000 on ETHUSDT (2 places) are accepted as 3000.1 and 0.5', async () => {
    const { body } = await place(ethBuy({ price: '3000.100', qty: '0.5000', clientOid: 'norm-1' }))
    expect(body.code).toBe('00000')
    expect((await info({ clientOid: 'norm-1' })).data).toMatchObject({
      price: '3000.1',
      qty: '0.5',
    })
    await ctx.api.post(paths.cancel, { clientOid: 'norm-1' })
  })

  test.each([
    ['an unlisted symbol', ethBuy({ symbol: 'DOGEUSDT', price: '0.10' }), 'DOGEUSDT'],
    ['a futures symbol under SPOT', btc({ category: 'SPOT' }), 'BTCUSDT'],
    ['a spot symbol under USDT-FUTURES', ethBuy({ category: 'USDT-FUTURES' }), 'ETHUSDT'],
  ])(
    'decision: %s answers 40034 "Parameter <symbol> does not exist", the code the exchange answers (bitget-api PARAMETER_DOES_NOT_EXIST)',
    async (_what, order, symbol) => {
      expect(await place(order)).toEqual({
        status: 400,
        body: {
          code: '40034',
          msg: `Parameter ${symbol} does not exist`,
          requestTime: expect.any(Number),
          data: null,
        },
      })
    },
  )

  test('decision: 40034 also for a strategy order and per item of a batch', async () => {
    const strategy = {
      category: 'SPOT',
      symbol: 'DOGEUSDT',
      type: 'trigger',
      side: 'buy',
      qty: '1',
      triggerPrice: '0.20',
      triggerOrderType: 'market',
    }
    expect((await ctx.api.post(paths.placeStrategy, strategy)).body).toMatchObject({
      code: '40034',
      msg: 'Parameter DOGEUSDT does not exist',
    })
    const batch = [ethBuy({ symbol: 'DOGEUSDT', price: '0.10' }), ethBuy({ clientOid: 'b-40034' })]
    const items = (await ctx.api.post(paths.placeBatch, batch)).body.data
    expect(items.map((item: { code: string }) => item.code)).toEqual(['40034', '00000'])
  })

  test("decision: absurd values are refused by the rules' bounds: a 512 KB symbol answers 40017 naming the field and the rule, without echoing it (a 1 MiB one passes the body limit: HTTP 413)", async () => {
    const { body } = await place(ethBuy({ symbol: 'A'.repeat(1 << 19) }))
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('symbol: expected at most 32 characters')
    expect(body.msg.length).toBeLessThan(200)
    const huge = await place(ethBuy({ symbol: 'A'.repeat(1 << 20) }))
    expect([huge.status, huge.body.code]).toEqual([413, '40017'])
  })

  test('Default `gtc` for limit; market orders run as `ioc`', async () => {
    await place(ethBuy({ clientOid: 'tif-limit' }))
    await place(
      ethBuy({ orderType: 'market', side: 'sell', price: undefined, clientOid: 'tif-mkt' }),
    )
    expect((await info({ clientOid: 'tif-limit' })).data).toMatchObject({ timeInForce: 'gtc' })
    expect((await info({ clientOid: 'tif-mkt' })).data).toMatchObject({ timeInForce: 'ioc' })
  })

  test('a market order fills at once at the admin price', async () => {
    await place(ethBuy({ orderType: 'market', side: 'sell', price: undefined, clientOid: 'mkt-1' }))
    expect((await info({ clientOid: 'mkt-1' })).data).toMatchObject({
      orderStatus: 'filled',
      cumExecQty: '1',
      avgPrice: '3200',
    })
  })

  test('a limit buy fills at its limit when the admin sets a price at or below it', async () => {
    await place(ethBuy({ clientOid: 'lim-1' }))
    ctx.sandbox.admin.setPrice('ETHUSDT', '2999.00')
    expect((await info({ clientOid: 'lim-1' })).data).toMatchObject({
      orderStatus: 'filled',
      avgPrice: '3000',
    })
  })

  test('admin.fill fills part of an order: partially filled', async () => {
    const { body } = await place(ethBuy({ clientOid: 'part-1' }))
    ctx.sandbox.admin.fill(body.data.orderId, '0.4')
    expect((await info({ clientOid: 'part-1' })).data).toMatchObject({
      orderStatus: 'partially_filled',
      cumExecQty: '0.4',
    })
  })

  test.each([
    ['ioc', '3000.00', 'ioc_not_full_cancel'],
    ['fok', '3000.00', 'fok'],
    ['post_only', '3300.00', 'postOnly'],
  ])(
    "timeInForce %s that cannot rest or fill as asked is cancelled (docs/records.md: the exchange's cancelReason where it names one)",
    async (tif, price, reason) => {
      const clientOid = `tif-${tif}`
      await place(ethBuy({ timeInForce: tif, price, clientOid }))
      expect((await info({ clientOid })).data).toMatchObject({
        orderStatus: 'cancelled',
        cancelReason: reason,
      })
    },
  )

  test('posSide ... must be omitted in one-way mode (else error): 40774', async () => {
    const { body } = await place(btc({ posSide: 'long' }))
    expect(body.code).toBe('40774')
  })

  test.each([
    [{}, 'no posSide'],
    [{ posSide: 'long', reduceOnly: 'yes' }, 'reduceOnly'],
  ])(
    'posSide ... required in hedge mode; "reduceOnly ... one-way mode only": %o (%s) gets 40774',
    async (fields, _case) => {
      ctx.sandbox.admin.setPositionMode('hedge', { category: 'USDT-FUTURES' })
      expect((await place(btc(fields))).body.code).toBe('40774')
    },
  )

  test('Hedge mode: open long = side buy + posSide long ... close long = sell + long', async () => {
    ctx.sandbox.admin.setPositionMode('hedge')
    await place(btc({ orderType: 'market', price: undefined, posSide: 'long', qty: '0.02' }))
    await place(btc({ orderType: 'market', price: undefined, posSide: 'long', side: 'sell' }))
    const long = ctx.sandbox.admin.state().positions.find((p) => p.side === 'long')
    expect(long).toMatchObject({ symbol: 'BTCUSDT', size: '0.01' })
  })

  test('a position mode per category: hedge for USDC-FUTURES leaves USDT-FUTURES one-way', async () => {
    ctx.sandbox.admin.setPositionMode('hedge', { category: 'USDC-FUTURES' })
    const eth = {
      category: 'USDC-FUTURES',
      symbol: 'ETHPERP',
      side: 'buy',
      orderType: 'limit',
      qty: '0.1',
      price: '3000.00',
    }
    expect((await place(eth)).body.code).toBe('40774')
    expect((await place({ ...eth, posSide: 'long' })).body.code).toBe('00000')
    expect((await place(btc())).body.code).toBe('00000')
  })

  test.each([
    [btc({ price: '60000.05' }), '41103'],
    [btc({ qty: '0.0015' }), '40808'],
    [ethBuy({ price: '3000.001' }), '41103'],
  ])(
    'Futures price must be a multiple of priceMultiplier ...; qty ... a multiple of sizeMultiplier (%#)',
    async (order, code) => {
      expect((await place(order)).body.code).toBe(code)
    },
  )

  test('at most 400 orders across all USDT, COIN and USDC futures pairs together: 43122', async () => {
    const { admin } = ctx.sandbox
    const seeded = Array.from({ length: 400 }, (_, i) =>
      admin.addOrder({
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'limit',
        qty: '0.001',
        price: '1000.0',
        clientOid: `hold-${i}`,
      }),
    )
    expect((await place(btc())).body.code).toBe('43122')
    expect((await place(ethBuy())).body.code).toBe('00000')
    await ctx.api.post(paths.cancelSymbol, { category: 'USDT-FUTURES' })
    expect(seeded.length).toBe(400)
  })

  test('rToken pairs support only market take-profit/stop-loss order types', async () => {
    const order = {
      category: 'SPOT',
      symbol: 'rAAPLUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '1',
      price: '200.00',
      takeProfit: '260.00',
      tpOrderType: 'limit',
      tpLimitPrice: '259.00',
    }
    expect((await place(order)).body).toMatchObject({
      code: '40017',
      msg: expect.stringContaining('rToken'),
    })
  })

  test.each(['MARGIN', 'USDT-FUTURES'])(
    'tokenized-stock spot pairs (called rToken pairs, symbol shape `r<TICKER>USDT`): an rToken pair under %s is refused with 40017',
    async (category) => {
      const order = { ...ethBuy({ symbol: 'rAAPLUSDT', price: '200.00' }), category }
      expect((await place(order)).body).toMatchObject({
        code: '40017',
        msg: expect.stringContaining('rToken pairs such as rAAPLUSDT are spot pairs'),
      })
      const market = { ...order, side: 'sell', orderType: 'market', price: undefined }
      expect((await place({ ...market, category: 'SPOT' })).body.code).toBe('00000')
    },
  )

  test.each(['SPOT', 'MARGIN'])(
    'reduceOnly "one-way mode only" — decision: reduceOnly "yes" on %s is refused with 40017',
    async (category) => {
      const { body } = await place(ethBuy({ category, reduceOnly: 'yes' }))
      expect(body).toMatchObject({ code: '40017', msg: expect.stringContaining('reduceOnly') })
      const market = { side: 'sell', orderType: 'market', price: undefined }
      expect((await place(ethBuy({ category, reduceOnly: 'no', ...market }))).body.code).toBe(
        '00000',
      )
    },
  )

  test('<BASE>USD_CM; that line does not support ... preset take-profit/stop-loss', async () => {
    const order = {
      category: 'COIN-FUTURES',
      symbol: 'BTCUSD_CM',
      side: 'buy',
      orderType: 'limit',
      qty: '10',
      price: '60000.0',
      takeProfit: '70000.0',
    }
    expect((await place(order)).body).toMatchObject({
      code: '40017',
      msg: expect.stringContaining('USD_CM'),
    })
    const { takeProfit: _, ...plain } = order
    expect((await place(plain)).body.code).toBe('00000')
  })

  test('pxAmendType no (default): out-of-range price is rejected; yes: price is adjusted (recorded normalised, as every price is)', async () => {
    expect((await place(btc({ price: '80000.0' }))).body.code).toBe('43025')
    const { body } = await place(
      btc({ price: '80000.0', pxAmendType: 'yes', clientOid: 'amend-1' }),
    )
    expect(body.code).toBe('00000')
    expect((await info({ clientOid: 'amend-1' })).data).toMatchObject({
      price: '78000',
      orderStatus: 'filled',
    })
  })

  test('40762 ... when balance is insufficient: spot and futures', async () => {
    expect((await place(ethBuy({ side: 'sell', qty: '1000', price: '3300.00' }))).body.code).toBe(
      '40762',
    )
    ctx.sandbox.admin.setBalance('USDT', '10')
    expect((await place(btc())).body.code).toBe('40762')
    ctx.sandbox.admin.setBalance('USDT', '100000')
  })

  test('the exchange docs: "43118 ... duplicate clientOid"', async () => {
    await place(ethBuy({ clientOid: 'dup-1' }))
    expect((await place(ethBuy({ clientOid: 'dup-1' }))).body.code).toBe('43118')
  })

  test.each([
    ['a space', 'a b'],
    ['a tab', 'a\tb'],
    ['a no-break space', 'a\u00a0b'],
    ['#', 'a#1'],
    ['/', 'a/1'],
  ])(
    'decision: a clientOid with %s (one published pattern only) is refused with 40017 naming the field and the rule',
    async (_, clientOid) => {
      const { body } = await place(ethBuy({ clientOid }))
      expect(body.code).toBe('40017')
      expect(body.msg).toContain('clientOid: expected only the characters A-Z a-z 0-9 _ : -')
      expect(ctx.sandbox.admin.state().orders.some((o) => o.clientOid === clientOid)).toBe(false)
    },
  )

  test('unified order rule 5: "the earlier reduce-only order is cancelled and the new one placed; the response orderId is then null"', async () => {
    ctx.sandbox.admin.setPosition({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '0.01',
    })
    const first = await place(
      btc({ side: 'sell', reduceOnly: 'yes', price: '70000.0', clientOid: 'ro-1' }),
    )
    expect(first.body.data).toEqual({ orderId: expect.any(String), clientOid: 'ro-1' })
    const second = await place(
      btc({ side: 'sell', reduceOnly: 'yes', qty: '0.005', price: '70000.0', clientOid: 'ro-2' }),
    )
    expect(second.body.data).toEqual({ orderId: null, clientOid: 'ro-2' })
    expect((await info({ clientOid: 'ro-1' })).data).toMatchObject({
      orderStatus: 'cancelled',
      cancelReason: 'reduceOnlyReplaced',
    })
    expect((await info({ clientOid: 'ro-2' })).data).toMatchObject({
      orderStatus: 'live',
      reduceOnly: 'YES',
    })
  })

  test('a reduce-only order without a position: 22002', async () => {
    const order = {
      category: 'USDC-FUTURES',
      symbol: 'ETHPERP',
      side: 'sell',
      orderType: 'limit',
      qty: '0.1',
      price: '3300.00',
      reduceOnly: 'yes',
    }
    expect((await place(order)).body.code).toBe('22002')
  })

  test('When the call fails with code 40725 ... the outcome is unknown: code-after stores the order', async () => {
    ctx.sandbox.admin.injectFault({ path: paths.place, kind: 'code-after', code: '40725' })
    expect((await place(ethBuy({ clientOid: 'unknown-1' }))).body.code).toBe('40725')
    expect((await info({ clientOid: 'unknown-1' })).data.orderStatus).toBe('live')
  })
})

describe('cancelOrderRoute', () => {
  test('orderId ... wins over clientOid, also when they do not match', async () => {
    const a = (await place(ethBuy({ clientOid: 'win-a' }))).body.data
    await place(ethBuy({ clientOid: 'win-b' }))
    const { body } = await ctx.api.post(paths.cancel, { orderId: a.orderId, clientOid: 'win-b' })
    expect(body.data).toEqual({ orderId: a.orderId, clientOid: 'win-a' })
    expect((await info({ clientOid: 'win-a' })).data.orderStatus).toBe('cancelled')
    expect((await info({ clientOid: 'win-b' })).data.orderStatus).toBe('live')
  })

  test('Unfilled and partially filled orders can be cancelled: unknown 43001, filled 43020', async () => {
    expect((await ctx.api.post(paths.cancel, { orderId: '1' })).body.code).toBe('43001')
    await place(
      ethBuy({ orderType: 'market', price: undefined, side: 'sell', clientOid: 'done-1' }),
    )
    expect((await ctx.api.post(paths.cancel, { clientOid: 'done-1' })).body.code).toBe('43020')
  })
})

describe('cancelSymbolOrderRoute', () => {
  test('the exchange docs: "unified cancel all": every open order of the symbol, with item results', async () => {
    await place(ethBuy({ clientOid: 'all-1' }))
    const { body } = await ctx.api.post(paths.cancelSymbol, { category: 'spot', symbol: 'ETHUSDT' })
    // Under `list`, as the exchange's page shows (a bare array before: ccxt and bitget-api read
    // `data.list` and saw nothing cancelled).
    expect(Object.keys(body.data)).toEqual(['list'])
    expect(body.data.list).toContainEqual({
      orderId: expect.any(String),
      clientOid: 'all-1',
      code: '00000',
      msg: 'success',
    })
    expect((await ctx.api.get(paths.unfilled, { symbol: 'ETHUSDT' })).body.data.list).toEqual([])
  })
})
