// One pair in two categories: the exchange lists ETHUSDT as a spot pair and as a USDT-FUTURES
// contract with their own tick and lot, and the clients resolve an instrument by (category,
// symbol). The sandbox kept one instrument per symbol, so setting the futures ETHUSDT removed the
// spot one (a spot order then got 40034). Over real HTTP on loopback.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { defaultInstruments, type SandboxInstrument } from './state.js'
import { classicAccount, classicPaths } from './test/classic.js'
import { paths, start } from './test/unified.js'

/** The futures ETHUSDT: a tick of 0.004 (the spot pair's is 0.01), a lot of 0.01. */
const futuresEth: SandboxInstrument = {
  symbol: 'ETHUSDT',
  category: 'USDT-FUTURES',
  priceMultiplier: '0.004',
  pricePrecision: 3,
  sizeMultiplier: '0.01',
  minOrderAmount: '0.01',
  minTradeUSDT: '5',
}
/** On the spot tick (0.01), off the futures one (0.004). */
const spotOnly = '3000.01'
/** On the futures tick (0.004), off the spot one (0.01). */
const futuresOnly = '3000.004'
const offTick = { code: '41103', msg: 'param price scale error' }

const spotOrder = (price: string) => ({
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price,
})
const futuresOrder = (price: string) => ({
  category: 'USDT-FUTURES',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.1',
  price,
})

type Ctx = Awaited<ReturnType<typeof start>>
const get = async (ctx: Ctx, path: string) =>
  (await fetch(`${ctx.sandbox.url}${path}`)).json() as Promise<{ code: string; data: any }>

describe('admin.setInstrument of a futures ETHUSDT beside the spot ETHUSDT (unified account)', () => {
  let ctx: Ctx
  beforeAll(async () => {
    ctx = await start()
    ctx.sandbox.admin.setInstrument(futuresEth)
  })
  afterAll(async () => {
    expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
    await ctx.sandbox.close()
  })

  test('a spot order and a futures order both succeed, each on its own tick', async () => {
    const spot = await ctx.api.post(paths.place, spotOrder(spotOnly))
    expect(spot.body.code).toBe('00000')
    const futures = await ctx.api.post(paths.place, futuresOrder(futuresOnly))
    expect(futures.body.code).toBe('00000')
    const info = async (orderId: string) =>
      (await ctx.api.get(paths.info, { orderId })).body.data as Record<string, string>
    expect(await info(spot.body.data.orderId)).toMatchObject({ category: 'SPOT', price: spotOnly })
    expect(await info(futures.body.data.orderId)).toMatchObject({
      category: 'USDT-FUTURES',
      price: futuresOnly,
    })
  })

  test('a price on one tick and off the other is refused with 41103 in the other category', async () => {
    const futures = await ctx.api.post(paths.place, futuresOrder(spotOnly))
    expect(futures.body).toMatchObject(offTick)
    const spot = await ctx.api.post(paths.place, spotOrder(futuresOnly))
    expect(spot.body).toMatchObject(offTick)
  })

  test('GET /api/v3/market/instruments lists ETHUSDT under SPOT, MARGIN and USDT-FUTURES, each with its own tick', async () => {
    const listed = async (category: string) =>
      (await get(ctx, `/api/v3/market/instruments?category=${category}&symbol=ETHUSDT`)).data
    expect(await listed('SPOT')).toMatchObject([
      { symbol: 'ETHUSDT', category: 'SPOT', pricePrecision: '2' },
    ])
    expect(await listed('MARGIN')).toMatchObject([{ symbol: 'ETHUSDT', pricePrecision: '2' }])
    expect(await listed('USDT-FUTURES')).toMatchObject([
      { symbol: 'ETHUSDT', category: 'USDT-FUTURES', priceMultiplier: '0.004' },
    ])
    const all = (await get(ctx, '/api/v3/market/instruments?category=USDT-FUTURES')).data
    expect(all.map((i: { symbol: string }) => i.symbol)).toEqual(['BTCUSDT', 'ETHUSDT'])
  })

  test("the order books are the categories' own: each on its tick; the admin names the category of a symbol listed twice", async () => {
    const book = async (category: string) =>
      (await get(ctx, `/api/v3/market/orderbook?category=${category}&symbol=ETHUSDT`)).data
    const onTick = (price: number, tick: number) =>
      Math.abs(Math.round(price / tick) * tick - price) < 1e-9
    const futures = await book('USDT-FUTURES')
    expect(futures.b.every(([price]: [number]) => onTick(price, 0.004))).toBe(true)
    const spot = await book('SPOT')
    expect(spot.b.every(([price]: [number]) => onTick(price, 0.01))).toBe(true)
    expect(futures.b).not.toEqual(spot.b)
    const { market } = ctx.sandbox.admin.ws
    expect(() => market.book('ETHUSDT')).toThrow(
      'symbol "ETHUSDT" is listed in SPOT, USDT-FUTURES: name the category',
    )
    expect(market.book('ETHUSDT', 'USDT-FUTURES').bids[0]?.[0]).toBe(String(futures.b[0][0]))
  })

  test('the public fills, tickers and candles of each category count its own trades', async () => {
    // A spot market buy of 32 USDT (0.01 ETH at 3200.00) and a futures market buy of 0.1.
    const spot = await ctx.api.post(paths.place, {
      ...spotOrder(''),
      orderType: 'market',
      qty: '32',
      price: undefined,
    })
    expect(spot.body.code).toBe('00000')
    const futures = await ctx.api.post(paths.place, {
      ...futuresOrder(''),
      orderType: 'market',
      price: undefined,
    })
    expect(futures.body.code).toBe('00000')
    const read = async (path: string, category: string) =>
      (await get(ctx, `${path}?category=${category}&symbol=ETHUSDT`)).data
    const sizes = async (category: string) =>
      (await read('/api/v3/market/fills', category)).map((f: { size: string }) => f.size)
    expect(await sizes('SPOT')).toEqual(['0.01'])
    expect(await sizes('USDT-FUTURES')).toEqual(['0.1'])
    expect((await read('/api/v3/market/tickers', 'SPOT'))[0].volume24h).toBe('0.01')
    expect((await read('/api/v3/market/tickers', 'USDT-FUTURES'))[0].volume24h).toBe('0.1')
    const volume = async (category: string) =>
      (
        await get(ctx, `/api/v3/market/candles?category=${category}&symbol=ETHUSDT&interval=1m`)
      ).data.at(-1)[5]
    expect([await volume('SPOT'), await volume('USDT-FUTURES')]).toEqual(['0.01', '0.1'])
  })

  test('setting the spot pair again replaces only the spot instrument', async () => {
    const [spot] = defaultInstruments.filter((i) => i.symbol === 'ETHUSDT')
    ctx.sandbox.admin.setInstrument({ ...spot!, minTradeUSDT: '2' })
    const state = ctx.sandbox.admin.state()
    expect(
      state.instruments
        .filter((i) => i.symbol === 'ETHUSDT')
        .map((i) => [i.category, i.minTradeUSDT, i.priceMultiplier]),
    ).toEqual([
      ['SPOT', '2', '0.01'],
      ['USDT-FUTURES', '5', '0.004'],
    ])
  })
})

describe('the classic v2 routes with a spot and a futures ETHUSDT', () => {
  let ctx: Ctx
  beforeAll(async () => {
    // Seeded futures first, then the spot pair set again: with one instrument per symbol the
    // spot pair replaced the futures contract.
    ctx = await start({ data: { instruments: [...defaultInstruments, futuresEth] } })
    const [spot] = defaultInstruments.filter((i) => i.symbol === 'ETHUSDT')
    ctx.sandbox.admin.setInstrument({ ...spot!, minTradeUSDT: '2' })
  })
  afterAll(async () => {
    expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
    await ctx.sandbox.close()
  })

  test('GET /api/v2/mix/market/contracts and /api/v2/spot/public/symbols answer each its own ETHUSDT', async () => {
    const contracts = await get(ctx, '/api/v2/mix/market/contracts?productType=USDT-FUTURES')
    expect(contracts.data.map((c: { symbol: string }) => c.symbol)).toEqual(['BTCUSDT', 'ETHUSDT'])
    expect(contracts.data[1]).toMatchObject({ pricePlace: '3', priceEndStep: '4' })
    const symbols = await get(ctx, '/api/v2/spot/public/symbols?symbol=ETHUSDT')
    expect(symbols.data).toMatchObject([
      { symbol: 'ETHUSDT', pricePrecision: '2', minTradeUSDT: '2' },
    ])
    const ticker = await get(
      ctx,
      '/api/v2/mix/market/ticker?symbol=ETHUSDT&productType=USDT-FUTURES',
    )
    expect(ticker).toMatchObject({ code: '00000', data: [{ symbol: 'ETHUSDT' }] })
  })

  test('a classic futures order of ETHUSDT is checked against the futures tick', async () => {
    const account = classicAccount(ctx)
    const place = (price: string) =>
      account.api.post(classicPaths.place, {
        symbol: 'ETHUSDT',
        productType: 'USDT-FUTURES',
        marginMode: 'crossed',
        marginCoin: 'USDT',
        size: '0.1',
        side: 'buy',
        orderType: 'limit',
        price,
      })
    expect((await place(futuresOnly)).body.code).toBe('00000')
    expect((await place(spotOnly)).body).toMatchObject(offTick)
  })
})
