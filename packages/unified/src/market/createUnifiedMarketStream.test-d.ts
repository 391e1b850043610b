import type {
  MarketCandle,
  MarketTicker,
  MarketTrade,
  OrderBook,
  OrderBookEvent,
} from '@tradeline/core'
import { describe, expectTypeOf, test } from 'vitest'
import { createUnifiedMarketStream } from './createUnifiedMarketStream.js'

describe('createUnifiedMarketStream', () => {
  test('iterables of typed records whose prices and sizes are strings', () => {
    const market = createUnifiedMarketStream()
    expectTypeOf(market.tickers('BTCUSDT')).toEqualTypeOf<AsyncIterableIterator<MarketTicker>>()
    expectTypeOf(market.trades('BTCUSDT')).toEqualTypeOf<AsyncIterableIterator<MarketTrade>>()
    expectTypeOf(market.candles('BTCUSDT', '1m')).toEqualTypeOf<
      AsyncIterableIterator<MarketCandle>
    >()
    expectTypeOf(market.orderBook('BTCUSDT')).toEqualTypeOf<AsyncIterableIterator<OrderBookEvent>>()
    expectTypeOf<MarketTicker['lastPrice']>().toEqualTypeOf<string>()
    expectTypeOf<MarketTrade['size']>().toEqualTypeOf<string>()
    expectTypeOf<ReturnType<OrderBook['bestBid']>>().toEqualTypeOf<
      readonly [price: string, size: string] | undefined
    >()
    expectTypeOf(market.book('BTCUSDT')).toEqualTypeOf<OrderBook | undefined>()
  })
})
