/** Positions and tickers as the exchange sends them (docs/records.md). */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { decimal, list, text } from './fields.js'

/** One position of GET /api/v3/position/current-position (unknown fields kept). */
export const positionRecord = Fields.record({
  category: text,
  symbol: text,
  marginCoin: text,
  /** `one_way_mode` or `hedge_mode`. */
  holdMode: text,
  /** `long` or `short`. */
  posSide: text,
  /** `crossed` or `isolated`. */
  marginMode: text,
  positionBalance: decimal,
  /** Sizes in the base coin: `total` = `available` + `frozen`. */
  available: decimal,
  frozen: decimal,
  total: decimal,
  leverage: decimal,
  avgPrice: decimal,
  markPrice: decimal,
  breakEvenPrice: decimal,
  /** `"0"` when there is none. */
  liquidationPrice: decimal,
  unrealisedPnl: decimal,
  curRealisedPnl: decimal,
  profitRate: decimal,
  mmr: decimal,
  totalFunding: decimal,
  openFeeTotal: decimal,
  closeFeeTotal: decimal,
  positionStatus: text,
  createdTime: text,
  updatedTime: text,
})

/** One position. */
export type PositionRecord = v.InferOutput<typeof positionRecord>

/** `data` of GET /api/v3/position/current-position: `{ list }` (no cursor). */
export const positionList = Fields.record({ list: list(positionRecord) })

/**
 * One entry of GET /api/v3/position/adlRank: an open position of the account and its place in
 * the auto-deleveraging queue, `adlRank` a decimal string (the closer to 1, the sooner an
 * auto-deleveraging event reduces it), `holdSide` `long` or `short` (unknown fields kept).
 */
export const adlRankRecord = Fields.record({
  symbol: text,
  marginCoin: text,
  adlRank: decimal,
  /** `long` or `short`. */
  holdSide: text,
})

/** The auto-deleveraging rank of a position. */
export type AdlRankRecord = v.InferOutput<typeof adlRankRecord>

/** `data` of GET /api/v3/position/adlRank: one entry per open position (`null` read as `[]`). */
export const adlRanks = list(adlRankRecord)

/** One ticker of GET /api/v3/market/tickers (unknown fields kept). */
export const tickerRecord = Fields.record({
  category: text,
  symbol: v.string(),
  lastPrice: decimal,
  openPrice24h: decimal,
  highPrice24h: decimal,
  lowPrice24h: decimal,
  /** `null` when that side of the book is empty (`""`). */
  bid1Price: decimal,
  bid1Size: decimal,
  ask1Price: decimal,
  ask1Size: decimal,
  /** A ratio: 0.00003 is 0.003 %. */
  price24hPcnt: decimal,
  volume24h: decimal,
  turnover24h: decimal,
  indexPrice: decimal,
  markPrice: decimal,
  fundingRate: decimal,
  openInterest: decimal,
  deliveryStartTime: text,
  deliveryTime: text,
  deliveryStatus: text,
  /** When the ticker was taken (ms as a string). */
  ts: text,
})

/** One ticker. */
export type TickerRecord = v.InferOutput<typeof tickerRecord>

/** `data` of GET /api/v3/market/tickers. */
export const tickerRecords = v.array(tickerRecord)
