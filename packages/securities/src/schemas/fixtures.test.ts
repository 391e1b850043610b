import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { optionChain, optionExpiryDates, optionVolume, quotes, stockCandles } from './market.js'

const data = (name: string): unknown => exchangeFixture(name).data

/** The key paths of records: a coded value (`{ code, name }`, read from a raw code) counts as one key. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf)
  if (typeof value !== 'object' || value === null) return []
  if (Object.keys(value).join() === 'code,name') return []
  return Object.entries(value).flatMap(([key, item]) => [
    key,
    ...keysOf(item).map((k) => `${key}.${k}`),
  ])
}

describe('the stockplus market records parse key for key (fixtures/exchange/securities.stockplus.market.*.json)', () => {
  test('option-expiry-date: dates as YYYY-MM-DD', () => {
    expect(
      v.parse(optionExpiryDates, data('securities.stockplus.market.option-expiry-date.json')),
    ).toEqual(['2026-07-03', '2026-07-10', '2026-07-17', '2026-08-21'])
  })

  test('option-chain-info: every strike with its call and put', () => {
    const raw = (
      data('securities.stockplus.market.option-chain-info.json') as { strikePriceInfo: unknown[] }
    ).strikePriceInfo
    const chain = v.parse(optionChain, data('securities.stockplus.market.option-chain-info.json'))
    expect(chain).toEqual(raw)
    expect(keysOf(chain)).toEqual(keysOf(raw))
  })

  test('option-volume: c and p as decimal strings', () => {
    expect(v.parse(optionVolume, data('securities.stockplus.market.option-volume.json'))).toEqual({
      c: '125873',
      p: '98112',
    })
  })

  test('quote: every field kept; timestamps in Unix ms, tradeStatus coded, sub-quotes null where null', () => {
    const raw = (
      data('securities.stockplus.market.quote.json') as { list: Record<string, unknown>[] }
    ).list
    const [quote] = v.parse(quotes, data('securities.stockplus.market.quote.json'))
    expect(keysOf([quote])).toEqual(keysOf(raw))
    expect(quote).toMatchObject({
      symbol: 'AAPL.US',
      lastDone: '229.87',
      timestamp: 1782914395000,
      tradeStatus: { code: '0', name: 'Normal' },
      postMarketQuote: null,
      overnightQuote: null,
    })
    expect(quote?.preMarketQuote).toEqual({
      ...(raw[0]?.preMarketQuote as object),
      timestamp: 1782912599000,
    })
  })

  test.each([
    'securities.stockplus.market.candlestick.json',
    'securities.stockplus.market.history-candlestick.json',
  ])('%s: every field kept, decimals as sent, tradeSession coded', (name) => {
    const raw = (data(name) as { list: Record<string, unknown>[] }).list
    const candles = v.parse(stockCandles, data(name))
    expect(keysOf(candles)).toEqual(keysOf(raw))
    candles.forEach((candle, i) => {
      expect(candle).toEqual({
        ...raw[i],
        timestamp: Number(raw[i]?.timestamp),
        tradeSession: { code: 'Intraday', name: 'Intraday' },
      })
    })
  })
})
