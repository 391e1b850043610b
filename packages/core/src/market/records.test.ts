/**
 * The exchange's documented public push examples (fixtures/exchange/ws.*, sources in its
 * SOURCES.md) read into the market records of both lines, every price and size the text shown.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { createOrderBook } from './orderBook.js'
import { readBookPush, readMarketCandle, readMarketTicker, readMarketTrade } from './records.js'

const folder = fileURLToPath(new URL('../../../../fixtures/exchange/', import.meta.url))
const push = (name: string) =>
  JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { action: string; data: unknown[] }

describe('documented push examples', () => {
  test('every ws fixture is read here', () => {
    expect(
      readdirSync(folder)
        .filter((n) => n.startsWith('ws.'))
        .sort(),
    ).toEqual([
      'ws.classic.books.ccxt-comment.json',
      'ws.classic.books5.json',
      'ws.classic.candle1m.json',
      'ws.classic.ticker.json',
      'ws.classic.trade.json',
      'ws.uta.books1.json',
      'ws.uta.kline.json',
      'ws.uta.public-trade.json',
      'ws.uta.ticker.spot.json',
    ])
  })

  test('unified books1: a/b levels, checksum and pseq 0 on the snapshot; a seq above 2^53 is read as a number', () => {
    const book = readBookPush(push('ws.uta.books1.json').data[0])
    expect(book).toMatchObject({
      asks: [['99756.7', '23.9774']],
      bids: [['99756.6', '0.0128']],
      checksum: 0,
      pseq: 0,
      ts: '1746698732562',
    })
    // the nearest double to 1304314508780744705
    expect(book.seq).toBe(Number(1304314508780744705n))
  })

  test('classic books5: bids/asks with trailing zeros kept ("8.760"), seq, no pseq', () => {
    const book = readBookPush(push('ws.classic.books5.json').data[0])
    expect(book.asks).toEqual([
      ['27000.5', '8.760'],
      ['27001.0', '0.400'],
    ])
    expect(book).toMatchObject({ seq: 123, pseq: undefined, checksum: 0 })
    const local = createOrderBook({ depth: 5 })
    local.snapshot(book.bids, book.asks)
    expect(local.checksumText()).toBe('27000.0:2.710:27000.5:8.760:26999.5:1.460:27001.0:0.400')
  })

  test('a books5 snapshot quoted in a peer SDK carries a checksum that is not the one of its own 5 levels (it covers more of the book), so snapshot channels are not verified', () => {
    const raw = push('ws.classic.books.ccxt-comment.json').data[0]
    const book = readBookPush(raw)
    const local = createOrderBook()
    local.snapshot(book.bids, book.asks)
    expect(book.checksum).toBe(-1367582038)
    expect(local.checksum()).toBe(-1422319675)
  })

  test('tickers of both lines read into one record', () => {
    expect(readMarketTicker(push('ws.uta.ticker.spot.json').data[0])).toEqual({
      symbol: '',
      lastPrice: '100000',
      bidPrice: '99999',
      bidSize: '186.183209',
      askPrice: '100000',
      askSize: '188.312553',
      open24h: '0',
      high24h: '100000',
      low24h: '98200',
      change24h: '0.01833',
      volume24h: '37.722858',
      turnover24h: '3750302.979626',
      markPrice: '',
      indexPrice: '',
      fundingRate: '',
      ts: '',
    })
    expect(readMarketTicker(push('ws.classic.ticker.json').data[0])).toMatchObject({
      symbol: 'BTCUSDT',
      lastPrice: '27000.5',
      bidPrice: '27000',
      askSize: '8.76',
      low24h: '26999.0',
      fundingRate: '0.000010',
      volume24h: '368.900',
      ts: '1695715383021',
    })
  })

  test('trades of both lines: publicTrade i/p/v/S/T and trade tradeId/price/size/side/ts', () => {
    expect(readMarketTrade(push('ws.uta.public-trade.json').data[0])).toEqual({
      tradeId: '1260903622036942849',
      price: '100000',
      size: '0.00118',
      side: 'buy',
      ts: '1736348770627',
    })
    expect(push('ws.classic.trade.json').data.map(readMarketTrade)[1]).toEqual({
      tradeId: '1111111111',
      price: '27000.0',
      size: '0.001',
      side: 'sell',
      ts: '1695716759514',
    })
  })

  test('candles of both lines: the unified object and the classic array', () => {
    expect(readMarketCandle(push('ws.uta.kline.json').data[0])).toEqual({
      start: '1710518400000',
      open: '276670',
      high: '400005',
      low: '276670',
      close: '400005',
      volume: '0.423',
      turnover: '148190.38375',
    })
    expect(readMarketCandle(push('ws.classic.candle1m.json').data[0])).toEqual({
      start: '1695685500000',
      open: '27000',
      high: '27000.5',
      low: '27000',
      close: '27000.5',
      volume: '0.057',
      turnover: '1539.0155',
    })
  })

  test('a record that is not an object, or levels that are not arrays, are refused', () => {
    expect(() => readMarketTicker('x')).toThrow('a ticker push record must be an object')
    expect(() => readBookPush({ bids: 'x' })).toThrow('the bids of a depth push must be an array')
  })
})
