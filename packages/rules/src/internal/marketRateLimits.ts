/**
 * The rate-limit rows of the market data reads of both futures lines (candles, depth, trades,
 * open interest, prices, risk reserve, position tiers), public and limited per IP; spread into the
 * line tables of ./rateLimitTables.ts.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { perSecond } from './rateLimitRule.js'

/**
 * A public market read limited per IP, as its Bitget page states it ("Frequency limit: 20
 * times/1s (IP)", "Rate limit: 20/sec/IP").
 */
function publicRead(key: string, limit: number, page: string): Rule {
  return perSecond(key, limit, `not in the spec; Bitget "${page}": ${limit} per second per IP`, {
    scope: 'ip',
  })
}

/** The unified market data reads. */
export const unifiedMarketRows = {
  'unified.getCandles': [
    /* @__PURE__ */ publicRead('unified.getCandles', 20, 'Get Kline/Candlestick'),
  ],
  'unified.getHistoryCandles': [
    /* @__PURE__ */ publicRead('unified.getHistoryCandles', 20, 'Get Kline/Candlestick History'),
  ],
  'unified.getOrderBook': [/* @__PURE__ */ publicRead('unified.getOrderBook', 20, 'Get OrderBook')],
  'unified.getPublicFills': [
    /* @__PURE__ */ publicRead('unified.getPublicFills', 20, 'Get Recent Public Fills'),
  ],
  'unified.getOpenInterest': [
    /* @__PURE__ */ publicRead('unified.getOpenInterest', 20, 'Get Open Interest'),
  ],
  'unified.getRiskReserve': [
    /* @__PURE__ */ publicRead('unified.getRiskReserve', 20, 'Get Risk Reserve'),
  ],
  'unified.getPositionTier': [
    /* @__PURE__ */ publicRead('unified.getPositionTier', 20, 'Get Position Tier'),
  ],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>

/** The classic market data reads. */
export const classicMarketRows = {
  'classic.getTickers': [/* @__PURE__ */ publicRead('classic.getTickers', 20, 'Get All Tickers')],
  'classic.getCandles': [
    /* @__PURE__ */ publicRead('classic.getCandles', 20, 'Get Candlestick Data'),
  ],
  'classic.getHistoryCandles': [
    /* @__PURE__ */ publicRead('classic.getHistoryCandles', 20, 'Get Historical Candlestick'),
  ],
  'classic.getMergeDepth': [
    /* @__PURE__ */ publicRead('classic.getMergeDepth', 20, 'Get Merge Market Depth'),
  ],
  'classic.getRecentTrades': [
    /* @__PURE__ */ publicRead('classic.getRecentTrades', 20, 'Get Recent Transactions'),
  ],
  'classic.getHistoryTrades': [
    /* @__PURE__ */ publicRead('classic.getHistoryTrades', 10, 'Get History Transactions'),
  ],
  'classic.getOpenInterest': [
    /* @__PURE__ */ publicRead('classic.getOpenInterest', 20, 'Get Open Interest'),
  ],
  'classic.getSymbolPrice': [
    /* @__PURE__ */ perSecond(
      'classic.getSymbolPrice',
      20,
      'not in the spec; Bitget "Get Mark/Index/Market Prices" (GET /api/v2/mix/market/symbol-price): "20 times/s, frequency is limited according to user ID"',
    ),
  ],
  'classic.getHistoryMarkCandles': [
    /* @__PURE__ */ publicRead(
      'classic.getHistoryMarkCandles',
      20,
      'Get Historical Mark Price Candlestick',
    ),
  ],
  'classic.getHistoryIndexCandles': [
    /* @__PURE__ */ publicRead(
      'classic.getHistoryIndexCandles',
      20,
      'Get Historical Index Price Candlestick',
    ),
  ],
  'classic.getFundingTime': [
    /* @__PURE__ */ publicRead('classic.getFundingTime', 20, 'Get Next Funding Time'),
  ],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>
