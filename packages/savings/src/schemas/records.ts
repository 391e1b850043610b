/**
 * Response records of the savings endpoints (the savings pages of the exchange docs; see docs/records.md), read
 * leniently with core's `Fields`: amounts and rates come out as decimal strings, precisions as
 * numbers, times (Unix-millisecond strings, `""` when not applicable) as Unix milliseconds or
 * `null`, and `redeemDelay` (`D+1`) parsed into `{ days, raw }`. Unknown fields are kept.
 */
import { Fields } from '@tradeline/core'
import { Savings } from '@tradeline/rules/savings'
import * as v from 'valibot'

const { decimal, integer, list, text } = Fields

/** A time given as Unix milliseconds (a number or a digit string): the number, or `null` when empty. */
export const time = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  v.transform((value): number | null => {
    if (value === null || value === '') return null
    const ms = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN
    return Number.isSafeInteger(ms) ? ms : null
  }),
)

/** A redemption delay: the whole `days` of `D+n` (`null` when the text is not of that form) and the `raw` text. */
export type RedeemDelay = { readonly days: number | null; readonly raw: string }

/**
 * Parses a redemption delay such as `D+1` (one day) into `{ days: 1, raw: 'D+1' }`; `D` alone
 * is no delay (`days: 0`); `null` when absent or `""`.
 *
 * @example
 * import { parseRedeemDelay } from '@tradeline/savings'
 * parseRedeemDelay('D+1') // { days: 1, raw: 'D+1' }
 */
export function parseRedeemDelay(value: string | null | undefined): RedeemDelay | null {
  if (value === null || value === undefined) return null
  const raw = value.trim()
  if (raw === '') return null
  const match = /^[DT]\s*(?:\+\s*(\d+))?$/i.exec(raw)
  return { days: match ? Number(match[1] ?? 0) : null, raw: value }
}

/** `redeemDelay` read as {@link RedeemDelay}. */
export const redeemDelay = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  v.transform((value) => parseRedeemDelay(value === null ? null : String(value))),
)

/** A step rate of `apyList`: the bounds and the rate as decimal strings (`currentApy` as given: "6.00", unit not stated). */
export const apyStep = Fields.record({
  rateLevel: text,
  minStepVal: decimal,
  maxStepVal: decimal,
  currentApy: decimal,
})
/** A step rate. */
export type ApyStep = v.InferOutput<typeof apyStep>

/** `data` of subscribe-info: the conditions of subscribing to a savings product. */
export const subscribeInfo = Fields.record({
  singleMinAmount: decimal,
  singleMaxAmount: decimal,
  remainingAmount: decimal,
  subscribePrecision: integer,
  profitPrecision: integer,
  subscribeTime: time,
  interestTime: time,
  settleTime: time,
  expireTime: time,
  redeemTime: time,
  settleMethod: text,
  apyList: list(apyStep),
  redeemDelay,
})
/** Subscription conditions. */
export type SubscribeInfo = v.InferOutput<typeof subscribeInfo>

/** `data` of subscribe-result: `result` (`success`, `fail`) and `msg` (`null` unless it failed). */
export const subscribeResult = Fields.record({
  result: v.string(),
  msg: text,
})
/** A subscription result. */
export type SubscribeResult = v.InferOutput<typeof subscribeResult>

/** `periodType` as the docs list it: `flexible` or `fixed` (what subscribeInfo and subscribe take). */
export const periodType = v.picklist(Savings.periodTypes)

/** One product of the product list (docs/records.md; unknown fields kept). */
export const productRecord = Fields.record({
  productId: v.string(),
  coin: text,
  /** `flexible` or `fixed`: passes to subscribeInfo and subscribe as it is. */
  periodType,
  /** Days of a fixed product; `null` for flexible (`""`). */
  period: integer,
  /** `single` or `ladder`. */
  apyType: text,
  /** `Yes` or `No`. */
  advanceRedeem: text,
  /** `daily` or `maturity`. */
  settleMethod: text,
  apyList: list(apyStep),
  /** `not_started`, `in_progress`, `paused`, `completed`, `sold_out`. */
  status: text,
  productLevel: text,
})
/** A savings product. */
export type ProductRecord = v.InferOutput<typeof productRecord>

/** `data` of the product list. */
export const productRecords = v.array(productRecord)
