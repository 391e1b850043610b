/**
 * Response records of the classic ledger reads (bills, closed positions, the positions'
 * auto-deleveraging ranks, funding rates), read
 * leniently with core's `Fields` like every classic record: decimals as decimal strings, `""`
 * and `null` as `null`, unknown fields kept.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'

const { decimal, id, list, text } = Fields

/**
 * A bill of GET /api/v2/mix/account/bill: what moved a balance (`businessType`: `open_long`,
 * `contract_settle_fee` for funding, ...), its `amount`, `fee` (negative when paid) and the
 * `balance` after it.
 */
export const billRecord = Fields.record({
  billId: id,
  symbol: text,
  amount: decimal,
  fee: decimal,
  feeByCoupon: decimal,
  businessType: text,
  coin: text,
  balance: decimal,
  cTime: text,
})
/** A bill. */
export type BillRecord = v.InferOutput<typeof billRecord>

/** `data` of bill: `bills` (`null` read as `[]`) and `endId` (the next page's `idLessThan`). */
export const billPage = Fields.record({
  bills: list(billRecord),
  endId: v.optional(v.nullable(id), null),
})
/** A page of bills. */
export type BillPage = v.InferOutput<typeof billPage>

/**
 * A closed position of GET /api/v2/mix/position/history-position: open and close average
 * price and size, realised `pnl`, `netProfit` (after fees and funding), `totalFunding`, the
 * fees; the times as the example spells them (`ctime`, `utime`) or as the table does (`cTime`,
 * `uTime`), whichever is sent.
 */
export const closedPositionRecord = Fields.record({
  positionId: id,
  marginCoin: text,
  symbol: text,
  holdSide: text,
  openAvgPrice: decimal,
  closeAvgPrice: decimal,
  marginMode: text,
  openTotalPos: decimal,
  closeTotalPos: decimal,
  pnl: decimal,
  netProfit: decimal,
  totalFunding: decimal,
  openFee: decimal,
  closeFee: decimal,
  posMode: text,
  ctime: text,
  utime: text,
  cTime: text,
  uTime: text,
})
/** A closed position. */
export type ClosedPositionRecord = v.InferOutput<typeof closedPositionRecord>

/** `data` of history-position: `list` and `endId` (the next page's `idLessThan`). */
export const closedPositionPage = Fields.record({
  list: list(closedPositionRecord),
  endId: v.optional(v.nullable(id), null),
})
/** A page of closed positions. */
export type ClosedPositionPage = v.InferOutput<typeof closedPositionPage>

/**
 * One entry of GET /api/v2/mix/position/adlRank: an open position of the account and its place
 * in the auto-deleveraging queue. `rank` a decimal string (the closer to 1, the sooner an
 * auto-deleveraging event reduces the position); `adlRank` the page's deprecated indicator
 * (its example pairs `"0.2248"` with `rank` `"0.7752"`; `null` once the exchange drops it);
 * `holdSide` `long` or `short`; unknown fields kept.
 */
export const adlRankRecord = Fields.record({
  symbol: text,
  marginCoin: text,
  /** Deprecated by the exchange: read `rank`. */
  adlRank: decimal,
  rank: decimal,
  /** `long` or `short`. */
  holdSide: text,
})
/** The auto-deleveraging rank of a position. */
export type AdlRankRecord = v.InferOutput<typeof adlRankRecord>

/** `data` of adlRank: one entry per open position (`null` read as `[]`). */
export const adlRanks = list(adlRankRecord)

/** A symbol's current funding: the record both futures lines share, from core. */
export { type FundingRateRecord, fundingRateRecord, fundingRateRecords } from '@tradeline/core'

/** A settled funding rate of history-fund-rate: `fundingRate` at `fundingTime` (Unix ms). */
export const fundingHistoryRecord = Fields.record({
  symbol: text,
  fundingRate: decimal,
  fundingTime: text,
})
/** A settled funding rate. */
export type FundingHistoryRecord = v.InferOutput<typeof fundingHistoryRecord>
/** `data` of history-fund-rate: newest first. */
export const fundingHistoryRecords = list(fundingHistoryRecord)

/** `data` of the wallet transfer: `transferId` and `clientOid`. */
export const transferAck = Fields.record({
  transferId: id,
  clientOid: v.optional(v.nullable(id), null),
})
/** A transfer acknowledgement. */
export type TransferAck = v.InferOutput<typeof transferAck>

/**
 * A transfer of GET /api/v2/spot/account/transferRecords: `coin`, `status` (`Successful`,
 * `Failed`, `Processing`), the two account types (`fromSymbol`/`toSymbol` for isolated margin),
 * `size`, `ts`, `clientOid`, `transferId`.
 */
export const transferRecord = Fields.record({
  coin: text,
  status: text,
  toType: text,
  toSymbol: text,
  fromType: text,
  fromSymbol: text,
  size: decimal,
  ts: text,
  clientOid: text,
  transferId: id,
})
/** A transfer record. */
export type TransferRecord = v.InferOutput<typeof transferRecord>
/** `data` of transferRecords: newest first. */
export const transferRecords = list(transferRecord)
