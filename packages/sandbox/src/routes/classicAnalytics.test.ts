// The classic market analytics on a strict sandbox over real HTTP: the long/short ratios from the
// open futures positions of the symbol (one record, the period holding the sandbox clock; [] when
// nobody holds it), the taker volume from its fills per period (the account's side when it took, the other side when the market took its resting order), the VIP fee schedule at the
// sandbox's fee rates (README, Classic decisions). A fresh sandbox per test, so that no other
// test's positions or fills count.
import { ClassicFutures } from '@tradeline/rules'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, market } from '../test/classic.js'
import { fixture, shapeIssues } from '../test/shape.js'
import { start, T0 } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeEach(async () => {
  ctx = await start({ fees: { maker: '0.0002', taker: '0.0006' } })
  ctx.sandbox.admin.setPrice('BTCUSDT', '65000')
})
afterEach(() => ctx.sandbox.close())

const minute = 60_000
const btc = { symbol: 'BTCUSDT' }

/** The data of an analytics read, answered 00000. */
async function read(endpoint: { path: string }, query: Record<string, string> = btc) {
  const { status, body } = await ctx.api.get(endpoint.path, query)
  expect({ status, code: body.code }, JSON.stringify(body)).toEqual({ status: 200, code: '00000' })
  return body.data as Record<string, string>[]
}

/** A classic account holding `size` BTCUSDT on `side` (`net` signed). */
function holder(
  side: 'long' | 'short' | 'net',
  size: string,
  mode: 'one_way' | 'hedge' = 'one_way',
) {
  const a = classicAccount(ctx, mode)
  a.hold(side, size)
  return a
}

const ratioReads = [
  ClassicFutures.getLongShort,
  ClassicFutures.getAccountLongShort,
  ClassicFutures.getPositionLongShort,
  ClassicFutures.getTakerBuySell,
] as const

describe('the long/short ratios', () => {
  test('nobody holds the symbol: each ratio read answers []; a symbol no futures product type lists answers 40034', async () => {
    for (const endpoint of ratioReads) {
      expect(await read(endpoint)).toEqual([])
      const { body } = await ctx.api.get(endpoint.path, { symbol: 'ETHUSDT' })
      expect(body.code).toBe('40034')
    }
  })

  test('three accounts: position shares by size, account shares by holders, in the period of the clock; the page examples’ keys and types', async () => {
    holder('net', '3')
    holder('net', '1')
    holder('net', '-2')
    const fiveMinutes = String(T0 - (T0 % (5 * minute)))
    expect(await read(ClassicFutures.getPositionLongShort)).toEqual([
      {
        longPositionRatio: '0.6666',
        shortPositionRatio: '0.3333',
        longShortPositionRatio: '2',
        ts: fiveMinutes,
      },
    ])
    expect(await read(ClassicFutures.getAccountLongShort)).toEqual([
      {
        longAccountRatio: '0.6666',
        shortAccountRatio: '0.3333',
        longShortAccountRatio: '2',
        ts: fiveMinutes,
      },
    ])
    expect(await read(ClassicFutures.getLongShort)).toEqual([
      { longRatio: '0.6666', shortRatio: '0.3333', longShortRatio: '2', ts: fiveMinutes },
    ])
    for (const [name, endpoint] of [
      ['classic.mix.market.long-short.json', ClassicFutures.getLongShort],
      ['classic.mix.market.account-long-short.json', ClassicFutures.getAccountLongShort],
      ['classic.mix.market.position-long-short.json', ClassicFutures.getPositionLongShort],
    ] as const) {
      const { body } = await ctx.api.get(endpoint.path, btc)
      expect(shapeIssues(fixture(name), body)).toEqual([])
    }
  })

  test('period sets the ts: the start of the hour, of the UTC day (1Dutc on long-short, 1d on the others)', async () => {
    holder('net', '1')
    ctx.sandbox.admin.advanceClock(17 * minute)
    const now = ctx.sandbox.admin.now()
    const hour = 60 * minute
    const day = 24 * hour
    const [hourly] = await read(ClassicFutures.getPositionLongShort, { ...btc, period: '1h' })
    expect(hourly?.ts).toBe(String(now - (now % hour)))
    const [daily] = await read(ClassicFutures.getLongShort, { ...btc, period: '1Dutc' })
    expect(daily?.ts).toBe(String(now - (now % day)))
    const [accounts] = await read(ClassicFutures.getAccountLongShort, { ...btc, period: '1d' })
    expect(accounts?.ts).toBe(String(now - (now % day)))
  })

  test('only longs: long 1, short 0, no finite long/short ratio (""); a hedge account counts on both sides; other symbols and closed positions leave it', async () => {
    holder('net', '2')
    expect(await read(ClassicFutures.getPositionLongShort)).toMatchObject([
      { longPositionRatio: '1', shortPositionRatio: '0', longShortPositionRatio: '' },
    ])
    const hedge = holder('long', '1', 'hedge')
    hedge.hold('short', '1')
    // Sizes 3 long, 1 short; accounts 2 long, 1 short.
    expect(await read(ClassicFutures.getPositionLongShort)).toMatchObject([
      { longPositionRatio: '0.75', shortPositionRatio: '0.25', longShortPositionRatio: '3' },
    ])
    expect(await read(ClassicFutures.getAccountLongShort)).toMatchObject([
      { longAccountRatio: '0.6666', shortAccountRatio: '0.3333', longShortAccountRatio: '2' },
    ])
    // A coin-margined position is another symbol; a size of 0 is no position.
    ctx.sandbox.admin.setPosition({
      uid: hedge.uid,
      line: 'classic',
      category: 'COIN-FUTURES',
      symbol: 'BTCUSD_CM',
      side: 'net',
      size: '-50',
      entryPrice: '65000',
    })
    hedge.hold('short', '0')
    expect(await read(ClassicFutures.getPositionLongShort)).toMatchObject([
      { longPositionRatio: '1', shortPositionRatio: '0', longShortPositionRatio: '' },
    ])
    expect(await read(ClassicFutures.getPositionLongShort, { symbol: 'BTCUSD_CM' })).toMatchObject([
      { longPositionRatio: '0', shortPositionRatio: '1', longShortPositionRatio: '0' },
    ])
  })

  test("the rules' 40017 names symbol, period or a productType", async () => {
    for (const [query, field] of [
      [{}, 'symbol'],
      [{ ...btc, period: '1Dutc' }, 'period'],
      [{ ...btc, productType: 'USDT-FUTURES' }, 'productType'],
    ] as const) {
      const { body } = await ctx.api.get(ClassicFutures.getAccountLongShort.path, query)
      expect(body.code).toBe('40017')
      expect(body.msg).toContain(field)
    }
  })
})

describe('GET /api/v2/mix/market/taker-buy-sell', () => {
  test('one record per period traded, oldest first, in the base coin: a taker fill at its own side, a maker fill (the market took it) at the other; other symbols left out', async () => {
    const { admin } = ctx.sandbox
    // T0 is 14:00 UTC: a period of five minutes starts there.
    const base = T0
    const fill = (side: 'buy' | 'sell', qty: string, ts: number, extra = {}) =>
      admin.addFill({
        symbol: 'BTCUSDT',
        side,
        price: '65000',
        qty,
        ts,
        category: 'USDT-FUTURES',
        line: 'classic',
        ...extra,
      })
    fill('buy', '0.5', base - 5 * minute + 1)
    fill('sell', '0.25', base - 1)
    fill('buy', '1.5', base + 10, { tradeScope: 'taker' })
    // A resting sell filled: the market bought from it.
    fill('sell', '2', base + 20, { tradeScope: 'maker' })
    fill('buy', '7', base + 30, { symbol: 'BTCUSD_CM', category: 'COIN-FUTURES' })
    fill('buy', '9', base + 40, { symbol: 'ETHUSDT', category: 'SPOT', line: undefined })
    expect(await read(ClassicFutures.getTakerBuySell)).toEqual([
      { buyVolume: '0.5', sellVolume: '0.25', ts: String(base - 5 * minute) },
      { buyVolume: '3.5', sellVolume: '0', ts: String(base) },
    ])
    // 15 minutes: the first two fall in 13:45-14:00, the others in 14:00-14:15; a day holds all.
    expect(await read(ClassicFutures.getTakerBuySell, { ...btc, period: '15m' })).toEqual([
      { buyVolume: '0.5', sellVolume: '0.25', ts: String(base - 15 * minute) },
      { buyVolume: '3.5', sellVolume: '0', ts: String(base) },
    ])
    expect(await read(ClassicFutures.getTakerBuySell, { ...btc, period: '1d' })).toEqual([
      { buyVolume: '4', sellVolume: '0.25', ts: String(base - (base % (24 * 60 * minute))) },
    ])
    expect(await read(ClassicFutures.getTakerBuySell, { symbol: 'BTCUSD_CM' })).toEqual([
      { buyVolume: '7', sellVolume: '0', ts: String(base) },
    ])
    const { body } = await ctx.api.get(ClassicFutures.getTakerBuySell.path, btc)
    expect(shapeIssues(fixture('classic.mix.market.taker-buy-sell.json'), body)).toEqual([])
  })

  test('a market order of a classic account is a taker buy of its size', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(ClassicFutures.placeOrder.path, market({ size: '0.3' }))
    expect(body.code).toBe('00000')
    const rows = await read(ClassicFutures.getTakerBuySell)
    expect(rows.map((r) => [r.buyVolume, r.sellVolume])).toEqual([['0.3', '0']])
    // A resting limit sell the market fills later is a taker's buy too.
    const rest = await a.api.post(
      ClassicFutures.placeOrder.path,
      market({ orderType: 'limit', side: 'sell', price: '70000', size: '0.2' }),
    )
    ctx.sandbox.admin.fill(rest.body.data.orderId)
    const after = await read(ClassicFutures.getTakerBuySell)
    expect(after.map((r) => [r.buyVolume, r.sellVolume])).toEqual([['0.5', '0']])
  })
})

describe('GET /api/v2/mix/market/vip-fee-rate', () => {
  test('one level at the sandbox’s default futures fee rates; the page example’s keys and types', async () => {
    expect(await read(ClassicFutures.getVipFeeRate, {})).toEqual([
      {
        level: '1',
        dealAmount: '0',
        assetAmount: '0',
        takerFeeRate: '0.0006',
        makerFeeRate: '0.0002',
        btcWithdrawAmount: '',
        usdtWithdrawAmount: '',
      },
    ])
    const { body } = await ctx.api.get(ClassicFutures.getVipFeeRate.path, {})
    expect(shapeIssues(fixture('classic.mix.market.vip-fee-rate.json'), body)).toEqual([])
    expect((await ctx.api.get(ClassicFutures.getVipFeeRate.path, { level: '1' })).body.code).toBe(
      '40017',
    )
  })
})
