import { ClassicFutures, Market } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { defaultInstruments, type SandboxInstrument } from '../state.js'
import { ethBuy, paths, start } from '../test/unified.js'
import { contractRecord } from './market.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  for (const instrument of defaultInstruments) ctx.sandbox.admin.setInstrument(instrument)
  ctx.sandbox.admin.setPrices({ ETHUSDT: '3200.00', BTCUSDT: '65000.0' })
})

/** A public GET over real HTTP: `{ status, body }`. */
const open = async (path: string, query: Record<string, string> = {}) => {
  const response = await fetch(`${ctx.sandbox.url}${path}?${new URLSearchParams(query)}`)
  return { status: response.status, body: await response.json() }
}
const instruments = async (query: Record<string, string>) =>
  (await open(Market.getInstruments.path, query)).body.data
const eth = defaultInstruments.find((i) => i.symbol === 'ETHUSDT')!

describe('GET /api/v3/market/instruments', () => {
  test("docs/records.md: futures tick and step as multipliers; the exchange documentation's minOrderAmount (a quantity) is minOrderQty, its minTradeUSDT (a value) is minOrderAmount", async () => {
    expect(await instruments({ category: 'usdt-futures' })).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        category: 'USDT-FUTURES',
        baseCoin: 'BTC',
        quoteCoin: 'USDT',
        priceMultiplier: '0.1',
        quantityMultiplier: '0.001',
        pricePrecision: '1',
        quantityPrecision: '3',
        minOrderQty: '0.001',
        minOrderAmount: '5',
        status: 'online',
      }),
    ])
  })

  test('docs/records.md: spot has no multipliers (tick = 10^-pricePrecision, step = 10^-quantityPrecision)', async () => {
    const [record] = await instruments({ category: 'SPOT', symbol: 'ETHUSDT' })
    expect(record).toMatchObject({
      pricePrecision: '2',
      quantityPrecision: '4',
      minOrderQty: '0.0001',
      minOrderAmount: '1',
    })
    expect(record).not.toHaveProperty('priceMultiplier')
    expect(record).not.toHaveProperty('quantityMultiplier')
  })

  test('MARGIN lists the spot pairs (but rToken pairs, which trade as SPOT only), as MARGIN', async () => {
    const margin = await instruments({ category: 'MARGIN' })
    expect(margin.map((i: { symbol: string }) => i.symbol)).toEqual(['ETHUSDT'])
    expect(margin[0]).toMatchObject({ category: 'MARGIN', launchTime: null })
    const spot = await instruments({ category: 'SPOT' })
    expect(spot.map((i: { symbol: string }) => i.symbol)).toEqual(['ETHUSDT', 'rAAPLUSDT'])
  })

  test.each(['offline', 'limit_close'] as const)(
    'an instrument given status %s answers it (online by default)',
    async (status) => {
      ctx.sandbox.admin.setInstrument({ ...eth, status })
      expect((await instruments({ category: 'SPOT', symbol: 'ETHUSDT' }))[0].status).toBe(status)
    },
  )

  test('decision: a symbol the category does not list answers 40034', async () => {
    expect(
      (await open(Market.getInstruments.path, { category: 'SPOT', symbol: 'BTCUSDT' })).body,
    ).toMatchObject({ code: '40034', msg: 'Parameter BTCUSDT does not exist', data: null })
  })
})

describe('GET /api/v3/market/tickers', () => {
  test('docs/records.md: from the price state; 24 h volume and turnover from the fills', async () => {
    ctx.sandbox.admin.setPrice('ETHUSDT', '3300.00')
    const before = (await open(Market.getTickers.path, { category: 'SPOT', symbol: 'ETHUSDT' }))
      .body.data[0]
    expect(before).toMatchObject({
      category: 'SPOT',
      symbol: 'ETHUSDT',
      lastPrice: '3300.00',
      ts: String(ctx.sandbox.admin.now()),
    })
    // Best bid and ask: the first levels of the book the depth endpoints serve.
    const book = ctx.sandbox.admin.ws.market.book('ETHUSDT')
    expect([before.bid1Price, before.bid1Size, before.ask1Price, before.ask1Size]).toEqual([
      ...(book.bids[0] as [string, string]),
      ...(book.asks[0] as [string, string]),
    ])
    expect(before).not.toHaveProperty('markPrice')
    await ctx.api.post(paths.place, ethBuy({ price: '3300.00', qty: '0.5', clientOid: 'tk-1' }))
    const after = (await open(Market.getTickers.path, { category: 'SPOT', symbol: 'ETHUSDT' })).body
      .data[0]
    expect(Number(after.volume24h) - Number(before.volume24h)).toBeCloseTo(0.5)
    expect(Number(after.turnover24h) - Number(before.turnover24h)).toBeCloseTo(1650)
  })

  test('futures add index and mark price, funding and open interest', async () => {
    const [ticker] = (await open(Market.getTickers.path, { category: 'USDT-FUTURES' })).body.data
    expect(ticker).toMatchObject({
      symbol: 'BTCUSDT',
      lastPrice: '65000.0',
      markPrice: '65000.0',
      indexPrice: '65000.0',
      fundingRate: '0',
    })
  })

  test('the 24 h open, high, low and change are those of the prices printed in the last 24 hours', async () => {
    ctx.sandbox.admin.advanceClock(2 * 86_400_000)
    ctx.sandbox.admin.setPrice('ETHUSDT', '3000.00')
    // The price 24 h ago: the last one printed before the window opens.
    ctx.sandbox.admin.advanceClock(86_400_000 + 60_000)
    ctx.sandbox.admin.setPrice('ETHUSDT', '2800.00')
    ctx.sandbox.admin.setPrice('ETHUSDT', '3600.00')
    ctx.sandbox.admin.setPrice('ETHUSDT', '3300.00')
    const query = { category: 'SPOT', symbol: 'ETHUSDT' }
    const ticker = (await open(Market.getTickers.path, query)).body.data[0]
    expect(ticker).toMatchObject({
      lastPrice: '3300.00',
      openPrice24h: '3000.00',
      highPrice24h: '3600.00',
      lowPrice24h: '2800.00',
      // (3300 - 3000) / 3000, with 5 decimals as the exchange writes it.
      price24hPcnt: '0.1',
    })
    // A day later the window holds no print: open, high and low are the last price.
    ctx.sandbox.admin.advanceClock(86_400_000)
    expect((await open(Market.getTickers.path, query)).body.data[0]).toMatchObject({
      openPrice24h: '3300.00',
      highPrice24h: '3300.00',
      lowPrice24h: '3300.00',
      price24hPcnt: '0',
    })
  })

  test("futures tickers carry the symbol's current funding rate, in both lines", async () => {
    const response = await fetch(`${ctx.sandbox.url}/sandbox/funding-rate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'BTCUSDT', rate: '0.0005', intervalHours: 4 }),
    })
    expect(response.status).toBe(200)
    try {
      const [unified] = (await open(Market.getTickers.path, { category: 'USDT-FUTURES' })).body.data
      expect(unified).toMatchObject({ symbol: 'BTCUSDT', fundingRate: '0.0005' })
      const query = { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' }
      const [classic] = (await open(ClassicFutures.getTicker.path, query)).body.data
      expect(classic).toMatchObject({ symbol: 'BTCUSDT', fundingRate: '0.0005' })
      const tickers = (await open(ClassicFutures.getTickers.path, { productType: 'USDT-FUTURES' }))
        .body.data
      expect(tickers).toEqual([expect.objectContaining({ fundingRate: '0.0005' })])
    } finally {
      await fetch(`${ctx.sandbox.url}/sandbox/funding-rate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT', rate: '0', intervalHours: 8 }),
      })
    }
  })

  test('docs/records.md: "no MARGIN": 40017', async () => {
    expect((await open(Market.getTickers.path, { category: 'MARGIN' })).body.code).toBe('40017')
  })
})

describe('GET /api/v2/mix/market/contracts and ticker', () => {
  test.each([
    ['0.1', 1, { pricePlace: '1', priceEndStep: '1' }],
    ['0.5', 1, { pricePlace: '1', priceEndStep: '5' }],
    ['0.05', 2, { pricePlace: '2', priceEndStep: '5' }],
    ['0.25', 2, { pricePlace: '2', priceEndStep: '25' }],
    ['1', 0, { pricePlace: '0', priceEndStep: '1' }],
    ['0.5', 2, { pricePlace: '2', priceEndStep: '50' }],
  ])(
    'docs/records.md: "Tick = priceEndStep x 10^-pricePlace": priceMultiplier %s at %i places',
    (priceMultiplier, pricePrecision, expected) => {
      const instrument: SandboxInstrument = {
        symbol: 'SOLUSDT',
        category: 'USDT-FUTURES',
        priceMultiplier,
        pricePrecision,
      }
      const record = contractRecord(instrument)
      expect(record).toMatchObject(expected)
      const tick = Number(record.priceEndStep) * 10 ** -Number(record.pricePlace)
      expect(tick).toBeCloseTo(Number(priceMultiplier), 12)
    },
  )

  test('docs/records.md: lot, minimums, margin coins and status of the classic shape', async () => {
    const sol: SandboxInstrument = {
      symbol: 'SOLUSDT',
      category: 'USDT-FUTURES',
      priceMultiplier: '0.5',
      pricePrecision: 1,
      sizeMultiplier: '0.01',
      minOrderAmount: '0.01',
      minTradeUSDT: '5',
      status: 'offline',
    }
    ctx.sandbox.admin.setInstrument(sol)
    try {
      const query = { productType: 'USDT-FUTURES', symbol: 'SOLUSDT' }
      expect((await open(ClassicFutures.getContracts.path, query)).body.data).toEqual([
        expect.objectContaining({
          symbol: 'SOLUSDT',
          pricePlace: '1',
          priceEndStep: '5',
          volumePlace: '2',
          sizeMultiplier: '0.01',
          minTradeNum: '0.01',
          minTradeUSDT: '5',
          supportMarginCoins: ['USDT'],
          symbolStatus: 'off',
        }),
      ])
      const coin = (await open(ClassicFutures.getContracts.path, { productType: 'COIN-FUTURES' }))
        .body.data
      expect(coin).toEqual([
        expect.objectContaining({
          symbol: 'BTCUSD_CM',
          supportMarginCoins: ['BTC'],
          symbolStatus: 'normal',
        }),
      ])
    } finally {
      ctx.sandbox.admin.setInstrument({ ...sol, status: 'online' })
    }
  })

  test('docs/records.md: the ticker is an array of one item; an unknown symbol answers 40034', async () => {
    const query = { productType: 'usdt-futures', symbol: 'BTCUSDT' }
    const { body } = await open(ClassicFutures.getTicker.path, query)
    expect(body.data).toEqual([
      expect.objectContaining({ symbol: 'BTCUSDT', lastPr: '65000.0', markPrice: '65000.0' }),
    ])
    const unknown = { productType: 'USDT-FUTURES', symbol: 'ETHUSDT' }
    expect((await open(ClassicFutures.getTicker.path, unknown)).body.code).toBe('40034')
  })
})

describe('GET /api/v2/spot/public/symbols and coins', () => {
  test('docs/records.md: precisions, minimum quantity and value, status', async () => {
    ctx.sandbox.admin.setInstrument({ ...eth, status: 'limit_close' })
    const { data } = (await open(Market.getSpotSymbols.path)).body
    expect(data.map((s: { symbol: string }) => s.symbol)).toEqual(['ETHUSDT', 'rAAPLUSDT'])
    expect(data[0]).toMatchObject({
      baseCoin: 'ETH',
      quoteCoin: 'USDT',
      pricePrecision: '2',
      quantityPrecision: '4',
      minTradeAmount: '0.0001',
      minTradeUSDT: '1',
      status: 'halt',
    })
  })

  test('GET /api/v2/margin/currencies (public; ccxt loads it beside the symbols): the spot pairs but rTokens, none borrowable', async () => {
    const { body } = await open('/api/v2/margin/currencies')
    expect(body.code).toBe('00000')
    expect(body.data.map((s: { symbol: string }) => s.symbol)).toEqual(['ETHUSDT'])
    expect(body.data[0]).toMatchObject({
      baseCoin: 'ETH',
      quoteCoin: 'USDT',
      isBorrowable: false,
      isCrossBorrowable: false,
      isIsolatedBaseBorrowable: false,
      isIsolatedQuoteBorrowable: false,
      maxCrossedLeverage: '0',
      pricePrecision: '2',
      quantityPrecision: '4',
    })
  })

  test('the coins of the instruments, one chain each; `coin` filters', async () => {
    const { data } = (await open(Market.getSpotCoins.path, { coin: 'ETH' })).body
    expect(data).toEqual([
      expect.objectContaining({ coin: 'ETH', chains: [expect.objectContaining({ chain: 'ETH' })] }),
    ])
    expect((await open(Market.getSpotCoins.path, { coin: 'XYZ' })).body.code).toBe('40034')
  })
})
