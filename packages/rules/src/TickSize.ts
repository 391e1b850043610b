/**
 * Instrument checks of unified order rules 1 and 2 and the batch rule: price steps, decimal places,
 * size steps and minimums, all in exact decimal arithmetic.
 */
import * as Decimal from './Decimal.js'
import { BaseError } from './Errors.js'
import { create, describe, type Issue, type Issues, type Path } from './Issue.js'
import { compareDigits, multipleOfDigits, trimmed } from './internal/digits.js'
import { merge } from './internal/merge.js'

/**
 * The rule-relevant attributes of an instrument, as the caller knows them. The exchange documentation names them
 * but does not say where they are read from, so the caller supplies them; an attribute that is
 * absent is not checked. Steps and minimums are decimal strings.
 */
export type Instrument = {
  /** The trading pair, e.g. `BTCUSDT`. */
  readonly symbol: string
  /** Price step: a futures price must be a multiple of it. */
  readonly priceMultiplier?: string | undefined
  /** The most decimal places a price may have. */
  readonly pricePrecision?: number | undefined
  /** Size step: a futures quantity must be a multiple of it. */
  readonly sizeMultiplier?: string | undefined
  /** The smallest quantity of one order (inclusive, docs/architecture.md). */
  readonly minOrderAmount?: string | undefined
  /**
   * The smallest order value in the quote coin (USDT; USDC on a USDC-FUTURES contract): unified
   * batch placement, classic limit orders.
   */
  readonly minTradeUSDT?: string | undefined
  /**
   * What the exchange's instrument record calls these attributes, so that an error names the
   * field the user reads: the unified account's record calls the minimum quantity `minOrderQty`
   * (its `minOrderAmount` is the minimum value), classic futures `minTradeNum`. An attribute
   * not named here is called by its own name.
   */
  readonly recordNames?: Readonly<Partial<Record<RecordName, string>>> | undefined
}

/** The attributes an instrument record may name differently ({@link Instrument.recordNames}). */
export type RecordName =
  | 'priceMultiplier'
  | 'pricePrecision'
  | 'sizeMultiplier'
  | 'minOrderAmount'
  | 'minTradeUSDT'

/** The name of `attribute` in the instrument's record, for messages. */
function nameOf(instrument: Instrument, attribute: RecordName): string {
  return instrument.recordNames?.[attribute] ?? attribute
}

/** Instruments already checked, with the issues of their attributes (most are reused). */
const checked = new WeakMap<Instrument, readonly Issue[]>()
/** The instrument checked last and its issues: an order's price and quantity ask twice. */
let last: { readonly instrument: Instrument; readonly issues: readonly Issue[] } | undefined

/**
 * Checks the instrument's own attributes: steps and minimums are positive decimal strings
 * (minimums may be 0) and `pricePrecision` is a whole number of at least 0. A bad attribute is
 * reported on `['instrument', name]` instead of silently skipping the rule it feeds.
 *
 * @example
 * import { TickSize } from '@tradeline/rules'
 * TickSize.checkInstrument({ symbol: 'BTCUSDT', pricePrecision: Number.NaN })[0]?.path // ['instrument', 'pricePrecision']
 */
export function checkInstrument(instrument: Instrument): readonly Issue[] {
  if (last?.instrument === instrument) return last.issues
  const known = checked.get(instrument)
  if (known) {
    last = { instrument, issues: known }
    return known
  }
  const issues: Issue[] = []
  const attribute = (name: keyof Instrument, expected: string) =>
    issues.push(
      create({
        type: 'format',
        path: ['instrument', name],
        expected,
        received: describe(instrument[name]),
      }),
    )
  for (const name of ['priceMultiplier', 'sizeMultiplier'] as const) {
    const value = instrument[name]
    if (value !== undefined && !(Decimal.isDecimal(value) && /[1-9]/.test(value)))
      attribute(name, 'a decimal string greater than 0')
  }
  for (const name of ['minOrderAmount', 'minTradeUSDT'] as const) {
    const value = instrument[name]
    if (value !== undefined && !Decimal.isDecimal(value)) attribute(name, 'a decimal string')
  }
  const precision = instrument.pricePrecision
  if (precision !== undefined && !(Number.isSafeInteger(precision) && precision >= 0))
    attribute('pricePrecision', 'a whole number of at least 0')
  checked.set(instrument, issues)
  last = { instrument, issues }
  return issues
}

/** The issues of the named attributes, when any of them is malformed. */
function invalid(
  instrument: Instrument,
  names: readonly (keyof Instrument)[],
): Issue[] | undefined {
  const issues = checkInstrument(instrument)
  if (issues.length === 0) return undefined
  const own = issues.filter((issue) => names.includes(issue.path[1] as keyof Instrument))
  return own.length > 0 ? own : undefined
}

/**
 * Checks a price: at most `pricePrecision` decimal places and a multiple of
 * `priceMultiplier`. Returns the issue found (none when the price passes): one issue for the
 * one field, a `tick` issue that also names the decimal places when both fail (rounding to the
 * tick fixes both).
 *
 * @example
 * import { TickSize } from '@tradeline/rules'
 * TickSize.checkPrice('100.3', { symbol: 'BTCUSDT', priceMultiplier: '0.5' })[0]?.type // 'tick'
 */
export function checkPrice(price: string, instrument: Instrument, path: Path = ['price']): Issue[] {
  const issues: Issue[] = []
  if (!Decimal.isDecimal(price)) return issues
  const bad = invalid(instrument, ['pricePrecision', 'priceMultiplier'])
  if (bad) return bad
  const precision = instrument.pricePrecision
  // Trailing zeros do not count: 100.50 has the one place of 100.5, which is what is sent.
  if (precision !== undefined && Decimal.places(trimmed(price)) > precision) {
    issues.push(
      create({
        type: 'precision',
        path,
        expected: `at most ${precision} decimal place${precision === 1 ? '' : 's'} (${nameOf(instrument, 'pricePrecision')} of ${instrument.symbol})`,
        received: describe(price),
      }),
    )
  }
  const step = instrument.priceMultiplier
  // The price is a decimal (tested above), and so is the step (checkInstrument).
  if (step !== undefined && !multipleOfDigits(price, step)) {
    const tick = create({
      type: 'tick',
      path,
      expected: `a multiple of ${step} (${nameOf(instrument, 'priceMultiplier')} of ${instrument.symbol})`,
      received: describe(price),
    })
    return issues.length > 0 ? [merge(tick, issues[0]!)] : [tick]
  }
  return issues
}

/**
 * Checks a quantity: a multiple of `sizeMultiplier` and at least the minimum (by default
 * `minOrderAmount`, inclusive). One issue for the one field: a `minimum` issue that also names
 * the step when both fail.
 *
 * @example
 * import { TickSize } from '@tradeline/rules'
 * TickSize.checkQty('0.0005', { symbol: 'BTCUSDT', minOrderAmount: '0.001' })[0]?.type // 'minimum'
 */
export function checkQty(
  qty: string,
  instrument: Instrument,
  options: {
    /** Where the quantity sits in the request. @default ['qty'] */
    path?: Path | undefined
    /** Whether to check the size step. @default true */
    step?: boolean | undefined
    /** Whether to check `minOrderAmount`. @default true */
    minimum?: boolean | undefined
  } = {},
): Issue[] {
  const issues: Issue[] = []
  if (!Decimal.isDecimal(qty)) return issues
  const bad = invalid(instrument, ['minOrderAmount', 'sizeMultiplier'])
  if (bad) return bad
  const path = options.path ?? ['qty']
  const min = instrument.minOrderAmount
  // The quantity is a decimal (tested above), and so are the minimum and step (checkInstrument).
  if (options.minimum !== false && min !== undefined && compareDigits(qty, min) < 0) {
    issues.push(
      create({
        type: 'minimum',
        path,
        expected: `at least ${min} (${nameOf(instrument, 'minOrderAmount')} of ${instrument.symbol})`,
        received: describe(qty),
      }),
    )
  }
  const step = instrument.sizeMultiplier
  if (options.step !== false && step !== undefined && !multipleOfDigits(qty, step)) {
    const lot = create({
      type: 'lot',
      path,
      expected: `a multiple of ${step} (${nameOf(instrument, 'sizeMultiplier')} of ${instrument.symbol})`,
      received: describe(qty),
    })
    return issues.length > 0 ? [merge(issues[0]!, lot)] : [lot]
  }
  return issues
}

/**
 * Checks an order value against `minTradeUSDT` (inclusive), the minimum of unified batch
 * placement and of classic limit orders. `coin` is the coin the value is in, which the message
 * names: USDT unless given (a USDC-FUTURES contract's value is in USDC).
 *
 * @example
 * import { TickSize } from '@tradeline/rules'
 * TickSize.checkNotional('4.99', { symbol: 'BTCUSDT', minTradeUSDT: '5' })[0]?.type // 'minimum'
 * TickSize.checkNotional('4.99', { symbol: 'ETHPERP', minTradeUSDT: '5' }, ['size'], 'USDC')[0]?.expected
 * // 'an order value of at least 5 USDC (minTradeUSDT of ETHPERP)'
 */
export function checkNotional(
  notional: string,
  instrument: Instrument,
  path: Path = ['qty'],
  coin = 'USDT',
): Issue[] {
  const min = instrument.minTradeUSDT
  if (min === undefined || !Decimal.isDecimal(notional)) return []
  const bad = invalid(instrument, ['minTradeUSDT'])
  if (bad) return bad
  if (Decimal.compare(notional, min) >= 0) return []
  return [
    create({
      type: 'minimum',
      path,
      expected: `an order value of at least ${min} ${coin} (${nameOf(instrument, 'minTradeUSDT')} of ${instrument.symbol})`,
      received: describe(notional),
    }),
  ]
}

/**
 * Rounds a price so that it passes {@link checkPrice}: to the price step and the allowed
 * decimal places together (their common multiple when the step has more places than allowed).
 * The result is normalised text, without trailing zeros, as the request schemas send it.
 *
 * @example
 * import { TickSize } from '@tradeline/rules'
 * TickSize.roundPrice('100.37', { symbol: 'BTCUSDT', priceMultiplier: '0.5' }, 'down') // '100'
 */
export function roundPrice(
  price: string,
  instrument: Instrument,
  rounding: Decimal.Rounding = 'nearest',
): string {
  assertInstrument(instrument)
  const precision = instrument.pricePrecision
  let step = instrument.priceMultiplier
  if (step !== undefined && Decimal.compare(step, '0') <= 0) step = undefined
  if (step === undefined) {
    return Decimal.trimZeros(
      precision === undefined ? price : Decimal.roundToPlaces(price, precision, rounding),
    )
  }
  // Rounding to the step and then to the places could leave the step: 0.25 at one place is 0.3.
  if (precision !== undefined)
    step = Decimal.lcm(step, precision === 0 ? '1' : `0.${'0'.repeat(precision - 1)}1`)
  const out = Decimal.roundToStep(price, step, rounding)
  return Decimal.trimZeros(
    precision === undefined ? out : Decimal.roundToPlaces(out, precision, rounding),
  )
}

/**
 * Rounds a quantity to the size step (down by default, so an order never grows); the result
 * is normalised text, without trailing zeros.
 *
 * @example
 * import { TickSize } from '@tradeline/rules'
 * TickSize.roundQty('1.2345', { symbol: 'BTCUSDT', sizeMultiplier: '0.001' }) // '1.234'
 */
export function roundQty(
  qty: string,
  instrument: Instrument,
  rounding: Decimal.Rounding = 'down',
): string {
  assertInstrument(instrument)
  if (
    instrument.sizeMultiplier === undefined ||
    Decimal.compare(instrument.sizeMultiplier, '0') <= 0
  )
    return Decimal.trimZeros(qty)
  return Decimal.trimZeros(Decimal.roundToStep(qty, instrument.sizeMultiplier, rounding))
}

function assertInstrument(instrument: Instrument): void {
  const issues = checkInstrument(instrument)
  if (issues.length > 0)
    throw new InvalidInstrumentError(instrument.symbol, issues as unknown as Issues)
}

/**
 * Thrown by the rounding helpers when an instrument attribute is malformed (see
 * {@link checkInstrument}): rounding to a step of `'0'` or to `NaN` places has no answer.
 *
 * @example
 * import { TickSize } from '@tradeline/rules'
 * try { TickSize.roundQty('1', { symbol: 'X', sizeMultiplier: '0' }) } catch (e) { TickSize.InvalidInstrumentError.isInstance(e) && e.name } // 'TickSize.InvalidInstrumentError'
 */
export class InvalidInstrumentError extends BaseError {
  static override readonly kind: string = 'TickSize.InvalidInstrumentError'
  override name = 'TickSize.InvalidInstrumentError'
  /** The problems with the instrument's attributes. */
  readonly issues: Issues

  constructor(symbol: string, issues: Issues) {
    super(`The instrument ${symbol} has malformed attributes.`, {
      metaMessages: issues.map((issue) => `- ${issue.message}`),
    })
    this.issues = issues
  }
}
