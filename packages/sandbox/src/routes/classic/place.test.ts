import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, market, order } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0')
  ctx.sandbox.admin.setClassicSettings({ hedgeClose: 'remainder', eliteTraderPairs: ['BTCUSDT'] })
})

describe('POST /api/v2/mix/order/place-order', () => {
  test('Response data: order acknowledgement: { orderId, clientOid }; a limit buy below the price rests', async () => {
    const a = classicAccount(ctx)
    const { status, body } = await a.api.post(classicPaths.place, order({ clientOid: 'ack-1' }))
    expect(status).toBe(200)
    expect(body.data).toEqual({ orderId: expect.any(String), clientOid: 'ack-1' })
    expect((await a.read.detail({ clientOid: 'ack-1' })).data).toMatchObject({
      orderId: body.data.orderId,
      state: 'live',
      size: '1',
      price: '60000',
      baseVolume: '0',
    })
  })

  test('a clientOid is generated when none is sent', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(classicPaths.place, order())
    expect(body.data.clientOid).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  test('a market order fills at once at the admin price', async () => {
    const a = classicAccount(ctx)
    await a.api.post(classicPaths.place, market({ clientOid: 'mkt-1' }))
    expect((await a.read.detail({ clientOid: 'mkt-1' })).data).toMatchObject({
      state: 'filled',
      baseVolume: '1',
      priceAvg: '65000',
      quoteVolume: '65000',
    })
    expect(await a.read.sizes()).toEqual({ long: '1', short: '0' })
  })

  test('a resting limit order fills at its limit when the admin price crosses it (the shared book)', async () => {
    const a = classicAccount(ctx)
    await a.api.post(classicPaths.place, order({ clientOid: 'lim-1' }))
    ctx.sandbox.admin.setPrice('BTCUSDT', '59000.0')
    expect((await a.read.detail({ clientOid: 'lim-1' })).data).toMatchObject({
      state: 'filled',
      priceAvg: '60000',
    })
  })

  describe('classic order rule 1: "Hedge mode: open long = side buy + tradeSide open; close long = buy + close; open short = sell + open; close short = sell + close."', () => {
    test.each([
      ['buy', 'open', 'long', { long: '3', short: '2' }],
      ['buy', 'close', 'long', { long: '1', short: '2' }],
      ['sell', 'open', 'short', { long: '2', short: '3' }],
      ['sell', 'close', 'short', { long: '2', short: '1' }],
    ])(
      'side %s + tradeSide %s acts on the %s position',
      async (side, tradeSide, posSide, after) => {
        const a = classicAccount(ctx, 'hedge')
        a.hold('long', '2')
        a.hold('short', '2')
        const clientOid = `h-${side}-${tradeSide}`
        await a.api.post(classicPaths.place, market({ side, tradeSide, clientOid }))
        expect(await a.read.sizes()).toEqual(after)
        expect((await a.read.detail({ clientOid })).data).toMatchObject({
          side,
          tradeSide,
          posSide,
          posMode: 'hedge_mode',
        })
      },
    )

    test('hedge mode without tradeSide answers 40774 (the position-mode mismatch), with reduceOnly too', async () => {
      const a = classicAccount(ctx, 'hedge')
      expect((await a.api.post(classicPaths.place, order())).body.code).toBe('40774')
      const body = order({ tradeSide: 'open', reduceOnly: 'NO' })
      expect((await a.api.post(classicPaths.place, body)).body.code).toBe('40774')
    })
  })

  describe('classic order rule 1: "One-way mode: side buy or sell, tradeSide ignored."', () => {
    test('side is the trade direction: a sell larger than the long closes it and opens a short (one net position)', async () => {
      const a = classicAccount(ctx)
      a.hold('net', '1')
      await a.api.post(classicPaths.place, market({ side: 'sell', size: '3', clientOid: 'ow-1' }))
      expect(await a.read.sizes()).toEqual({ long: '0', short: '2' })
      expect((await a.read.detail({ clientOid: 'ow-1' })).data).toMatchObject({
        side: 'sell',
        posSide: 'net',
        tradeSide: 'sell_single',
        posMode: 'one_way_mode',
      })
    })

    test('"tradeSide ignored": a one-way order with tradeSide close opens like one without it (the sandbox ignores it as the exchange does)', async () => {
      const lenient = await start({ strict: false })
      try {
        const a = classicAccount(lenient)
        const body = market({ tradeSide: 'close', clientOid: 'ow-ts' })
        expect((await a.api.post(classicPaths.place, body)).body.code).toBe('00000')
        expect(await a.read.sizes()).toEqual({ long: '1', short: '0' })
      } finally {
        await lenient.sandbox.close()
      }
    })

    test('decision: with strict the sandbox refuses tradeSide in one-way mode as the rules do (40774, the mode mismatch)', async () => {
      const a = classicAccount(ctx)
      const { body } = await a.api.post(classicPaths.place, market({ tradeSide: 'open' }))
      expect(body).toMatchObject({ code: '40774' })
    })

    test("the position mode is per account and product type, apart from the unified account's", async () => {
      const a = classicAccount(ctx)
      ctx.sandbox.admin.setClassicPositionMode('hedge', { uid: a.uid, productType: 'COIN-FUTURES' })
      const coin = {
        symbol: 'BTCUSD_CM',
        productType: 'COIN-FUTURES',
        marginMode: 'crossed',
        marginCoin: 'BTC',
        size: '1',
        side: 'buy',
        orderType: 'market',
      }
      expect((await a.api.post(classicPaths.place, coin)).body.code).toBe('40774')
      expect((await a.api.post(classicPaths.place, { ...coin, tradeSide: 'open' })).body.code).toBe(
        '00000',
      )
      expect((await a.api.post(classicPaths.place, market())).body.code).toBe('00000')
      expect(ctx.sandbox.admin.state().accounts.find((x) => x.uid === a.uid)).toMatchObject({
        positionMode: 'one_way',
        classicPositionModes: { 'COIN-FUTURES': 'hedge' },
      })
    })
  })

  describe('classic order rule 2: "One-way mode: if new reduce-only size plus existing reduce-only orders exceeds the position, existing reduce-only orders are cancelled in order of creation until the total fits; the response of the newest reduce-only order has no orderId, so find it by clientOid or in pending orders."', () => {
    test('position 10, reduce-only sells of 4 (oldest) and 4, a new one of 5: the oldest is cancelled; decision: the answer is { clientOid } without an orderId key', async () => {
      const a = classicAccount(ctx)
      a.hold('net', '10')
      const ro = (clientOid: string, size: string) =>
        order({ side: 'sell', reduceOnly: 'YES', price: '70000', size, clientOid })
      await a.api.post(classicPaths.place, ro('ro-1', '4'))
      ctx.clock.set(ctx.clock.now() + 1)
      await a.api.post(classicPaths.place, ro('ro-2', '4'))
      ctx.clock.set(ctx.clock.now() + 1)
      const { body } = await a.api.post(classicPaths.place, ro('ro-3', '5'))
      expect(body).toMatchObject({ code: '00000', data: { clientOid: 'ro-3' } })
      expect(body.data).not.toHaveProperty('orderId')
      expect((await a.read.detail({ clientOid: 'ro-1' })).data).toMatchObject({
        state: 'canceled',
        cancelReason: 'reduceOnlyReplaced',
      })
      const pending = await a.read.pending()
      expect(pending.map((o) => [o.clientOid, o.reduceOnly, o.size])).toEqual([
        ['ro-3', 'YES', '5'],
        ['ro-2', 'YES', '4'],
      ])
    })

    test('while the total fits nothing is cancelled and the answer carries the orderId', async () => {
      const a = classicAccount(ctx)
      a.hold('net', '10')
      const ro = (clientOid: string) =>
        order({ side: 'sell', reduceOnly: 'YES', price: '70000', size: '5', clientOid })
      await a.api.post(classicPaths.place, ro('fit-1'))
      const { body } = await a.api.post(classicPaths.place, ro('fit-2'))
      expect(body.data).toEqual({ orderId: expect.any(String), clientOid: 'fit-2' })
      expect((await a.read.pending()).length).toBe(2)
    })

    test('decision: a reduce-only order larger than the position alone cancels every earlier one and is placed; its fill stops at the position', async () => {
      const a = classicAccount(ctx)
      a.hold('net', '2')
      const ro = (clientOid: string, size: string) =>
        order({ side: 'sell', reduceOnly: 'YES', price: '70000', size, clientOid })
      await a.api.post(classicPaths.place, ro('big-1', '1'))
      const { body } = await a.api.post(classicPaths.place, ro('big-2', '3'))
      expect(body.data).toEqual({ clientOid: 'big-2' })
      expect((await a.read.pending()).map((o) => o.clientOid)).toEqual(['big-2'])
      ctx.sandbox.admin.setPrice('BTCUSDT', '70000.0')
      expect(await a.read.sizes()).toEqual({ long: '0', short: '0' })
    })

    test('a reduce-only order without a position answers 22002 "No position to close"', async () => {
      const a = classicAccount(ctx)
      const { body } = await a.api.post(classicPaths.place, market({ reduceOnly: 'YES' }))
      expect(body).toMatchObject({ code: '22002', msg: 'No position to close' })
    })

    test('a reduce-only fill never flips the position', async () => {
      const a = classicAccount(ctx)
      a.hold('net', '1')
      await a.api.post(classicPaths.place, market({ side: 'sell', reduceOnly: 'YES', size: '3' }))
      expect(await a.read.sizes()).toEqual({ long: '0', short: '0' })
    })
  })

  describe('classic order rule 3: "Hedge mode, limit close order occupying the position, then a market close order"', () => {
    test('decision: "the sandbox closes only the remainder by default" — "position 100, limit occupying 70, market close 50 closes 30" (decision: the market order is recorded with the size it closed)', async () => {
      const a = classicAccount(ctx, 'hedge')
      a.hold('long', '100')
      const limit = order({ tradeSide: 'close', size: '70', price: '70000', clientOid: 'r3-l' })
      expect((await a.api.post(classicPaths.place, limit)).body.code).toBe('00000')
      const close = market({ tradeSide: 'close', size: '50', clientOid: 'r3-m' })
      expect((await a.api.post(classicPaths.place, close)).body.code).toBe('00000')
      expect((await a.read.detail({ clientOid: 'r3-m' })).data).toMatchObject({
        state: 'filled',
        size: '30',
        baseVolume: '30',
      })
      // "the limit order is kept"
      expect((await a.read.detail({ clientOid: 'r3-l' })).data).toMatchObject({ state: 'live' })
      expect((await a.read.positions()).long).toMatchObject({
        total: '70',
        locked: '70',
        available: '0',
      })
    })

    test('decision: "and can be set to the error behaviour" — "an insufficient-position error is returned" (40757), nothing closes', async () => {
      ctx.sandbox.admin.setClassicSettings({ hedgeClose: 'error' })
      const a = classicAccount(ctx, 'hedge')
      a.hold('long', '100')
      await a.api.post(
        classicPaths.place,
        order({ tradeSide: 'close', size: '70', price: '70000' }),
      )
      const { body } = await a.api.post(
        classicPaths.place,
        market({ tradeSide: 'close', size: '50' }),
      )
      expect(body).toMatchObject({ code: '40757', msg: 'Not enough position is available' })
      expect(await a.read.sizes()).toEqual({ long: '100', short: '0' })
    })

    test('the sandbox option picks the behaviour at start (classic.hedgeClose)', async () => {
      const strictClose = await start({ classic: { hedgeClose: 'error' } })
      try {
        expect(strictClose.sandbox.admin.state().classic.hedgeClose).toBe('error')
      } finally {
        await strictClose.sandbox.close()
      }
    })

    test('a close that fits the remainder closes its full size in both behaviours', async () => {
      ctx.sandbox.admin.setClassicSettings({ hedgeClose: 'error' })
      const a = classicAccount(ctx, 'hedge')
      a.hold('long', '100')
      await a.api.post(
        classicPaths.place,
        order({ tradeSide: 'close', size: '70', price: '70000' }),
      )
      await a.api.post(classicPaths.place, market({ tradeSide: 'close', size: '30' }))
      expect(await a.read.sizes()).toEqual({ long: '70', short: '0' })
    })

    test('a hedge close without a position answers 22002', async () => {
      const a = classicAccount(ctx, 'hedge')
      const { body } = await a.api.post(classicPaths.place, market({ tradeSide: 'close' }))
      expect(body.code).toBe('22002')
    })
  })

  test('classic order rule 4: "Hedge mode: when the limit close order already equals the held position, a newly added close order cancels that limit order."', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('short', '5')
    const whole = order({
      side: 'sell',
      tradeSide: 'close',
      size: '5',
      price: '60000',
      clientOid: 'r4-l',
    })
    await a.api.post(classicPaths.place, whole)
    const added = order({
      side: 'sell',
      tradeSide: 'close',
      size: '2',
      price: '61000',
      clientOid: 'r4-n',
    })
    expect((await a.api.post(classicPaths.place, added)).body.code).toBe('00000')
    expect((await a.read.detail({ clientOid: 'r4-l' })).data).toMatchObject({
      state: 'canceled',
      cancelReason: 'closeReplaced',
    })
    expect((await a.read.pending()).map((o) => o.clientOid)).toEqual(['r4-n'])
  })

  describe('classic order rule 5: "Elite-trader copy-trading keys may only use the pairs on the published elite-trader list."', () => {
    test("an elite trader's key (eliteTrader) trades a listed pair and is refused another (40017 naming the rule)", async () => {
      const a = classicAccount(ctx, 'one_way', { eliteTrader: true })
      expect((await a.api.post(classicPaths.place, market())).body.code).toBe('00000')
      const eth = {
        symbol: 'ETHPERP',
        productType: 'USDC-FUTURES',
        marginMode: 'crossed',
        marginCoin: 'USDC',
        size: '1',
        side: 'buy',
        orderType: 'market',
      }
      const { body } = await a.api.post(classicPaths.place, eth)
      expect(body.code).toBe('40017')
      expect(body.msg).toContain('symbol: expected a pair on the elite-trader list')
      const plain = classicAccount(ctx)
      expect((await plain.api.post(classicPaths.place, eth)).body.code).toBe('00000')
    })

    test('the list is a sandbox setting (option classic.eliteTraderPairs, admin.setClassicSettings)', async () => {
      ctx.sandbox.admin.setClassicSettings({ eliteTraderPairs: ['ETHPERP'] })
      const a = classicAccount(ctx, 'one_way', { eliteTrader: true })
      expect((await a.api.post(classicPaths.place, market())).body.code).toBe('40017')
    })
  })

  describe('the exchange checks', () => {
    test('decision: a clientOid the account used answers 40786 "Duplicate clientOid" (the v2 futures code; 43118 and 25212 are the spot and unified ones)', async () => {
      const a = classicAccount(ctx)
      await a.api.post(classicPaths.place, order({ clientOid: 'dup-1' }))
      const { body } = await a.api.post(classicPaths.place, order({ clientOid: 'dup-1' }))
      expect(body).toMatchObject({ code: '40786', msg: 'Duplicate clientOid' })
    })

    test('a symbol the product type does not list answers 40034', async () => {
      const a = classicAccount(ctx)
      const { body } = await a.api.post(classicPaths.place, order({ productType: 'USDC-FUTURES' }))
      expect(body).toMatchObject({ code: '40034', msg: 'Parameter BTCUSDT does not exist' })
    })

    test("decision: a margin coin that is not the symbol's answers 40017 naming it", async () => {
      const a = classicAccount(ctx)
      const { body } = await a.api.post(classicPaths.place, order({ marginCoin: 'USDC' }))
      expect(body.code).toBe('40017')
      expect(body.msg).toContain('marginCoin: expected "USDT"')
    })

    test("decision: a margin mode other than that of the symbol's open position or orders answers 45117", async () => {
      const a = classicAccount(ctx)
      await a.api.post(classicPaths.place, order({ marginMode: 'isolated' }))
      const { body } = await a.api.post(classicPaths.place, order({ marginMode: 'crossed' }))
      expect(body).toMatchObject({
        code: '45117',
        msg: 'Currently holding positions or orders, the margin mode cannot be adjusted',
      })
      await a.api.post(classicPaths.cancelAll, { productType: 'USDT-FUTURES' })
      expect((await a.api.post(classicPaths.place, market())).body.code).toBe('00000')
      expect((await a.read.positions()).long).toMatchObject({ marginMode: 'crossed' })
    })

    test('unified order rules 1 and 2 apply: a price off the step answers 41103, a size off the step 40808', async () => {
      const a = classicAccount(ctx)
      expect((await a.api.post(classicPaths.place, order({ price: '60000.05' }))).body.code).toBe(
        '41103',
      )
      expect((await a.api.post(classicPaths.place, order({ size: '0.0005' }))).body.code).toBe(
        '40808',
      )
    })

    test('a limit price outside the band and a balance that is short are refused (43025, 40762)', async () => {
      const a = classicAccount(ctx)
      expect((await a.api.post(classicPaths.place, order({ price: '90000' }))).body.code).toBe(
        '43025',
      )
      ctx.sandbox.admin.setBalance('USDT', '100', a.uid)
      expect((await a.api.post(classicPaths.place, order())).body.code).toBe('40762')
    })

    test("preset take-profit and stop-loss are kept on the order and become the position's when it fills", async () => {
      const a = classicAccount(ctx)
      const presets = {
        presetStopSurplusPrice: '70000',
        // Below the fill price: the stop-loss plan order it becomes does not trigger at once.
        presetStopLossPrice: '59000',
        presetStopSurplusExecutePrice: '69900',
      }
      await a.api.post(classicPaths.place, order({ ...presets, clientOid: 'pre-1' }))
      expect((await a.read.detail({ clientOid: 'pre-1' })).data).toMatchObject({
        ...presets,
        presetStopSurplusType: 'fill_price',
        presetStopLossExecutePrice: '',
      })
      ctx.sandbox.admin.setPrice('BTCUSDT', '60000.0')
      expect((await a.read.positions()).long).toMatchObject({
        takeProfit: '70000',
        stopLoss: '59000',
        takeProfitId: expect.stringMatching(/^\d+$/),
      })
    })
  })
})
