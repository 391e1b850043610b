import { Endpoint, JsonNumber, Strategy } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { paths, start } from '../../test/unified.js'
import { twapNumberFields } from './strategy.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrices({ ETHUSDT: '3200.00', BTCUSDT: '65000.0' }))

const eth = { category: 'SPOT', symbol: 'ETHUSDT' }
const placeStrategy = (body: Record<string, unknown>) => ctx.api.post(paths.placeStrategy, body)
const strategy = (orderId: string) =>
  ctx.sandbox.admin.state().strategies.find((s) => s.orderId === orderId)!

describe('placeStrategyRoute', () => {
  test('type=trigger triggers when the price crosses and places its order', async () => {
    const { body } = await placeStrategy({
      ...eth,
      type: 'trigger',
      side: 'buy',
      qty: '1',
      triggerPrice: '3300.00',
      triggerOrderType: 'market',
    })
    expect(body.data).toEqual({ orderId: expect.any(String), clientOid: null })
    ctx.sandbox.admin.setPrice('ETHUSDT', '3250.00')
    expect(strategy(body.data.orderId).status).toBe('live')
    ctx.sandbox.admin.setPrice('ETHUSDT', '3300.00')
    const triggered = strategy(body.data.orderId)
    expect(triggered).toMatchObject({ status: 'triggered', triggeredLeg: 'trigger' })
    const order = await ctx.api.get(paths.info, { orderId: triggered.orderIds![0]! })
    expect(order.body.data).toMatchObject({ orderStatus: 'filled', side: 'buy', avgPrice: '3300' })
  })

  test('type=tpsl: a stop-loss on a one-way long closes it reduce-only at market', async () => {
    ctx.sandbox.admin.setPosition({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '0.02',
    })
    const { body } = await placeStrategy({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      stopLoss: '60000.0',
      takeProfit: '70000.0',
      clientOid: 'tpsl-1',
    })
    expect(body.data).toEqual({ orderId: expect.any(String), clientOid: 'tpsl-1' })
    ctx.sandbox.admin.setPrice('BTCUSDT', '59900.0')
    const s = strategy(body.data.orderId)
    expect(s).toMatchObject({ status: 'triggered', triggeredLeg: 'stopLoss' })
    const order = (await ctx.api.get(paths.info, { orderId: s.orderIds![0]! })).body.data
    expect(order).toMatchObject({
      side: 'sell',
      reduceOnly: 'YES',
      qty: '0.02',
      orderStatus: 'filled',
    })
    expect(
      ctx.sandbox.admin.state().positions.find((p) => p.symbol === 'BTCUSDT' && p.side === 'net')
        ?.size,
    ).toBe('0')
  })

  test('type=oco ... Whichever leg fills or triggers first cancels the other', async () => {
    const ocoParams = [
      { ocoLimitPrice: '3100.00', ocoTriggerPrice: '3400.00', ocoOrderType: 'market' },
    ]
    const limitFirst = (
      await placeStrategy({ ...eth, type: 'oco', side: 'buy', qty: '1', ocoParams })
    ).body.data
    const triggerFirst = (
      await placeStrategy({ ...eth, type: 'oco', side: 'buy', qty: '1', ocoParams })
    ).body.data
    ctx.sandbox.admin.setPrice('ETHUSDT', '3100.00')
    expect(strategy(limitFirst.orderId)).toMatchObject({
      status: 'triggered',
      triggeredLeg: 'limit',
    })
    expect(strategy(triggerFirst.orderId)).toMatchObject({
      status: 'triggered',
      triggeredLeg: 'limit',
    })
    const sell = (
      await placeStrategy({
        ...eth,
        type: 'oco',
        side: 'sell',
        qty: '1',
        ocoParams: [
          { ocoLimitPrice: '3500.00', ocoTriggerPrice: '3000.00', ocoOrderType: 'market' },
        ],
      })
    ).body.data
    ctx.sandbox.admin.setPrice('ETHUSDT', '2990.00')
    const s = strategy(sell.orderId)
    expect(s).toMatchObject({ status: 'triggered', triggeredLeg: 'trigger' })
    expect(s.orderIds).toHaveLength(1)
    ctx.sandbox.admin.setPrice('ETHUSDT', '3600.00')
    expect(strategy(sell.orderId).orderIds).toHaveLength(1)
  })

  test('list `ocoParams` ... each element: two elements are stored as sent, and the first leg of any element that fills or triggers cancels the rest', async () => {
    const ocoParams = [
      { ocoLimitPrice: '3000.00', ocoTriggerPrice: '3500.00', ocoOrderType: 'market' },
      { ocoLimitPrice: '3100.00', ocoTriggerPrice: '3400.00', ocoOrderType: 'market' },
    ]
    const { body } = await placeStrategy({ ...eth, type: 'oco', side: 'buy', qty: '1', ocoParams })
    expect(body.code).toBe('00000')
    const list = (await ctx.api.get(paths.unfilledStrategy, { category: 'SPOT', type: 'oco' })).body
      .data
    expect(list[0]).toMatchObject({ orderId: body.data.orderId, ocoParams: [{}, {}] })
    expect(list[0].ocoParams).toHaveLength(2)
    ctx.sandbox.admin.setPrice('ETHUSDT', '3410.00')
    const s = strategy(body.data.orderId)
    expect(s).toMatchObject({ status: 'triggered', triggeredLeg: 'trigger' })
    expect(s.orderIds).toHaveLength(1)
  })

  test.each([
    [
      'trailing_stop',
      {
        trailingStopParams: [
          {
            activationPrice: '3300',
            activationType: 'market',
            trailType: 'ratio',
            trailVariance: '1',
            preOrderType: 'market',
          },
        ],
      },
    ],
    [
      'iceberg',
      {
        icebergParams: [
          {
            splitMode: 'order',
            splitOrderNumbers: '5',
            orderPreference: 'fixed_price',
            fixedPrice: '3100',
          },
        ],
      },
    ],
    ['twap', { twapParams: [{ duration: '10', interval: '5' }] }],
  ])('%s is accepted and listed', async (type, fields) => {
    const { body } = await placeStrategy({ ...eth, type, side: 'buy', qty: '1', ...fields })
    expect(body.code).toBe('00000')
    const list = (await ctx.api.get(paths.unfilledStrategy, { category: 'spot', type })).body.data
    expect(list[0]).toMatchObject({
      orderId: body.data.orderId,
      type,
      status: 'pending',
      ...fields,
    })
  })

  test('decision: the twap fields typed number go out as JSON numbers: accepted as numbers or strings, stored and answered as decimal strings', async () => {
    const twap = (params: string) =>
      ctx.api.postText(
        paths.placeStrategy,
        `{"category":"SPOT","symbol":"ETHUSDT","type":"twap","side":"buy","qty":"1","twapParams":[${params}]}`,
      )
    const numbers = await twap(
      '{"duration":"10","interval":"5","orderType":"limit","limitOffsetPercentage":0.005,"twapTriggerPrice":3300.5,"twapTerminationPrice":3400}',
    )
    const strings = await twap(
      '{"duration":"10","interval":"5","orderType":"limit","limitOffsetType":"spread","limitOffsetSpread":"12.5"}',
    )
    expect([numbers.body.code, strings.body.code]).toEqual(['00000', '00000'])
    expect(strategy(numbers.body.data.orderId).params.twapParams).toEqual([
      {
        duration: '10',
        interval: '5',
        orderType: 'limit',
        limitOffsetPercentage: '0.005',
        twapTriggerPrice: '3300.5',
        twapTerminationPrice: '3400',
      },
    ])
    const list = (await ctx.api.get(paths.unfilledStrategy, { category: 'spot', type: 'twap' }))
      .body.data
    expect(
      list.find((s: { orderId: string }) => s.orderId === strings.body.data.orderId),
    ).toMatchObject({
      twapParams: [{ limitOffsetType: 'spread', limitOffsetSpread: '12.5' }],
    })
  })

  test("decision: a twap body's JSON numbers are read as their exact text, never through a float (a strict sandbox, as ccxt or bitget-api send them)", async () => {
    const twap = (params: string) =>
      ctx.api.postText(
        paths.placeStrategy,
        `{"category":"SPOT","symbol":"ETHUSDT","type":"twap","side":"buy","qty":"1","twapParams":[${params}]}`,
      )
    const placed = await twap(
      '{"duration":"10","interval":"5","orderType":"limit","limitOffsetType":"spread","limitOffsetSpread":12.5000000000000000001,"twapTriggerPrice":3300.50,"twapTerminationPrice":34e2}',
    )
    expect(placed.body.code).toBe('00000')
    expect(strategy(placed.body.data.orderId).params.twapParams).toEqual([
      {
        duration: '10',
        interval: '5',
        orderType: 'limit',
        limitOffsetType: 'spread',
        limitOffsetSpread: '12.5000000000000000001',
        twapTriggerPrice: '3300.5',
        twapTerminationPrice: '3400',
      },
    ])
    // As a double this is 0.1, inside [0.001, 0.1]; as written it is just above.
    const above = await twap(
      '{"duration":"10","interval":"5","orderType":"limit","limitOffsetPercentage":0.1000000000000000055}',
    )
    expect(above.body).toMatchObject({
      code: '40017',
      msg: 'parameter verification failed: twapParams[0].limitOffsetPercentage: expected a value in [0.001, 0.1], received "0.1000000000000000055"',
    })
  })

  test('the twap fields read from JSON numbers are exactly those the rules send as JSON numbers', () => {
    const base = { duration: '10', interval: '5', orderType: 'limit' }
    const checked = Endpoint.check(Strategy.placeStrategyOrder, {
      ...eth,
      type: 'twap',
      side: 'buy',
      qty: '1',
      twapParams: [
        {
          ...base,
          limitOffsetPercentage: '0.01',
          twapTriggerPrice: '1',
          twapTerminationPrice: '2',
        },
        { ...base, limitOffsetType: 'spread', limitOffsetSpread: '1' },
      ],
    })
    const sent = (checked.output?.twapParams ?? []).flatMap((param) =>
      Object.entries(param).flatMap(([name, value]) => (JsonNumber.is(value) ? [name] : [])),
    )
    expect(new Set(sent)).toEqual(new Set(twapNumberFields))
  })

  test('oco | ... USDT-FUTURES no: 40017; USD_CM: "does not support ... strategy orders"', async () => {
    const ocoParams = [
      { ocoLimitPrice: '60000.0', ocoTriggerPrice: '70000.0', ocoOrderType: 'market' },
    ]
    expect(
      (
        await placeStrategy({
          category: 'USDT-FUTURES',
          symbol: 'BTCUSDT',
          type: 'oco',
          qty: '1',
          ocoParams,
        })
      ).body.code,
    ).toBe('40017')
    expect(
      (await placeStrategy({ category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', stopLoss: '60000.0' }))
        .body.code,
    ).toBe('40017')
  })
})

describe('modifyStrategyRoute and cancelStrategyRoute', () => {
  test('a live strategy order can be modified and cancelled, then moves to the history', async () => {
    const { orderId } = (
      await placeStrategy({
        ...eth,
        type: 'trigger',
        side: 'buy',
        qty: '1',
        triggerPrice: '3900.00',
        triggerOrderType: 'market',
      })
    ).body.data
    expect((await ctx.api.post(paths.modifyStrategy, { orderId, qty: '2' })).body.data).toEqual({
      orderId,
      clientOid: null,
    })
    expect(strategy(orderId).qty).toBe('2')
    // fixtures/exchange/uta.trade.cancel-strategy-order.json: `data` is null.
    const cancelled = (await ctx.api.post(paths.cancelStrategy, { orderId })).body
    expect(cancelled).toMatchObject({ code: '00000', data: null })
    expect((await ctx.api.post(paths.cancelStrategy, { orderId })).body.code).toBe('43020')
    expect((await ctx.api.post(paths.modifyStrategy, { orderId: '5', qty: '1' })).body.code).toBe(
      '43001',
    )
    const { list } = (
      await ctx.api.get(paths.historyStrategy, { category: 'SPOT', type: 'trigger' })
    ).body.data
    expect(list).toContainEqual(expect.objectContaining({ orderId, status: 'cancelled', qty: '2' }))
  })
})

describe("modifyStrategyRoute: a trigger order's trigger (triggerBy, triggerPrice, triggerOrderType, triggerOrderPrice)", () => {
  const placeTrigger = async () =>
    (
      await placeStrategy({
        ...eth,
        type: 'trigger',
        side: 'buy',
        qty: '1',
        triggerPrice: '3300.00',
        triggerOrderType: 'market',
      })
    ).body.data.orderId as string

  test('the exchange docs list the trigger fields as modifiable: the new trigger price is the one that fires (the rules dropped them before, answered 00000 and changed nothing)', async () => {
    const orderId = await placeTrigger()
    const modified = await ctx.api.post(paths.modifyStrategy, {
      orderId,
      triggerBy: 'mark',
      triggerPrice: '3400.00',
      triggerOrderType: 'limit',
      triggerOrderPrice: '3410.00',
    })
    expect(modified.body).toMatchObject({ code: '00000', data: { orderId } })
    expect(strategy(orderId).params).toMatchObject({
      triggerBy: 'mark',
      triggerPrice: '3400',
      triggerOrderType: 'limit',
      triggerOrderPrice: '3410',
    })
    ctx.sandbox.admin.setPrice('ETHUSDT', '3350.00')
    expect(strategy(orderId).status).toBe('live')
    ctx.sandbox.admin.setPrice('ETHUSDT', '3400.00')
    expect(strategy(orderId)).toMatchObject({ status: 'triggered', triggeredLeg: 'trigger' })
    const order = await ctx.api.get(paths.info, { orderId: strategy(orderId).orderIds![0]! })
    expect(order.body.data).toMatchObject({ orderType: 'limit', price: '3410' })
  })

  test('a trigger turned into a limit order without its price, or trigger fields on a tpsl order, are refused 40017 naming the field', async () => {
    const orderId = await placeTrigger()
    const limit = await ctx.api.post(paths.modifyStrategy, { orderId, triggerOrderType: 'limit' })
    expect(limit.body).toMatchObject({ code: '40017' })
    expect(limit.body.msg).toContain('triggerOrderPrice: required when triggerOrderType=limit')
    expect(strategy(orderId).params.triggerOrderType).toBe('market')
    ctx.sandbox.admin.setPosition({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '0.02',
    })
    const tpsl = (
      await placeStrategy({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', stopLoss: '60000.0' })
    ).body.data.orderId as string
    const onTpsl = await ctx.api.post(paths.modifyStrategy, {
      orderId: tpsl,
      triggerPrice: '61000.0',
    })
    expect(onTpsl.body).toMatchObject({ code: '40017' })
    expect(onTpsl.body.msg).toContain('triggerPrice: effective only when type=trigger')
  })
})

describe('strategy prices follow the category rules of place-order', () => {
  /** ETHUSDT (SPOT) with a price step of 0.05 at 2 decimal places, for the length of `run`. */
  async function withCoarseStep(run: () => Promise<void>): Promise<void> {
    const original = ctx.sandbox.admin.state().instruments.find((i) => i.symbol === 'ETHUSDT')!
    ctx.sandbox.admin.setInstrument({ ...original, priceMultiplier: '0.05' })
    try {
      await run()
    } finally {
      ctx.sandbox.admin.setInstrument(original)
    }
  }

  test('unified order rule 2: "Spot price must respect the decimal places": a spot trigger at 3300.01 with a 0.05 step is accepted, as place-order accepts 3000.01', async () => {
    await withCoarseStep(async () => {
      const order = await ctx.api.post(paths.place, {
        ...eth,
        side: 'buy',
        orderType: 'limit',
        qty: '0.01',
        price: '3000.01',
      })
      expect(order.body.code).toBe('00000')
      const trigger = await placeStrategy({
        ...eth,
        type: 'trigger',
        side: 'buy',
        qty: '1',
        triggerPrice: '3300.01',
        triggerOrderType: 'limit',
        triggerOrderPrice: '3300.01',
      })
      expect(trigger.body.code).toBe('00000')
      const oco = await placeStrategy({
        ...eth,
        category: 'MARGIN',
        type: 'oco',
        side: 'buy',
        qty: '1',
        ocoParams: [
          { ocoLimitPrice: '3100.01', ocoTriggerPrice: '3400.01', ocoOrderType: 'market' },
        ],
      })
      expect(oco.body.code).toBe('00000')
    })
  })

  test('unified order rule 2: a spot strategy price with more decimal places than allowed answers 41103', async () => {
    const { body } = await placeStrategy({
      ...eth,
      type: 'trigger',
      side: 'buy',
      qty: '1',
      triggerPrice: '3300.015',
      triggerOrderType: 'market',
    })
    expect(body.code).toBe('41103')
  })

  test('unified order rule 1: a futures price off the step in a strategy parameter list answers 41103, like a price of place-order', async () => {
    const { body } = await placeStrategy({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      type: 'trailing_stop',
      side: 'buy',
      qty: '0.01',
      trailingStopParams: [
        {
          activationPrice: '66000.05',
          activationType: 'market',
          trailType: 'spread',
          trailVariance: '100',
          preOrderType: 'market',
        },
      ],
    })
    expect(body).toMatchObject({ code: '41103', msg: 'param price scale error' })
  })
})
