/** A contract record as the rules' `Instrument` (docs/records.md "Tick" and "Lot"). */
import { Decimal, type Instrument } from '@tradeline/rules/shared'
import type { ContractRecord } from './records.js'

/**
 * Statuses with which no order is placed: `off` (delisted) and `maintain` (under maintenance).
 * `limit_open` (closing only), `restrictedAPI` and `listed` are left to the exchange: what each
 * admits is not published.
 */
export const untradableStatuses: readonly string[] = ['off', 'maintain']

/**
 * The rules' attributes of a contract: tick = `priceEndStep` x 10^-`pricePlace`, price decimals
 * `pricePlace`, size step `sizeMultiplier`, minimum size `minTradeNum`, minimum value
 * `minTradeUSDT`.
 *
 * @example
 * import { toInstrument } from '@tradeline/classic-futures'
 * toInstrument({ symbol: 'BTCUSDT', pricePlace: 1, priceEndStep: 5, sizeMultiplier: '0.001', minTradeNum: '0.001', minTradeUSDT: '5' } as never)
 * // { symbol: 'BTCUSDT', priceMultiplier: '0.5', pricePrecision: 1, sizeMultiplier: '0.001', minOrderAmount: '0.001', minTradeUSDT: '5', recordNames: { minOrderAmount: 'minTradeNum' } }
 */
export function toInstrument(record: ContractRecord): Instrument {
  const instrument: { -readonly [key in keyof Instrument]: Instrument[key] } = {
    symbol: record.symbol,
  }
  const { pricePlace, priceEndStep } = record
  if (pricePlace !== null && pricePlace >= 0 && pricePlace <= 30) {
    const step = priceEndStep !== null && priceEndStep > 0 ? priceEndStep : 1
    instrument.priceMultiplier = Decimal.normalize(shift(String(step), pricePlace)) ?? undefined
    instrument.pricePrecision = pricePlace
  }
  if (record.sizeMultiplier !== null) instrument.sizeMultiplier = record.sizeMultiplier
  if (record.minTradeNum !== null) instrument.minOrderAmount = record.minTradeNum
  // Errors name the record's field: the minimum size is `minTradeNum` there.
  instrument.recordNames = { minOrderAmount: 'minTradeNum' }
  if (record.minTradeUSDT !== null) instrument.minTradeUSDT = record.minTradeUSDT
  if (instrument.priceMultiplier === undefined) delete instrument.priceMultiplier
  return instrument
}

/** `digits` x 10^-`places` written exactly (`'5'`, 2 -> `'0.05'`). */
function shift(digits: string, places: number): string {
  if (places === 0) return digits
  const padded = digits.padStart(places + 1, '0')
  return `${padded.slice(0, -places)}.${padded.slice(-places)}`
}
