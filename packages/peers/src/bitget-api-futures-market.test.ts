/**
 * bitget-api (tiagosiebler) `RestClientV2`, its classic futures (v2 mix) market data methods,
 * against the sandbox: each answer must carry every field the SDK's own response type declares,
 * read from its published `.d.ts` (see `test/declared.ts`).
 */
import { describe, expect, test } from 'vitest'
import { futuresAgainstSandbox, futuresMarketBuy, futuresPair as pair } from './test/bitgetApi.js'

const { ctx, futures, methods } = futuresAgainstSandbox()

/**
 * A candle as the exchange sends it: seven decimal strings (start, open, high, low, close, base
 * and quote volume: https://www.bitget.com/api-doc/contract/market/Get-Candle-Data). The SDK
 * declares `FuturesCandlestickV2` as a tuple of eight strings; the eighth is never sent.
 */
const candle = Array.from({ length: 7 }, () => expect.stringMatching(/^-?\d+(\.\d+)?$/))

describe('RestClientV2 futures market data against the sandbox', () => {
  // Signed calls come first: the later tests move the sandbox clock, past the SDK's timestamps.
  test('getFuturesRecentTrades and getFuturesHistoricTrades list FuturesFillV2 records of a fill', async () => {
    await ctx.client.futuresSubmitOrder(futuresMarketBuy)
    const recent = await ctx.client.getFuturesRecentTrades(pair)
    expect(futures.missingIn(recent.data, 'FuturesFillV2')).toEqual([])
    expect(recent.data.map(({ size, symbol }) => ({ size, symbol }))).toContainEqual({
      size: '0.01',
      symbol: 'BTCUSDT',
    })
    const history = await ctx.client.getFuturesHistoricTrades(pair)
    expect(futures.missingIn(history.data, 'FuturesFillV2')).toEqual([])
  })

  test('getFuturesTicker and getFuturesAllTickers list FuturesTickerV2 records', async () => {
    ctx.sandbox.admin.setPrice('BTCUSDT', '65000')
    const one = await ctx.client.getFuturesTicker(pair)
    expect(futures.missingIn(one.data, 'FuturesTickerV2')).toEqual([])
    expect(one.data.map(({ symbol, lastPr }) => ({ symbol, lastPr }))).toEqual([
      { symbol: 'BTCUSDT', lastPr: '65000' },
    ])
    const all = await ctx.client.getFuturesAllTickers({ productType: 'USDT-FUTURES' })
    expect(futures.missingIn(all.data, 'FuturesTickerV2')).toEqual([])
    expect(all.data.map((ticker) => ticker.symbol)).toContain('BTCUSDT')
  })

  test('getFuturesCandles and getFuturesHistoricCandles answer rows of seven strings built from the tape (the SDK declares eight)', async () => {
    ctx.sandbox.admin.advanceClock(60_000)
    ctx.sandbox.admin.setPrice('BTCUSDT', '65100')
    ctx.sandbox.admin.advanceClock(60_000)
    const recent = await ctx.client.getFuturesCandles({ ...pair, granularity: '1m' })
    expect(recent.data.length).toBeGreaterThan(0)
    for (const row of recent.data) expect(row).toEqual(candle)
    const closes = recent.data.map((row) => row[4])
    expect(closes).toContain('65100')
    const history = await ctx.client.getFuturesHistoricCandles({ ...pair, granularity: '1m' })
    for (const row of history.data) expect(row).toEqual(candle)
  })

  test('getFuturesMergeDepth (GET /api/v2/mix/market/merge-depth) answers a FuturesMergeDepthV2', async () => {
    const { data } = await ctx.client.getFuturesMergeDepth({ ...pair, limit: '5' })
    expect(futures.missing(data, 'FuturesMergeDepthV2')).toEqual([])
    expect(data.asks.length).toBeGreaterThan(0)
    expect(data.bids.length).toBeGreaterThan(0)
    // the best ask lies above the best bid
    expect(Number(data.asks[0]?.[0])).toBeGreaterThan(Number(data.bids[0]?.[0]))
  })

  test('getFuturesOpenInterest answers its declared { openInterestList, ts }; getFuturesSymbolPrice lists FuturesSymbolPriceV2', async () => {
    const interest = await ctx.client.getFuturesOpenInterest(pair)
    expect(methods.missing(interest.data, methods.returned('getFuturesOpenInterest'))).toEqual([])
    expect(futures.missingIn(interest.data.openInterestList, 'FuturesOpenInterestV2')).toEqual([])
    const price = await ctx.client.getFuturesSymbolPrice(pair)
    expect(futures.missingIn(price.data, 'FuturesSymbolPriceV2')).toEqual([])
    expect(price.data[0]).toMatchObject({ symbol: 'BTCUSDT', price: '65100' })
  })

  test('getFuturesCurrentFundingRate answers its declared records; getFuturesHistoricFundingRates lists FuturesHistoricalFundingRateV2 after a settlement', async () => {
    const current = await ctx.client.getFuturesCurrentFundingRate(pair)
    const declaredRate = methods.returned('getFuturesCurrentFundingRate')
    expect(current.data.flatMap((rate) => methods.missing(rate, declaredRate))).toEqual([])
    expect(current.data.map((rate) => rate.symbol)).toEqual(['BTCUSDT'])
    ctx.sandbox.admin.advanceClock(8 * 3_600_000)
    const history = await ctx.client.getFuturesHistoricFundingRates(pair)
    expect(futures.missingIn(history.data, 'FuturesHistoricalFundingRateV2')).toEqual([])
    expect(history.data.length).toBeGreaterThan(0)
  })

  test('every call reached a served endpoint and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
  })
})
