/**
 * bitget-api (tiagosiebler) `RestClientV3`, its Stock+ market data and option discovery methods,
 * against the sandbox: each answer must carry every field the SDK's own response type declares,
 * read from its published `.d.ts` (see `test/declared.ts`), and the option symbols the chain
 * lists are live contracts the sandbox quotes.
 */
import { RestClientV3 } from 'bitget-api'
import { describe, expect, test } from 'vitest'
import { bitgetApiAgainstSandbox, declared } from './test/bitgetApi.js'

const stockplus = declared('types/response/v3/stockplus.d.ts')
const ctx = bitgetApiAgainstSandbox((options) => new RestClientV3(options))

describe('RestClientV3 Stock+ option discovery against the sandbox', () => {
  test('getStockPlusOptionExpiryDate -> getStockPlusOptionChainInfo: declared records, live contracts', async () => {
    const dates = await ctx.client.getStockPlusOptionExpiryDate({ symbol: 'AAPL.US' })
    expect(stockplus.missing(dates.data, 'StockPlusOptionExpiryDateV3')).toEqual([])
    const [nearest] = dates.data.expiryDate
    expect(nearest).toMatch(/^\d{8}$/)
    const chain = await ctx.client.getStockPlusOptionChainInfo({
      symbol: 'AAPL.US',
      expiryDate: String(nearest),
    })
    expect(stockplus.missing(chain.data, 'StockPlusOptionChainInfoV3')).toEqual([])
    expect(
      stockplus.missingIn(chain.data.strikePriceInfo, 'StockPlusOptionStrikePriceInfoV3'),
    ).toEqual([])
    const strike = chain.data.strikePriceInfo[5]
    expect(strike?.callSymbol).toContain(String(nearest).slice(2))
    const quote = await ctx.client.getStockPlusQuote({ symbol: String(strike?.callSymbol) })
    expect(quote.data.list[0]?.tradeStatus).toBe('0')
  })

  test('getStockPlusOptionVolume answers a StockPlusOptionVolumeV3 (c, p)', async () => {
    const { data } = await ctx.client.getStockPlusOptionVolume({ symbol: 'TSLA.US' })
    expect(stockplus.missing(data, 'StockPlusOptionVolumeV3')).toEqual([])
    expect(data.c).toMatch(/^\d+$/)
  })
})

describe('RestClientV3 Stock+ quotes and candles against the sandbox', () => {
  // One symbol per call: bitget-api signs the query with the comma percent-encoded (`%2C`),
  // while the sandbox verifies the decoded query, so a comma-separated list is refused `40009`
  // (the test below pins that difference).
  test('getStockPlusQuote answers a StockPlusQuoteItemV3 record with its sub-quotes', async () => {
    const { data } = await ctx.client.getStockPlusQuote({ symbol: 'NVDA.US' })
    expect(stockplus.missing(data, 'StockPlusQuoteV3')).toEqual([])
    expect(stockplus.missingIn(data.list, 'StockPlusQuoteItemV3')).toEqual([])
    expect(data.list.map((quote) => quote.symbol)).toEqual(['NVDA.US'])
    const [quote] = data.list
    for (const sub of [quote?.preMarketQuote, quote?.postMarketQuote, quote?.overnightQuote])
      if (sub !== null && sub !== undefined)
        expect(stockplus.missing(sub, 'StockPlusSessionQuoteV3')).toEqual([])
  })

  test('a comma-separated symbol list signed by bitget-api (comma encoded) is refused 40009 by the sandbox', async () => {
    const error = await ctx.client
      .getStockPlusQuote({ symbol: 'AAPL.US,NVDA.US' })
      .catch((e: unknown) => e)
    expect((error as { body?: { code?: string } }).body?.code).toBe('40009')
  })

  test('getStockPlusCandlestick answers StockPlusCandlestickItemV3 records, oldest first', async () => {
    const { data } = await ctx.client.getStockPlusCandlestick({
      symbol: 'AAPL.US',
      period: 'day',
      count: '5',
    })
    expect(stockplus.missingIn(data.list, 'StockPlusCandlestickItemV3')).toEqual([])
    expect(data.list).toHaveLength(5)
    const starts = data.list.map((candle) => Date.parse(candle.timestamp))
    expect([...starts].sort((a, b) => a - b)).toEqual(starts)
  })

  test('getStockPlusHistoryCandlestick answers the candles before a time, the same as the latest ones', async () => {
    const latest = await ctx.client.getStockPlusCandlestick({
      symbol: 'TSLA.US',
      period: 'week',
      count: '6',
    })
    const time = String(Date.parse(String(latest.data.list[3]?.timestamp)))
    const { data } = await ctx.client.getStockPlusHistoryCandlestick({
      symbol: 'TSLA.US',
      period: 'week',
      count: '4',
      forward: false,
      time,
    })
    expect(stockplus.missingIn(data.list, 'StockPlusCandlestickItemV3')).toEqual([])
    expect(data.list).toEqual(latest.data.list.slice(0, 4))
  })
})
