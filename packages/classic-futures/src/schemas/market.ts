/**
 * Response records of the classic market data reads (Bitget "Market" pages of
 * /api/v2/mix/market), read leniently with core's `Fields`: decimals as decimal strings (a
 * depth level's JSON numbers too), `""` and `null` as `null`, unknown fields kept.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'

const { candle, decimal, decimalish, id, level, list, text } = Fields

/** A ticker of GET /api/v2/mix/market/ticker and /tickers; delivery fields are `null` on perpetuals. */
export const tickerRecord = Fields.record({
  symbol: v.string(),
  lastPr: decimal,
  askPr: decimal,
  bidPr: decimal,
  bidSz: decimal,
  askSz: decimal,
  high24h: decimal,
  low24h: decimal,
  ts: text,
  change24h: decimal,
  baseVolume: decimal,
  quoteVolume: decimal,
  usdtVolume: decimal,
  openUtc: decimal,
  changeUtc24h: decimal,
  indexPrice: decimal,
  fundingRate: decimal,
  holdingAmount: decimal,
  open24h: decimal,
  markPrice: decimal,
  deliveryStartTime: text,
  deliveryTime: text,
  deliveryStatus: text,
})
/** The tickers (`data` is an array, of one item for one symbol). */
export const tickerRecords = v.array(tickerRecord)
/** A ticker as the exchange sent it. */
export type TickerRecord = v.InferOutput<typeof tickerRecord>

/** `data` of the candle reads: `[start, open, high, low, close, volume, turnover]` rows, oldest first. */
export const candleRows = list(candle)
/** A candle row as the exchange sent it. */
export type CandleRow = v.InferOutput<typeof candle>

/** `data` of merge-depth: levels best first, the merge step `scale`, the precision asked. */
export const mergeDepth = Fields.record({
  asks: list(level),
  bids: list(level),
  ts: text,
  scale: decimal,
  precision: text,
  isMaxPrecision: text,
})
/** A merged depth as the exchange sent it. */
export type MergeDepth = v.InferOutput<typeof mergeDepth>

/** One public trade of `fills` and `fills-history` (`side` as sent: `buy`, or `Buy` in history). */
export const tradeRecord = Fields.record({
  tradeId: id,
  price: decimalish,
  size: decimalish,
  side: v.string(),
  ts: text,
  symbol: text,
})
/** The trades, newest first. */
export const tradeRecords = list(tradeRecord)
/** A public trade as the exchange sent it. */
export type TradeRecord = v.InferOutput<typeof tradeRecord>

/** `data` of open-interest: one `{ symbol, size }` (in the base coin) and the time. */
export const openInterest = Fields.record({
  openInterestList: list(Fields.record({ symbol: v.string(), size: decimal })),
  ts: text,
})
/** An open interest as the exchange sent it. */
export type OpenInterest = v.InferOutput<typeof openInterest>

/** One item of symbol-price: last (`price`), index and mark price. */
export const symbolPrice = Fields.record({
  symbol: v.string(),
  price: decimal,
  indexPrice: decimal,
  markPrice: decimal,
  ts: text,
})
/** `data` of symbol-price: an array of one item. */
export const symbolPrices = v.array(symbolPrice)
/** The prices of a symbol as the exchange sent them. */
export type SymbolPrice = v.InferOutput<typeof symbolPrice>

/** One item of funding-time: the next settlement (Unix ms) and the period in hours. */
export const fundingTime = Fields.record({
  symbol: v.string(),
  nextFundingTime: text,
  ratePeriod: text,
})
/** `data` of funding-time: an array of one item. */
export const fundingTimes = v.array(fundingTime)
/** The next funding time of a symbol as the exchange sent it. */
export type FundingTime = v.InferOutput<typeof fundingTime>

/**
 * A tier of GET /api/v2/mix/market/query-position-lever: the notional bracket (`startUnit` to
 * `endUnit`), the tier's largest `leverage` and its maintenance margin rate `keepMarginRate`.
 */
export const positionTier = Fields.record({
  symbol: text,
  level: text,
  startUnit: decimal,
  endUnit: decimal,
  leverage: decimal,
  keepMarginRate: decimal,
})
/** The tiers of a symbol, lowest first (`[]` when `null`). */
export const positionTiers = list(positionTier)
/** A position tier as the exchange sent it. */
export type PositionTier = v.InferOutput<typeof positionTier>
