import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, market, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  // 0.02 % maker, 0.06 % taker: a market buy of 1 BTC at 65000 pays 39 USDT.
  ctx = await start({ fees: { maker: '0.0002', taker: '0.0006' } })
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const billPath = '/api/v2/mix/account/bill'
const usdt = { productType: 'USDT-FUTURES' }

async function admin(path: string, body: unknown) {
  const response = await fetch(`${ctx.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as { code: string; data: Record<string, unknown> }
}

async function balance(a: ReturnType<typeof classicAccount>): Promise<string> {
  return ctx.sandbox.admin.state().balances[a.uid]?.USDT ?? ''
}

describe('GET /api/v2/mix/account/bill', () => {
  test('each fill writes a bill: buy with amount 0 and the taker fee, the close with its realised profit; balances move by the fee', async () => {
    const a = classicAccount(ctx)
    const before = await balance(a)
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '1' }))
    expect(Number(await balance(a))).toBe(Number(before) - 39)
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '1', side: 'sell' }))
    const { body } = await a.api.get(billPath, usdt)
    expect(body.code).toBe('00000')
    const bills = body.data.bills as Record<string, string>[]
    expect(bills.map((b) => [b.businessType, b.amount, b.fee, b.coin])).toEqual([
      ['sell', '1000', '-39.6', 'USDT'],
      ['buy', '0', '-39', 'USDT'],
    ])
    // 1000 profit less the two fees.
    expect(Number(bills[0]?.balance)).toBe(Number(before) + 1000 - 39 - 39.6)
    expect(bills[0]?.balance).toBe(await balance(a))
    expect(body.data.endId).toBe(bills[1]?.billId)
  })

  test('the fill and order records report the fee paid (negative) instead of "0"', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post('/api/v2/mix/order/place-order', market({ size: '1' }))
    const fills = await a.api.get('/api/v2/mix/order/fills', usdt)
    expect(fills.body.data.fillList[0].feeDetail[0].totalFee).toBe('-39')
    const detail = await a.read.detail({ orderId: placed.body.data.orderId })
    expect(detail.data.fee).toBe('-39')
  })

  test('a resting limit order fills as maker and pays the maker rate', async () => {
    const a = classicAccount(ctx)
    await a.api.post(
      '/api/v2/mix/order/place-order',
      market({ orderType: 'limit', price: '60000' }),
    )
    ctx.sandbox.admin.setPrice('BTCUSDT', '59000.0')
    const { body } = await a.api.get(billPath, usdt)
    // 60000 x 0.0002
    expect(body.data.bills.map((b: Record<string, string>) => b.fee)).toEqual(['-12'])
  })

  test('pages: limit, endId, then idLessThan = endId gives the older page; filters by businessType', async () => {
    const a = classicAccount(ctx, 'hedge')
    for (let i = 0; i < 3; i++)
      await a.api.post('/api/v2/mix/order/place-order', market({ tradeSide: 'open' }))
    const one = await a.api.get(billPath, { ...usdt, limit: '2' })
    expect(one.body.data.bills).toHaveLength(2)
    expect(one.body.data.bills[0].businessType).toBe('open_long')
    const two = await a.api.get(billPath, { ...usdt, limit: '2', idLessThan: one.body.data.endId })
    expect(two.body.data.bills).toHaveLength(1)
    const ids = [...one.body.data.bills, ...two.body.data.bills].map((b) => BigInt(b.billId))
    expect(ids).toEqual([...ids].sort((x, y) => (x > y ? -1 : 1)))
    const none = await a.api.get(billPath, { ...usdt, businessType: 'contract_settle_fee' })
    expect(none.body.data).toEqual({ bills: [], endId: null })
  })

  test('a query span over 30 days is refused before anything is read', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.get(billPath, {
      ...usdt,
      startTime: '0',
      endTime: String(31 * 86_400_000),
    })
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('endTime')
  })
})

describe('funding', () => {
  test('POST /sandbox/funding-rate sets the rate; the clock passing the funding time pays it: a long pays rate x value, a bill and the rate history record it', async () => {
    const a = classicAccount(ctx)
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '2' }))
    const set = await admin('/sandbox/funding-rate', { symbol: 'BTCUSDT', rate: '0.0001' })
    expect(set.code).toBe('00000')
    const current = await a.api.get('/api/v2/mix/market/current-fund-rate', pair)
    const [rate] = current.body.data as Record<string, string>[]
    expect(rate).toMatchObject({
      symbol: 'BTCUSDT',
      fundingRate: '0.0001',
      fundingRateInterval: '8',
    })
    const before = await balance(a)
    const next = Number(rate?.nextUpdate)
    ctx.sandbox.admin.advanceClock(next - ctx.sandbox.admin.now())
    // 2 BTC x 65000 x 0.0001
    expect(Number(await balance(a))).toBe(Number(before) - 13)
    const bills = await a.api.get(billPath, { ...usdt, businessType: 'contract_settle_fee' })
    expect(bills.body.data.bills.map((b: Record<string, string>) => [b.amount, b.fee])).toEqual([
      ['-13', '0'],
    ])
    const history = await a.api.get('/api/v2/mix/market/history-fund-rate', pair)
    expect(history.body.data[0]).toEqual({
      symbol: 'BTCUSDT',
      fundingRate: '0.0001',
      fundingTime: String(next),
    })
    const position = await a.api.get('/api/v2/mix/position/single-position', {
      ...pair,
      marginCoin: 'USDT',
    })
    expect(position.body.data[0]).toMatchObject({ holdSide: 'long', totalFee: '-13' })
    await admin('/sandbox/funding-rate', { symbol: 'BTCUSDT', rate: '0' })
  })

  test('a short receives a positive rate; a rate outside +/-0.1 is refused', async () => {
    const a = classicAccount(ctx)
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '1', side: 'sell' }))
    await admin('/sandbox/funding-rate', { symbol: 'BTCUSDT', rate: '0.001', intervalHours: 1 })
    const before = await balance(a)
    ctx.sandbox.admin.advanceClock(3_600_000)
    expect(Number(await balance(a))).toBe(Number(before) + 65)
    expect((await admin('/sandbox/funding-rate', { symbol: 'BTCUSDT', rate: '0.5' })).code).toBe(
      '40017',
    )
    await admin('/sandbox/funding-rate', { symbol: 'BTCUSDT', rate: '0', intervalHours: 8 })
  })

  test("before: funding-time answered the next 8-hour time and ratePeriod 8 whatever the symbol's interval; now it answers the interval the admin set, as current-fund-rate does", async () => {
    await admin('/sandbox/funding-rate', { symbol: 'BTCUSDT', rate: '0', intervalHours: 1 })
    try {
      const now = ctx.sandbox.admin.state().now
      const { body } = await ctx.api.get('/api/v2/mix/market/funding-time', pair)
      const [record] = body.data as { nextFundingTime: string; ratePeriod: string }[]
      expect(record?.ratePeriod).toBe('1')
      const next = Number(record?.nextFundingTime)
      expect(next).toBeGreaterThan(now)
      expect(next - now).toBeLessThanOrEqual(3_600_000)
      const current = await ctx.api.get('/api/v2/mix/market/current-fund-rate', pair)
      expect(current.body.data[0]).toMatchObject({
        fundingRateInterval: '1',
        nextUpdate: record?.nextFundingTime,
      })
    } finally {
      await admin('/sandbox/funding-rate', { symbol: 'BTCUSDT', rate: '0', intervalHours: 8 })
    }
  })

  test('history-fund-rate pages with pageSize and pageNo, newest first', async () => {
    ctx.sandbox.admin.advanceClock(3 * 8 * 3_600_000)
    const { body } = await ctx.api.get('/api/v2/mix/market/history-fund-rate', {
      ...pair,
      pageSize: '2',
      pageNo: '2',
    })
    const all = await ctx.api.get('/api/v2/mix/market/history-fund-rate', pair)
    expect(body.data).toEqual(all.body.data.slice(2, 4))
    const times = all.body.data.map((r: Record<string, string>) => Number(r.fundingTime))
    expect(times).toEqual([...times].sort((x, y) => y - x))
  })
})

describe('positions', () => {
  test('history-position: a closed position with open and close average price, realised profit, fees and net profit', async () => {
    const a = classicAccount(ctx)
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '1' }))
    ctx.sandbox.admin.setPrice('BTCUSDT', '67000.0')
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '1' }))
    const open = await a.api.get('/api/v2/mix/position/history-position', usdt)
    expect(open.body.data).toEqual({ list: [], endId: null })
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '2', side: 'sell' }))
    const { body } = await a.api.get('/api/v2/mix/position/history-position', usdt)
    const [closed] = body.data.list as Record<string, string>[]
    expect(closed).toMatchObject({
      symbol: 'BTCUSDT',
      holdSide: 'long',
      openAvgPrice: '66000',
      closeAvgPrice: '66000',
      openTotalPos: '2',
      closeTotalPos: '2',
      pnl: '0',
      openFee: '-79.2',
      closeFee: '-79.2',
      netProfit: '-158.4',
      totalFunding: '0',
      posMode: 'one_way_mode',
    })
    expect(body.data.endId).toBe(closed?.positionId)
  })

  test('a one-way order larger than the position closes it into the history and opens the other side', async () => {
    const a = classicAccount(ctx)
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '1' }))
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '3', side: 'sell' }))
    const { body } = await a.api.get('/api/v2/mix/position/history-position', { symbol: 'BTCUSDT' })
    expect(
      body.data.list.map((p: Record<string, string>) => [p.holdSide, p.closeTotalPos]),
    ).toEqual([['long', '1']])
    expect((await a.read.sizes()).short).toBe('2')
  })

  test('single-position: the open positions of the symbol in the margin coin asked; [] for another coin', async () => {
    const a = classicAccount(ctx, 'hedge')
    await a.api.post('/api/v2/mix/order/place-order', market({ tradeSide: 'open' }))
    const query = { ...pair, marginCoin: 'USDT' }
    const { body } = await a.api.get('/api/v2/mix/position/single-position', query)
    expect(
      body.data.map((p: Record<string, string>) => [p.holdSide, p.total, p.deductedFee]),
    ).toEqual([['long', '1', '39']])
    const other = await a.api.get('/api/v2/mix/position/single-position', {
      ...query,
      marginCoin: 'USDC',
    })
    expect(other.body.data).toEqual([])
  })
})

describe('GET /api/v2/mix/order/fill-history', () => {
  test('the fills as /fills answers them, under the history path', async () => {
    const a = classicAccount(ctx)
    await a.api.post('/api/v2/mix/order/place-order', market())
    const history = await a.api.get('/api/v2/mix/order/fill-history', usdt)
    const fills = await a.api.get('/api/v2/mix/order/fills', usdt)
    expect(history.body.data).toEqual(fills.body.data)
    expect(history.body.data.fillList).toHaveLength(1)
  })
})
