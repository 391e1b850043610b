/**
 * Response records of the savings account reads and writes (Bitget "Subscribe Savings",
 * "Redeem Savings", "Savings Assets", "Savings Records", "Savings Account",
 * https://www.bitget.com/api-doc/earn/savings/...), read leniently with core's `Fields`: amounts
 * as decimal strings (`null` when `""`), `period` and `holdDays` as numbers (`null` for flexible,
 * `""`), times as Unix milliseconds; the enumerations the docs list typed as such. Unknown fields
 * are kept.
 */
import { Fields } from '@tradeline/core'
import { Savings } from '@tradeline/rules/savings'
import * as v from 'valibot'
import { periodType, time } from './records.js'

const { decimal, id, integer, list, text } = Fields

/**
 * `data` of subscribe: the subscription's `orderId`, which subscribe-result reads, and `status`
 * as the exchange sends it (the page's example shows `"2000.000000"`, typed "Order status").
 */
export const subscribeAck = Fields.record({ orderId: id, status: text })
/** A subscription acknowledgement. */
export type SubscribeAck = v.InferOutput<typeof subscribeAck>

/**
 * `data` of redeem: the redemption's `orderId` (what redeem-result reads) and `status` as the
 * exchange sends it (the docs' example shows `"2000.000000"`).
 */
export const redeemAck = Fields.record({ orderId: id, status: text })
/** A redemption acknowledgement. */
export type RedeemAck = v.InferOutput<typeof redeemAck>

/** A rate step of a holding (`apy` item): the bounds and the rate as decimal strings. */
export const apyRange = Fields.record({
  rateLevel: text,
  minApy: decimal,
  maxApy: decimal,
  currentApy: decimal,
})

/** One holding of the assets list. */
export const savingsAsset = Fields.record({
  productId: id,
  /** The holding's order id: "only for `fixed`" (`null` for flexible). */
  orderId: text,
  productCoin: text,
  interestCoin: text,
  periodType,
  /** Days of a fixed product; `null` for flexible. */
  period: integer,
  holdAmount: decimal,
  lastProfit: decimal,
  totalProfit: decimal,
  holdDays: integer,
  status: text,
  allowRedemption: text,
  advanceRedeem: text,
  productLevel: text,
  apy: list(apyRange),
})
/** A savings holding. */
export type SavingsAsset = v.InferOutput<typeof savingsAsset>

/** `data` of assets: a page of holdings and `endId`, the next page's `idLessThan`. */
export const assetsPage = Fields.record({ resultList: list(savingsAsset), endId: text })
/** A page of holdings. */
export type AssetsPage = v.InferOutput<typeof assetsPage>

/** One record of the records list: a subscription, redemption, interest payment or penalty. */
export const savingsRecord = Fields.record({
  orderId: id,
  coinName: text,
  settleCoinName: text,
  /** The period type (`flexible` or `fixed`), which the exchange names `productType` here. */
  productType: periodType,
  period: integer,
  productLevel: text,
  amount: decimal,
  ts: time,
  orderType: v.picklist(Savings.recordTypes),
})
/** A savings record. */
export type SavingsRecord = v.InferOutput<typeof savingsRecord>

/** `data` of records: a page of records and `endId`, the next page's `idLessThan`. */
export const recordsPage = Fields.record({ resultList: list(savingsRecord), endId: text })
/** A page of records. */
export type RecordsPage = v.InferOutput<typeof recordsPage>

/** `data` of account: the estimated value and earnings in BTC and USDT, decimal strings. */
export const savingsAccount = Fields.record({
  btcAmount: decimal,
  usdtAmount: decimal,
  btc24hEarning: decimal,
  usdt24hEarning: decimal,
  btcTotalEarning: decimal,
  usdtTotalEarning: decimal,
})
/** The savings account summary. */
export type SavingsAccount = v.InferOutput<typeof savingsAccount>
