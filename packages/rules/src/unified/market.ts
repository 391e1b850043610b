/**
 * The public unified market reads beyond instruments and tickers: candles (recent and
 * history), the order book, recent public fills, open interest and the risk reserve (Bitget
 * UTA "Public" pages of /api/v3/market, each "Rate limit: 20/sec/IP"). No key; each query is
 * checked before it is sent.
 */
import * as v from 'valibot'
import { futuresCategories } from '../Category.js'
import { endNotBeforeStart, windowAtMost } from '../classic/timeRange.js'
import * as Endpoint from '../Endpoint.js'
import { oneOf, upperCaseOneOf } from '../internal/fields.js'
import { klineIntervals } from '../MarketChannels.js'
import { category, pageLimit, symbol, timestamp } from './fields.js'

/**
 * `type` of the candle reads: trades, mark, index or premium-index candles. The pages list
 * them in lower case and their example sends `MARKET`: any case is accepted and sent upper-case.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.candleTypes // ['MARKET', 'MARK', 'INDEX', 'PREMIUM']
 */
export const candleTypes = ['MARKET', 'MARK', 'INDEX', 'PREMIUM'] as const

/** The categories of the candle, order book reads: every one but MARGIN. */
const bookCategories = ['SPOT', ...futuresCategories] as const

/** "the maximum time query range is 90 days". */
const candleWindowDays = 90

const candleQuery = {
  category: upperCaseOneOf(bookCategories),
  symbol,
  interval: oneOf(klineIntervals),
  startTime: v.optional(timestamp),
  endTime: v.optional(timestamp),
  type: v.optional(upperCaseOneOf(candleTypes)),
}
const candleRules = [endNotBeforeStart, windowAtMost(candleWindowDays)]

/**
 * GET /api/v3/market/candles: candles of a symbol, oldest first; `limit` up to 1000 (the page
 * says "up to 1,000 candlesticks"; its table's "Maximum: 100" contradicts it).
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getCandles, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', interval: '1W' }) // false
 */
export const getCandles = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getCandles',
  method: 'GET',
  path: '/api/v3/market/candles',
  auth: false,
  schema: () => v.strictObject({ ...candleQuery, limit: v.optional(pageLimit(1000)) }),
  rules: candleRules,
})

export declare namespace getCandles {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getCandles>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getCandles>
}

/**
 * GET /api/v3/market/history-candles: finished candles further back, 100 at most.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getHistoryCandles, { category: 'SPOT', symbol: 'BTCUSDT', interval: '1D', limit: 101 }) // false
 */
export const getHistoryCandles = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getHistoryCandles',
  method: 'GET',
  path: '/api/v3/market/history-candles',
  auth: false,
  schema: () => v.strictObject({ ...candleQuery, limit: v.optional(pageLimit(100)) }),
  rules: candleRules,
})

export declare namespace getHistoryCandles {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryCandles>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryCandles>
}

/**
 * GET /api/v3/market/orderbook: the book of a symbol, `limit` levels a side (5 by default,
 * 200 at most); asks ascending, bids descending.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getOrderBook, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', limit: '200' }) // true
 */
export const getOrderBook = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getOrderBook',
  method: 'GET',
  path: '/api/v3/market/orderbook',
  auth: false,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(bookCategories),
      symbol,
      limit: v.optional(pageLimit(200)),
    }),
})

export declare namespace getOrderBook {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOrderBook>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOrderBook>
}

/**
 * GET /api/v3/market/fills: the recent public fills of a symbol, newest first, 100 at most.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getPublicFills, { category: 'margin', symbol: 'BTCUSDT' }) // true
 */
export const getPublicFills = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getPublicFills',
  method: 'GET',
  path: '/api/v3/market/fills',
  auth: false,
  schema: () => v.strictObject({ category, symbol, limit: v.optional(pageLimit(100)) }),
})

export declare namespace getPublicFills {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getPublicFills>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getPublicFills>
}

/**
 * GET /api/v3/market/open-interest: the open interest of a futures category, or of one symbol.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getOpenInterest, { category: 'SPOT' }) // false: futures only
 */
export const getOpenInterest = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getOpenInterest',
  method: 'GET',
  path: '/api/v3/market/open-interest',
  auth: false,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(futuresCategories),
      symbol: v.optional(symbol),
    }),
})

export declare namespace getOpenInterest {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOpenInterest>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOpenInterest>
}

/**
 * GET /api/v3/market/risk-reserve: the risk reserve fund of a futures symbol's settlement
 * coin and its recent changes.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getRiskReserve, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }) // true
 */
export const getRiskReserve = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getRiskReserve',
  method: 'GET',
  path: '/api/v3/market/risk-reserve',
  auth: false,
  schema: () => v.strictObject({ category: upperCaseOneOf(futuresCategories), symbol }),
})

export declare namespace getRiskReserve {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getRiskReserve>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getRiskReserve>
}

/** The categories of the position tiers: MARGIN (by `coin`) and the futures (by `symbol`). */
const tierCategories = ['MARGIN', ...futuresCategories] as const

/**
 * GET /api/v3/market/position-tier: the position tiers (value bounds, leverage, maintenance
 * margin rate) of a futures symbol or a margin coin.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getPositionTier, { category: 'MARGIN', coin: 'BTC' }) // true
 */
export const getPositionTier = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getPositionTier',
  method: 'GET',
  path: '/api/v3/market/position-tier',
  auth: false,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(tierCategories),
      symbol: v.optional(symbol),
      coin: v.optional(symbol),
    }),
})

export declare namespace getPositionTier {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getPositionTier>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getPositionTier>
}
