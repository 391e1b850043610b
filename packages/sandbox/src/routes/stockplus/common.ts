import type { Failure } from '../../envelope.js'
import { fixed, instrumentOf, type NumbersAs } from '../../exchange/stockplus.js'
import type { Execution } from '../../exchange/stockplusBook.js'
import type { Outcome } from '../../exchange.js'
import type { ApiKey } from '../../state.js'

/**
 * The failures of the securities account. `40014` is the exchange's permission code; the others
 * are sandbox choices (README, "Securities and options").
 *
 * @example
 * import { stockplusFailures } from '@tradeline/sandbox'
 * stockplusFailures.unknownSymbol.code // '40034'
 */
export const stockplusFailures = {
  unknownSymbol: { code: '40034', msg: 'Parameter symbol does not exist' },
  insufficientFunds: { code: '43012', msg: 'Insufficient balance' },
  insufficientPosition: { code: '40757', msg: 'Not enough position is available' },
  lot: { code: '40808', msg: 'Parameter verification exception submittedQuantity lotSize error' },
  expired: { code: '40017', msg: 'parameter verification failed: expireDate is in the past' },
  amountPrecision: {
    code: '40808',
    msg: 'Parameter verification exception amount precision error: at most 8 decimals',
  },
} as const satisfies Record<string, Failure>

/**
 * The failure of a price off its tick (0.01, below 1 USD 0.0001), naming the field.
 *
 * @example
 * import { stockplusTickFailure } from '@tradeline/sandbox'
 * stockplusTickFailure('submittedPrice').code // '40808'
 */
export function stockplusTickFailure(field: string): Failure {
  return { code: '40808', msg: `Parameter verification exception ${field} tickSize error` }
}

/**
 * The failure of a quantity not in whole lots (lotSize 1), naming the field: place-order's
 * `submittedQuantity` (`stockplusFailures.lot`), modify-order's `quantity`.
 *
 * @example
 * import { stockplusLotFailure } from '@tradeline/sandbox'
 * stockplusLotFailure('quantity').msg // 'Parameter verification exception quantity lotSize error'
 */
export function stockplusLotFailure(field: string): Failure {
  return { code: '40808', msg: `Parameter verification exception ${field} lotSize error` }
}

/** A numeric field as the `numbersAs` setting answers it. */
export function numeric(value: string | number, as: NumbersAs): string | number {
  return as === 'number' ? Number(value) : typeof value === 'number' ? fixed(value, 4) : value
}

/** `record` with its `keys` answered per the `numbersAs` setting. */
export function withNumbers<record extends Record<string, unknown>>(
  record: record,
  keys: readonly (keyof record)[],
  as: NumbersAs,
): record {
  const copy: Record<string, unknown> = { ...record }
  for (const key of keys) {
    const value = copy[key as string]
    if (typeof value === 'string' || typeof value === 'number')
      copy[key as string] = numeric(value, as)
  }
  return copy as record
}

export const uidOf = (key: ApiKey | undefined): string => key?.uid ?? ''
export const symbolsOf = (value: unknown): string[] =>
  typeof value === 'string' && value !== '' ? value.split(',') : []

/** The symbol's market data, or the unknown-symbol failure. */
export function known(symbol: unknown, then: (symbol: string) => unknown): Outcome {
  if (typeof symbol !== 'string' || !instrumentOf(symbol))
    return { error: stockplusFailures.unknownSymbol }
  return { data: then(symbol) }
}

/** An execution as history-executions and today-executions answer it. */
export function executionRecord(e: Execution, as: NumbersAs) {
  return {
    orderId: e.orderId,
    tradeId: e.tradeId,
    symbol: e.symbol,
    tradeDoneAt: new Date(e.time).toISOString(),
    quantity: numeric(e.quantity, as),
    price: numeric(e.price, as),
  }
}
