/**
 * The current funding rate as both futures lines answer it (GET /api/v2/mix/market/current-fund-rate
 * and GET /api/v3/market/current-fund-rate share the record), read leniently with `Fields`.
 */
import type * as v from 'valibot'
import { decimal, list, record, text } from '../Fields.js'

/**
 * A symbol's current funding: `fundingRate`, `fundingRateInterval` (hours), `nextUpdate` (Unix
 * ms) and the rate's bounds; decimals as decimal strings, `""` and `null` as `null`.
 *
 * @example
 * import { fundingRateRecord } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(fundingRateRecord, { symbol: 'BTCUSDT', fundingRate: 0.0001 }).fundingRate // '0.0001'
 */
export const fundingRateRecord = record({
  symbol: text,
  fundingRate: decimal,
  fundingRateInterval: text,
  nextUpdate: text,
  minFundingRate: decimal,
  maxFundingRate: decimal,
})
/** A current funding rate. */
export type FundingRateRecord = v.InferOutput<typeof fundingRateRecord>
/** `data` of current-fund-rate: one item per symbol (`null` read as `[]`). */
export const fundingRateRecords = list(fundingRateRecord)
