import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  candleRows,
  fundingTimes,
  mergeDepth,
  openInterest,
  positionTiers,
  symbolPrices,
  tickerRecords,
  tradeRecords,
} from './market.js'

const data = (name: string): unknown => exchangeFixture(name).data

describe('the documented market data examples parse key for key (fixtures/exchange/classic.mix.market.*.json)', () => {
  test('tickers: every field read, delivery times null on the perpetual, decimal strings kept', () => {
    const [perpetual, delivery] = v.parse(tickerRecords, data('classic.mix.market.tickers.json'))
    expect(perpetual).toEqual({
      symbol: 'BTCUSD',
      lastPr: '29904.5',
      askPr: '29904.5',
      bidPr: '29903.5',
      bidSz: '0.5091',
      askSz: '2.2694',
      high24h: '0',
      low24h: '0',
      ts: '1695794271400',
      change24h: '0',
      baseVolume: '0',
      quoteVolume: '0',
      usdtVolume: '0',
      openUtc: '0',
      changeUtc24h: '0',
      indexPrice: '29132.353333',
      fundingRate: '-0.0007',
      holdingAmount: '125.6844',
      deliveryStartTime: null,
      deliveryTime: null,
      deliveryStatus: 'delivery_normal',
      open24h: '0',
      markPrice: '12345',
    })
    expect(delivery).toMatchObject({
      deliveryStartTime: '1693538723186',
      deliveryTime: '1703836799000',
    })
  })

  test('the single ticker parses with the same record', () => {
    const [ticker] = v.parse(tickerRecords, data('classic.mix.market.ticker.json'))
    expect(ticker?.symbol).toBe('ETHUSD_231229')
  })

  test.each([
    'classic.mix.market.candles.json',
    'classic.mix.market.history-candles.json',
    'classic.mix.market.history-mark-candles.json',
    'classic.mix.market.history-index-candles.json',
  ])('%s: rows of seven strings, as sent', (name) => {
    const raw = data(name) as string[][]
    expect(v.parse(candleRows, raw)).toEqual(raw)
  })

  test('merge depth: the levels’ JSON numbers read as decimal strings, every other key as sent', () => {
    expect(v.parse(mergeDepth, data('classic.mix.market.merge-depth.json'))).toEqual({
      asks: [
        ['26347.5', '0.25'],
        ['26348', '0.16'],
      ],
      bids: [
        ['26346.5', '0.16'],
        ['26346', '0.32'],
      ],
      ts: '1695870968804',
      scale: '0.1',
      precision: 'scale0',
      isMaxPrecision: 'NO',
    })
  })

  test.each(['classic.mix.market.fills.json', 'classic.mix.market.fills-history.json'])(
    '%s: trades key for key (history writes the side capitalised)',
    (name) => {
      const raw = data(name) as Record<string, string>[]
      expect(v.parse(tradeRecords, raw)).toEqual(raw)
    },
  )

  test('open interest and symbol price, key for key', () => {
    const oi = data('classic.mix.market.open-interest.json')
    expect(v.parse(openInterest, oi)).toEqual(oi)
    const prices = data('classic.mix.market.symbol-price.json')
    expect(v.parse(symbolPrices, prices)).toEqual(prices)
  })

  test('funding time, key for key', () => {
    const next = data('classic.mix.market.funding-time.json')
    expect(v.parse(fundingTimes, next)).toEqual(next)
  })
})

describe('the documented position tiers parse key for key (fixtures/exchange/classic.mix.market.query-position-lever.json)', () => {
  test('two tiers, every field a decimal string as sent; an open upper bound "" is null', () => {
    const raw = data('classic.mix.market.query-position-lever.json')
    expect(v.parse(positionTiers, raw)).toEqual(raw)
    const [open] = v.parse(positionTiers, [
      {
        symbol: 'BTCUSDT',
        level: '1',
        startUnit: '0',
        endUnit: '',
        leverage: '125',
        keepMarginRate: '0',
      },
    ])
    expect(open?.endUnit).toBeNull()
    expect(v.parse(positionTiers, null)).toEqual([])
  })
})
