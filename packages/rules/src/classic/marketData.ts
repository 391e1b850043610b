/**
 * The public classic-futures market reads beyond contracts and one ticker: every ticker of a
 * product type, candles (recent and history), merged depth, recent and history trades, open
 * interest and the last/index/mark prices (Bitget "Market" pages of /api/v2/mix/market). No
 * key; each query is checked before it is sent.
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf, upperCaseOneOf } from '../internal/fields.js'
import { orderId } from '../internal/identity.js'
import { candleIntervals } from '../MarketChannels.js'
import { productType, queryInteger, queryIntegerIn, symbol } from './fields.js'
import { endNotBeforeStart, windowAtMost } from './timeRange.js'

/**
 * `granularity` of the candle reads, as the candle pages list them (`utc` lines close on UTC
 * days, the others on UTC+8 at the exchange).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.candleGranularities.includes('3m') // true
 */
export const candleGranularities = /* @__PURE__ */ (() =>
  // The public candle channels' intervals, and `3m`, which only the REST read takes.
  [candleIntervals[0], '3m', ...candleIntervals.slice(1)] as const)()

/**
 * `kLineType` of GET /api/v2/mix/market/candles: trades, mark price or index price.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.kLineTypes // ['MARKET', 'MARK', 'INDEX']
 */
export const kLineTypes = ['MARKET', 'MARK', 'INDEX'] as const

/**
 * `precision` of merged depth: `scale0` unmerged, each next scale ten times coarser.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.depthPrecisions[0] // 'scale0'
 */
export const depthPrecisions = ['scale0', 'scale1', 'scale2', 'scale3'] as const

/**
 * `limit` of merged depth: the fixed levels, or `max` for every level.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.depthLimits.includes('max') // true
 */
export const depthLimits = ['1', '5', '15', '50', 'max'] as const

/** The days a candle or history-candle window may span ("the maximum time query range is 90 days"). */
const candleWindowDays = 90
/** The days a fills-history window may span ("should not exceed 7 days"). */
const tradeWindowDays = 7

/** The symbol and product type every per-symbol read takes. */
export const symbolQuery = { symbol, productType }
/** The query fields the candle reads share. */
export const candleQuery = {
  ...symbolQuery,
  granularity: oneOf(candleGranularities),
  startTime: v.optional(queryInteger),
  endTime: v.optional(queryInteger),
}
/** The time-window rules the candle reads share. */
export const candleRules = [endNotBeforeStart, windowAtMost(candleWindowDays)]

/**
 * GET /api/v2/mix/market/tickers: the tickers of every symbol of a product type (Bitget "Get
 * All Tickers": "Frequency limit: 20 times/1s (IP)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getTickers, { productType: 'usdt-futures' }) // true
 */
export const getTickers = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getTickers',
  method: 'GET',
  path: '/api/v2/mix/market/tickers',
  auth: false,
  schema: () => v.strictObject({ productType }),
})

export declare namespace getTickers {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTickers>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTickers>
}

/**
 * GET /api/v2/mix/market/candles: candles of a symbol, oldest first, 100 by default and 1000
 * at most, of trades (`MARKET`), the mark or the index price (Bitget "Get Candlestick Data").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getCandles, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', granularity: '2m' }) // false
 */
export const getCandles = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getCandles',
  method: 'GET',
  path: '/api/v2/mix/market/candles',
  auth: false,
  schema: () =>
    v.strictObject({
      ...candleQuery,
      kLineType: v.optional(upperCaseOneOf(kLineTypes)),
      limit: v.optional(queryIntegerIn(1, 1000)),
    }),
  rules: candleRules,
})

export declare namespace getCandles {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getCandles>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getCandles>
}

/**
 * GET /api/v2/mix/market/history-candles: finished candles of trades further back, 200 at
 * most (Bitget "Get Historical Candlestick").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getHistoryCandles, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', granularity: '1W', limit: '201' }) // false
 */
export const getHistoryCandles = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getHistoryCandles',
  method: 'GET',
  path: '/api/v2/mix/market/history-candles',
  auth: false,
  schema: () => v.strictObject({ ...candleQuery, limit: v.optional(queryIntegerIn(1, 200)) }),
  rules: candleRules,
})

export declare namespace getHistoryCandles {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryCandles>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryCandles>
}

/**
 * GET /api/v2/mix/market/merge-depth: the order book of a symbol, levels merged at a
 * `precision` (Bitget "Get Merge Market Depth").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getMergeDepth, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', limit: '100' }) // false: 1, 5, 15, 50 or max
 */
export const getMergeDepth = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getMergeDepth',
  method: 'GET',
  path: '/api/v2/mix/market/merge-depth',
  auth: false,
  schema: () =>
    v.strictObject({
      ...symbolQuery,
      precision: v.optional(oneOf(depthPrecisions)),
      limit: v.optional(oneOf(depthLimits)),
    }),
})

export declare namespace getMergeDepth {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getMergeDepth>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getMergeDepth>
}

/**
 * GET /api/v2/mix/market/fills: the last trades of a symbol, newest first, 100 at most
 * (Bitget "Get Recent Transactions").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getRecentTrades, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', limit: 100 }) // true
 */
export const getRecentTrades = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getRecentTrades',
  method: 'GET',
  path: '/api/v2/mix/market/fills',
  auth: false,
  schema: () => v.strictObject({ ...symbolQuery, limit: v.optional(queryIntegerIn(1, 100)) }),
})

export declare namespace getRecentTrades {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getRecentTrades>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getRecentTrades>
}

/**
 * GET /api/v2/mix/market/fills-history: trades of the last 90 days, newest first, 1000 at
 * most, a window of 7 days at most, paged with `idLessThan` = the last `tradeId` (Bitget "Get
 * History Transactions": "Frequency limit: 10 times/1s (IP)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getHistoryTrades, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', idLessThan: '12' }) // true
 */
export const getHistoryTrades = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getHistoryTrades',
  method: 'GET',
  path: '/api/v2/mix/market/fills-history',
  auth: false,
  schema: () =>
    v.strictObject({
      ...symbolQuery,
      limit: v.optional(queryIntegerIn(1, 1000)),
      idLessThan: v.optional(orderId),
      startTime: v.optional(queryInteger),
      endTime: v.optional(queryInteger),
    }),
  rules: [endNotBeforeStart, windowAtMost(tradeWindowDays)],
})

export declare namespace getHistoryTrades {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryTrades>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryTrades>
}

/**
 * GET /api/v2/mix/market/open-interest: the platform's open positions of a symbol, in the base
 * coin (Bitget "Get Open Interest").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getOpenInterest, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' }) // true
 */
export const getOpenInterest = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getOpenInterest',
  method: 'GET',
  path: '/api/v2/mix/market/open-interest',
  auth: false,
  schema: () => v.strictObject(symbolQuery),
})

export declare namespace getOpenInterest {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOpenInterest>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOpenInterest>
}

/**
 * GET /api/v2/mix/market/symbol-price: the last, index and mark price of a symbol (Bitget "Get
 * Mark/Index/Market Prices": "20 times/s, frequency is limited according to user ID").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getSymbolPrice, { symbol: 'BTCUSDT' }) // false: productType is required
 */
export const getSymbolPrice = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getSymbolPrice',
  method: 'GET',
  path: '/api/v2/mix/market/symbol-price',
  auth: false,
  schema: () => v.strictObject(symbolQuery),
})

export declare namespace getSymbolPrice {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getSymbolPrice>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getSymbolPrice>
}
