/**
 * Response records of the classic market analytics (Bitget "Big data" pages of
 * /api/v2/mix/market: long-short, account-long-short, position-long-short, taker-buy-sell) and of
 * the VIP fee schedule (vip-fee-rate), read leniently with core's `Fields`: ratios, volumes and
 * rates as decimal strings, `""` and `null` as `null` (a long/short ratio with nobody short has no
 * finite value), a missing field `null`, unknown fields kept. `data` is a bare array; `null` reads
 * as `[]`.
 */
import { Fields } from '@tradeline/core'
import type * as v from 'valibot'

const { decimal, list, text } = Fields

/** One period of long-short: the long and short shares and long over short, `ts` its start (Unix ms). */
export const longShortRecord = Fields.record({
  longRatio: decimal,
  shortRatio: decimal,
  longShortRatio: decimal,
  ts: text,
})
/** `data` of long-short. */
export const longShortRecords = list(longShortRecord)
/** A long/short ratio as the exchange sent it. */
export type LongShortRecord = v.InferOutput<typeof longShortRecord>

/** One period of account-long-short: the shares of accounts long and short, and their ratio. */
export const accountLongShortRecord = Fields.record({
  longAccountRatio: decimal,
  shortAccountRatio: decimal,
  longShortAccountRatio: decimal,
  ts: text,
})
/** `data` of account-long-short. */
export const accountLongShortRecords = list(accountLongShortRecord)
/** An account long/short ratio as the exchange sent it. */
export type AccountLongShortRecord = v.InferOutput<typeof accountLongShortRecord>

/** One period of position-long-short: the shares of the long and short positions, and their ratio. */
export const positionLongShortRecord = Fields.record({
  longPositionRatio: decimal,
  shortPositionRatio: decimal,
  longShortPositionRatio: decimal,
  ts: text,
})
/** `data` of position-long-short. */
export const positionLongShortRecords = list(positionLongShortRecord)
/** A position long/short ratio as the exchange sent it. */
export type PositionLongShortRecord = v.InferOutput<typeof positionLongShortRecord>

/** One period of taker-buy-sell: the volume takers bought and sold (the page gives no unit). */
export const takerVolumeRecord = Fields.record({
  buyVolume: decimal,
  sellVolume: decimal,
  ts: text,
})
/** `data` of taker-buy-sell. */
export const takerVolumeRecords = list(takerVolumeRecord)
/** A taker buy/sell volume as the exchange sent it. */
export type TakerVolumeRecord = v.InferOutput<typeof takerVolumeRecord>

/**
 * One VIP level of vip-fee-rate: the 30-day volume and the assets (USDT) it takes, its taker and
 * maker rates, its 24-hour withdrawal limits in BTC and USDT.
 */
export const vipFeeRateRecord = Fields.record({
  level: text,
  dealAmount: decimal,
  assetAmount: decimal,
  takerFeeRate: decimal,
  makerFeeRate: decimal,
  btcWithdrawAmount: decimal,
  usdtWithdrawAmount: decimal,
})
/** `data` of vip-fee-rate, a record per level. */
export const vipFeeRateRecords = list(vipFeeRateRecord)
/** A VIP level as the exchange sent it. */
export type VipFeeRateRecord = v.InferOutput<typeof vipFeeRateRecord>
