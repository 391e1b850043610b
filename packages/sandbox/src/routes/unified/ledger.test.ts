import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { fixture, shapeIssues } from '../../test/shape.js'
import { btc, ethBuy, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

let accounts = 0
/** A fresh unified account (one-way unless asked, a large USDT balance) with its own caller. */
function account(mode: 'one_way' | 'hedge' = 'one_way') {
  const uid = String(7_800_000_000 + ++accounts)
  const credentials = ctx.sandbox.admin.addKey({ uid })
  ctx.sandbox.admin.setPositionMode(mode, { uid })
  ctx.sandbox.admin.setBalance('USDT', '1000000000', uid)
  return { uid, api: ctx.as(credentials) }
}

const market = (overrides: Record<string, unknown> = {}) =>
  btc({ orderType: 'market', price: undefined, qty: '1', ...overrides })
const usdt = { category: 'USDT-FUTURES' }

describe('GET /api/v3/account/financial-records', () => {
  test('decision: without fees (the default) a fill still writes its record, with fee "0"; one-way fills are BUY_DEAL and SELL_DEAL, the close with its profit', async () => {
    const a = account()
    await a.api.post(paths.place, market())
    ctx.sandbox.admin.setPrice('BTCUSDT', '65500.0')
    await a.api.post(paths.place, market({ side: 'sell' }))
    const { body } = await a.api.get('/api/v3/account/financial-records', usdt)
    expect(body.code).toBe('00000')
    const list = body.data.list as Record<string, string>[]
    expect(list.map((r) => [r.type, r.amount, r.fee, r.coin, r.category])).toEqual([
      ['SELL_DEAL', '500', '0', 'USDT', 'USDT-FUTURES'],
      ['BUY_DEAL', '0', '0', 'USDT', 'USDT-FUTURES'],
    ])
    expect(list[0]?.balance).toBe(ctx.sandbox.admin.state().balances[a.uid]?.USDT)
    expect(body.data.cursor).toBe(list[1]?.id)
  })

  test('a spot fill writes the coin it paid (ORDER_DEALT_FROZEN_OUT) and the coin it took in (ORDER_DEALT_IN), each with its balance after, as the documented example records a fill (spot fills wrote none before)', async () => {
    const a = account()
    ctx.sandbox.admin.setPrice('ETHUSDT', '3200.00')
    await a.api.post(paths.place, ethBuy({ orderType: 'market', price: undefined, qty: '320' }))
    const spot = await a.api.get('/api/v3/account/financial-records', { category: 'SPOT' })
    expect(shapeIssues(fixture('uta.account.financial-records.json'), spot.body)).toEqual([])
    const list = spot.body.data.list as Record<string, string>[]
    const balances = ctx.sandbox.admin.state().balances[a.uid]!
    expect(list.map((r) => [r.type, r.coin, r.amount, r.fee, r.symbol, r.category])).toEqual([
      ['ORDER_DEALT_IN', 'ETH', '0.1', '0', 'ETHUSDT', 'SPOT'],
      ['ORDER_DEALT_FROZEN_OUT', 'USDT', '-320', '0', 'ETHUSDT', 'SPOT'],
    ])
    expect(list.map((r) => r.balance)).toEqual([balances.ETH, balances.USDT])
    const eth = await a.api.get('/api/v3/account/financial-records', {
      category: 'SPOT',
      coin: 'ETH',
    })
    expect(eth.body.data.list.map((r: Record<string, string>) => r.type)).toEqual([
      'ORDER_DEALT_IN',
    ])
    // A futures category lists none of them.
    const futures = await a.api.get('/api/v3/account/financial-records', usdt)
    expect(futures.body.data.list).toEqual([])
  })

  test('hedge fills are OPEN_LONG and CLOSE_LONG; type filters; cursor pages', async () => {
    const a = account('hedge')
    await a.api.post(paths.place, market({ posSide: 'long' }))
    await a.api.post(paths.place, market({ posSide: 'long', side: 'sell' }))
    const first = await a.api.get('/api/v3/account/financial-records', { ...usdt, limit: '1' })
    expect(first.body.data.list.map((r: Record<string, string>) => r.type)).toEqual(['CLOSE_LONG'])
    const second = await a.api.get('/api/v3/account/financial-records', {
      ...usdt,
      limit: '1',
      cursor: first.body.data.cursor,
    })
    expect(second.body.data.list.map((r: Record<string, string>) => r.type)).toEqual(['OPEN_LONG'])
    const opens = await a.api.get('/api/v3/account/financial-records', {
      ...usdt,
      type: 'OPEN_LONG',
    })
    expect(opens.body.data.list).toHaveLength(1)
  })

  test('funding paid is CONTRACT_MAIN_SETTLE_FEE_USER_OUT', async () => {
    const a = account()
    await a.api.post(paths.place, market({ qty: '0.1' }))
    ctx.sandbox.admin.setPrice('BTCUSDT', '60000.0')
    await fetch(`${ctx.sandbox.url}/sandbox/funding-rate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'BTCUSDT', rate: '0.0005' }),
    })
    const rate = await ctx.api.get('/api/v3/market/current-fund-rate', { symbol: 'BTCUSDT' })
    const next = Number(rate.body.data[0].nextUpdate)
    ctx.sandbox.admin.advanceClock(next - ctx.sandbox.admin.now())
    const { body } = await a.api.get('/api/v3/account/financial-records', {
      ...usdt,
      type: 'CONTRACT_MAIN_SETTLE_FEE_USER_OUT',
    })
    // 0.1 x 60000 x 0.0005
    expect(body.data.list.map((r: Record<string, string>) => r.amount)).toEqual(['-3'])
    const history = await ctx.api.get('/api/v3/market/history-fund-rate', {
      ...usdt,
      symbol: 'BTCUSDT',
    })
    expect(history.body.data.resultList[0]).toEqual({
      symbol: 'BTCUSDT',
      fundingRate: '0.0005',
      fundingRateTimestamp: String(next),
    })
    await fetch(`${ctx.sandbox.url}/sandbox/funding-rate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'BTCUSDT', rate: '0' }),
    })
  })
})

describe('POST /api/v3/trade/close-positions', () => {
  test('closes the category positions at the market through the order path; the closed position enters the history', async () => {
    const a = account('hedge')
    await a.api.post(paths.place, market({ posSide: 'long', qty: '2' }))
    await a.api.post(paths.place, market({ posSide: 'short', side: 'sell' }))
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const { body } = await a.api.post('/api/v3/trade/close-positions', {
      ...usdt,
      posSide: 'long',
    })
    expect(body.code).toBe('00000')
    expect(body.data.list).toEqual([
      { orderId: expect.any(String), clientOid: expect.any(String), code: '00000', msg: 'success' },
    ])
    const order = await a.api.get(paths.info, { orderId: body.data.list[0].orderId })
    expect(order.body.data).toMatchObject({
      orderType: 'market',
      orderStatus: 'filled',
      side: 'sell',
    })
    const positions = await a.api.get(paths.position, usdt)
    expect(positions.body.data.list.map((p: Record<string, string>) => p.posSide)).toEqual([
      'short',
    ])
    const history = await a.api.get('/api/v3/position/history-position', usdt)
    expect(history.body.data.list).toEqual([
      expect.objectContaining({
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        posSide: 'long',
        holdMode: 'hedge_mode',
        openPriceAvg: '65000',
        closePriceAvg: '66000',
        openTotalPos: '2',
        closeTotalPos: '2',
        cumRealisedPnl: '2000',
        netProfit: '2000',
        openFeeTotal: '0',
        closeFeeTotal: '0',
      }),
    ])
  })

  test('with nothing to close the list is empty; SPOT is refused', async () => {
    const a = account()
    const none = await a.api.post('/api/v3/trade/close-positions', usdt)
    expect(none.body.data).toEqual({ list: [] })
    const spot = await a.api.post('/api/v3/trade/close-positions', { category: 'SPOT' })
    expect(spot.body.code).toBe('40017')
  })
})

describe('v3 funding rates', () => {
  test('current-fund-rate of a futures symbol; 40034 for a spot one', async () => {
    const { body } = await ctx.api.get('/api/v3/market/current-fund-rate', { symbol: 'ETHPERP' })
    expect(body.data).toEqual([
      {
        symbol: 'ETHPERP',
        fundingRate: '0',
        fundingRateInterval: '8',
        nextUpdate: expect.stringMatching(/^\d+$/),
        minFundingRate: '-0.003',
        maxFundingRate: '0.003',
        cashDividend: '0',
        cashDividendNextUpdate: '0',
      },
    ])
    expect(Number(body.data[0].nextUpdate) % (8 * 3_600_000)).toBe(0)
    const spot = await ctx.api.get('/api/v3/market/current-fund-rate', { symbol: 'ETHUSDT' })
    expect(spot.body.code).toBe('40034')
  })

  test('the newer page: category and symbol optional: every futures symbol, or those of the category; a symbol of another category 40034', async () => {
    const all = await ctx.api.get('/api/v3/market/current-fund-rate', {})
    expect(all.body.data.map((r: { symbol: string }) => r.symbol).sort()).toEqual([
      'BTCUSDT',
      'BTCUSD_CM',
      'ETHPERP',
    ])
    const usdc = await ctx.api.get('/api/v3/market/current-fund-rate', { category: 'usdc-futures' })
    expect(usdc.body.data.map((r: { symbol: string }) => r.symbol)).toEqual(['ETHPERP'])
    const other = await ctx.api.get('/api/v3/market/current-fund-rate', {
      category: 'USDC-FUTURES',
      symbol: 'BTCUSDT',
    })
    expect(other.body.code).toBe('40034')
  })
})

describe('GET /api/v3/position/current-position: what the position paid', () => {
  test('openFeeTotal and closeFeeTotal are the fees paid opening and closing since it opened, totalFunding the funding (negative when paid; were "0")', async () => {
    const fees = await start({ fees: { maker: '0.0002', taker: '0.0006' } })
    try {
      const uid = '7890000001'
      const api = fees.as(fees.sandbox.admin.addKey({ uid }))
      fees.sandbox.admin.setBalance('USDT', '1000000000', uid)
      fees.sandbox.admin.setPrice('BTCUSDT', '65000.0')
      await api.post(paths.place, market({ qty: '2' }))
      await api.post(paths.place, market({ qty: '1', side: 'sell' }))
      await fetch(`${fees.sandbox.url}/sandbox/funding-rate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT', rate: '0.0005' }),
      })
      const rate = await fees.api.get('/api/v3/market/current-fund-rate', { symbol: 'BTCUSDT' })
      const next = Number(rate.body.data[0].nextUpdate)
      fees.sandbox.admin.advanceClock(next - fees.sandbox.admin.now())
      const { body } = await api.get(paths.position, usdt)
      // Opening 2 x 65000 x 0.0006 = 78, closing 1 x 65000 x 0.0006 = 39, funding 1 x 65000 x 0.0005.
      expect(
        body.data.list.map((p: Record<string, string>) => [
          p.total,
          p.openFeeTotal,
          p.closeFeeTotal,
          p.totalFunding,
        ]),
      ).toEqual([['1', '-78', '-39', '-32.5']])
    } finally {
      await fees.sandbox.close()
    }
  })
})
