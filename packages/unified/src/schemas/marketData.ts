/**
 * Response records of the unified market data reads (Bitget UTA "Public" pages of
 * /api/v3/market), read leniently with core's `Fields`: decimals as decimal strings (the order
 * book's JSON numbers too), `""` and `null` as `null`, unknown fields kept.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { decimal, decimalish, list, text } from './fields.js'

/** `data` of the candle reads: `[start, open, high, low, close, volume, turnover]` rows, oldest first. */
export const candleRows = list(Fields.candle)
/** A candle row as the exchange sent it. */
export type CandleRow = v.InferOutput<typeof Fields.candle>

/** `data` of orderbook: `a` (asks, ascending) and `b` (bids, descending) as `[price, size]`. */
export const orderBook = Fields.record({
  a: list(Fields.level),
  b: list(Fields.level),
  ts: text,
})
/** An order book as the exchange sent it. */
export type OrderBook = v.InferOutput<typeof orderBook>

/** One recent public fill. */
export const publicFill = Fields.record({
  execId: Fields.id,
  execLinkId: text,
  price: decimalish,
  size: decimalish,
  side: v.string(),
  ts: text,
  isRPI: text,
})
/** The recent public fills, newest first. */
export const publicFills = list(publicFill)
/** A public fill as the exchange sent it. */
export type PublicFill = v.InferOutput<typeof publicFill>

/** `data` of open-interest: one `{ symbol, openInterest }` per symbol and the time. */
export const openInterest = Fields.record({
  list: list(Fields.record({ symbol: v.string(), openInterest: decimal })),
  ts: text,
})
/** Open interest as the exchange sent it. */
export type OpenInterest = v.InferOutput<typeof openInterest>

/** `data` of risk-reserve: the settlement coin and the reserve's records (`totalBalance` deprecated, `""`). */
export const riskReserve = Fields.record({
  totalBalance: decimal,
  coin: text,
  riskReserveRecords: list(
    Fields.record({ type: text, amount: decimal, balance: decimal, ts: text }),
  ),
})
/** A risk reserve as the exchange sent it. */
export type RiskReserve = v.InferOutput<typeof riskReserve>

/** One position tier: value bounds (futures), leverage and maintenance margin rate. */
export const positionTier = Fields.record({
  tier: text,
  minTierValue: decimal,
  maxTierValue: decimal,
  leverage: decimal,
  mmr: decimal,
})
/** `data` of position-tier: the tiers, lowest first. */
export const positionTiers = list(positionTier)
/** A position tier as the exchange sent it. */
export type PositionTier = v.InferOutput<typeof positionTier>
