import { ClassicFutures, Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixture, shapeIssues } from '../test/shape.js'
import { btc, paths, start } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>

/** A public GET over real HTTP, without any header. */
const open = async (path: string, query: Record<string, string>) => {
  const response = await fetch(`${ctx.sandbox.url}${path}?${new URLSearchParams(query)}`)
  return response.json()
}

beforeAll(async () => {
  ctx = await start()
  // An admin price, one fill and one position, so no list is empty.
  ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0')
  const placed = await ctx.api.post(paths.place, btc({ price: '64000.0' }))
  ctx.sandbox.admin.fill(placed.body.data.orderId)
})
afterAll(() => ctx.sandbox.close())

const classic = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' }
const unified = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }

describe("the market data routes answer the exchange's documented shapes (fixtures/exchange)", () => {
  test.each([
    [
      'classic.mix.market.candles.json',
      ClassicFutures.getCandles,
      { ...classic, granularity: '1m' },
    ],
    [
      'classic.mix.market.history-candles.json',
      ClassicFutures.getHistoryCandles,
      { ...classic, granularity: '1m', startTime: '0' },
    ],
    [
      'classic.mix.market.history-mark-candles.json',
      ClassicFutures.getHistoryMarkCandles,
      { ...classic, granularity: '1m' },
    ],
    [
      'classic.mix.market.history-index-candles.json',
      ClassicFutures.getHistoryIndexCandles,
      { ...classic, granularity: '1m' },
    ],
    ['classic.mix.market.merge-depth.json', ClassicFutures.getMergeDepth, classic],
    ['classic.mix.market.fills.json', ClassicFutures.getRecentTrades, classic],
    ['classic.mix.market.fills-history.json', ClassicFutures.getHistoryTrades, classic],
    ['classic.mix.market.open-interest.json', ClassicFutures.getOpenInterest, classic],
    ['classic.mix.market.symbol-price.json', ClassicFutures.getSymbolPrice, classic],
    ['classic.mix.market.funding-time.json', ClassicFutures.getFundingTime, classic],
    ['classic.mix.market.long-short.json', ClassicFutures.getLongShort, { symbol: 'BTCUSDT' }],
    [
      'classic.mix.market.account-long-short.json',
      ClassicFutures.getAccountLongShort,
      { symbol: 'BTCUSDT' },
    ],
    [
      'classic.mix.market.position-long-short.json',
      ClassicFutures.getPositionLongShort,
      { symbol: 'BTCUSDT' },
    ],
    [
      'classic.mix.market.taker-buy-sell.json',
      ClassicFutures.getTakerBuySell,
      { symbol: 'BTCUSDT', period: '1d' },
    ],
    ['classic.mix.market.vip-fee-rate.json', ClassicFutures.getVipFeeRate, {}],
    ['uta.market.candles.json', Unified.getCandles, { ...unified, interval: '1m' }],
    ['uta.market.history-candles.json', Unified.getHistoryCandles, { ...unified, interval: '1m' }],
    ['uta.market.orderbook.json', Unified.getOrderBook, unified],
    ['uta.market.fills.json', Unified.getPublicFills, unified],
    ['uta.market.open-interest.json', Unified.getOpenInterest, unified],
    ['uta.market.risk-reserve.json', Unified.getRiskReserve, unified],
    ['uta.market.position-tier.json', Unified.getPositionTier, unified],
  ] as const)('%s', async (name, endpoint, query) => {
    ctx.sandbox.admin.advanceClock(60_000)
    const answer = await open(endpoint.path, query)
    expect(answer.code).toBe('00000')
    expect(answer.data.length ?? 1).toBeGreaterThan(0)
    expect(shapeIssues(fixture(name), answer)).toEqual([])
  })

  test('classic.mix.market.tickers.json: every key, the delivery times "" where the perpetual example has null', async () => {
    const answer = await open(ClassicFutures.getTickers.path, { productType: 'USDT-FUTURES' })
    expect(shapeIssues(fixture('classic.mix.market.tickers.json'), answer)).toEqual([
      expect.stringContaining('deliveryStartTime'),
      expect.stringContaining('deliveryTime'),
    ])
  })
})
