/**
 * Instruments as the exchange lists them (GET /api/v3/market/instruments, docs/records.md)
 * and their mapping to the attributes the rules check.
 */

import { Fields } from '@tradeline/core'
import type { Instrument } from '@tradeline/rules/shared'
import * as v from 'valibot'
import { decimal, integer, text } from './fields.js'

/** One instrument of GET /api/v3/market/instruments (unknown fields kept). */
export const instrumentRecord = Fields.record({
  symbol: v.string(),
  category: text,
  baseCoin: text,
  quoteCoin: text,
  minOrderQty: decimal,
  maxOrderQty: decimal,
  maxMarketOrderQty: decimal,
  minOrderAmount: decimal,
  pricePrecision: integer,
  quantityPrecision: integer,
  quotePrecision: integer,
  priceMultiplier: decimal,
  quantityMultiplier: decimal,
  buyLimitPriceRatio: decimal,
  sellLimitPriceRatio: decimal,
  makerFeeRate: decimal,
  takerFeeRate: decimal,
  status: text,
  /** `perpetual`/`delivery` in the SDKs and newer docs. */
  type: text,
  /** `crypto`/`stock`/... in the SDKs; `perpetual` in an older doc example: both are read. */
  symbolType: text,
  offTime: text,
  limitOpenTime: text,
  maintainTime: text,
})

/** One instrument as the exchange lists it. */
export type InstrumentRecord = v.InferOutput<typeof instrumentRecord>

/** `data` of GET /api/v3/market/instruments. */
export const instrumentRecords = v.array(instrumentRecord)

/** Statuses with which no order is placed: the instrument is delisted or only closes. */
export const untradableStatuses: readonly string[] = ['offline', 'limit_close']

/**
 * The rules' attributes of an instrument record (docs/records.md, "Tick and lot"): the tick
 * is `priceMultiplier` (futures) or 10^-`pricePrecision` (spot, which lists no multiplier); the
 * lot is `quantityMultiplier` or 10^-`quantityPrecision`; the rules' minimum quantity
 * (`minOrderAmount` of the rules) is the record's `minOrderQty`, and the minimum value
 * (`minTradeUSDT` in place-batch) is the record's `minOrderAmount`, a quote-coin value;
 * `recordNames` keeps the record's names so that an error names the field the user reads.
 *
 * @example
 * import { toInstrument } from '@tradeline/unified'
 * toInstrument({ symbol: 'ETHUSDT', pricePrecision: 2, quantityPrecision: 4, minOrderQty: '0.0001', minOrderAmount: '1', priceMultiplier: null, quantityMultiplier: null } as never)
 * // { symbol: 'ETHUSDT', priceMultiplier: '0.01', pricePrecision: 2, sizeMultiplier: '0.0001', minOrderAmount: '0.0001', minTradeUSDT: '1', recordNames: { minOrderAmount: 'minOrderQty', ... } }
 */
export function toInstrument(record: InstrumentRecord): Instrument {
  const tick = record.priceMultiplier ?? stepOf(record.pricePrecision)
  const lot = record.quantityMultiplier ?? stepOf(record.quantityPrecision)
  const instrument: { -readonly [key in keyof Instrument]: Instrument[key] } = {
    symbol: record.symbol,
  }
  if (tick !== undefined) instrument.priceMultiplier = tick
  if (record.pricePrecision !== null) instrument.pricePrecision = record.pricePrecision
  if (lot !== undefined) instrument.sizeMultiplier = lot
  if (record.minOrderQty !== null) instrument.minOrderAmount = record.minOrderQty
  if (record.minOrderAmount !== null) instrument.minTradeUSDT = record.minOrderAmount
  // Errors name the record's fields: the minimum quantity is `minOrderQty` there.
  instrument.recordNames = {
    minOrderAmount: 'minOrderQty',
    minTradeUSDT: 'minOrderAmount',
    sizeMultiplier: record.quantityMultiplier === null ? 'quantityPrecision' : 'quantityMultiplier',
    ...(record.priceMultiplier === null ? { priceMultiplier: 'pricePrecision' } : {}),
  }
  return instrument
}

/** 10^-places as a decimal string (`2` -> `'0.01'`, `0` -> `'1'`). */
function stepOf(places: number | null): string | undefined {
  if (places === null || places < 0 || places > 30) return undefined
  return places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`
}
