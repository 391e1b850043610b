/**
 * Records of the unified ledger endpoints (docs/records.md): financial records, closed
 * positions, close-positions results and funding rates; read leniently (decimals as decimal
 * strings, `""` and `null` as `null`, unknown fields kept).
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { decimal, list, text } from './fields.js'

const cursor = v.optional(v.nullable(v.string()), null)

/**
 * A financial record of GET /api/v3/account/financial-records: what moved a balance (`type`:
 * `OPEN_LONG`, `CONTRACT_MAIN_SETTLE_FEE_USER_OUT` for funding paid, ...), `amount`, `fee`
 * (negative when paid) and the `balance` after it.
 */
export const financialRecord = Fields.record({
  category: text,
  id: text,
  symbol: text,
  coin: text,
  type: text,
  amount: decimal,
  fee: decimal,
  balance: decimal,
  ts: text,
})
/** A financial record. */
export type FinancialRecord = v.InferOutput<typeof financialRecord>
/** A page of financial records and the cursor of the next page. */
export const financialRecordPage = Fields.record({ list: list(financialRecord), cursor })
/** A page of financial records. */
export type FinancialRecordPage = v.InferOutput<typeof financialRecordPage>

/**
 * A closed position of GET /api/v3/position/history-position: average prices and sizes,
 * `cumRealisedPnl` (without fees and funding), `netProfit` (with them), `totalFunding`, the fees
 * (negative when paid).
 */
export const positionHistoryRecord = Fields.record({
  positionId: text,
  category: text,
  symbol: text,
  marginCoin: text,
  holdMode: text,
  posSide: text,
  marginMode: text,
  openPriceAvg: decimal,
  closePriceAvg: decimal,
  openTotalPos: decimal,
  closeTotalPos: decimal,
  cumRealisedPnl: decimal,
  netProfit: decimal,
  totalFunding: decimal,
  openFeeTotal: decimal,
  closeFeeTotal: decimal,
  createdTime: text,
  updatedTime: text,
})
/** A closed position. */
export type PositionHistoryRecord = v.InferOutput<typeof positionHistoryRecord>
/** A page of closed positions and the cursor of the next page. */
export const positionHistoryPage = Fields.record({ list: list(positionHistoryRecord), cursor })
/** A page of closed positions. */
export type PositionHistoryPage = v.InferOutput<typeof positionHistoryPage>

/** One closing order of close-positions: its ids, and `code`/`msg` (a failure when not `00000`). */
export const closeResult = Fields.record({
  orderId: text,
  clientOid: text,
  code: text,
  msg: text,
})
/** One result of close-positions. */
export type CloseResult = v.InferOutput<typeof closeResult>
/** `data` of close-positions: `{ list }`. */
export const closeResults = Fields.record({ list: list(closeResult) })
/** The results of close-positions. */
export type CloseResults = v.InferOutput<typeof closeResults>

/** A symbol's current funding: the record both futures lines share, from core. */
export { type FundingRateRecord, fundingRateRecord, fundingRateRecords } from '@tradeline/core'

/** A settled funding rate of history-fund-rate. */
export const fundingHistoryRecord = Fields.record({
  symbol: text,
  fundingRate: decimal,
  fundingRateTimestamp: text,
})
/** A settled funding rate. */
export type FundingHistoryRecord = v.InferOutput<typeof fundingHistoryRecord>
/** `data` of history-fund-rate: `{ resultList }`, newest first. */
export const fundingHistoryPage = Fields.record({ resultList: list(fundingHistoryRecord) })
/** A page of settled funding rates. */
export type FundingHistoryPage = v.InferOutput<typeof fundingHistoryPage>
