// Property tests of the decimal rounding and the instrument checks: invariants that must hold
// for any step, precision and value. A counterexample found here becomes a plain test in
// Decimal.test.ts or TickSize.test.ts.
import { fc, test } from '@fast-check/vitest'
import { Decimal as DecimalJs } from 'decimal.js'
import { describe, expect } from 'vitest'
import * as Decimal from './Decimal.js'
import * as TickSize from './TickSize.js'

/** Writes `units * 10^-places` as a strict decimal string, trailing zeros kept. */
function format(units: bigint, places: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0')
  const int = digits.slice(0, digits.length - places)
  const out = places === 0 ? int : `${int}.${digits.slice(digits.length - places)}`
  return negative ? `-${out}` : out
}

/** A non-negative decimal string, sometimes longer than 64 significant digits. */
const decimal = fc
  .tuple(
    fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 80n })),
    fc.integer({ min: 0, max: 40 }),
  )
  .map(([units, places]) => format(units, places))

/** A signed decimal string. */
const signedDecimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }))
  .map(([units, places]) => format(units, places))

/** A signed decimal string of about 15 digits, around the fast paths' limit. */
const shortDecimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 17 }))
  .map(([units, places]) => format(units, places))

/** A positive step such as `0.5`, `0.001`, `25` or `0.0075`. */
const step = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.integer({ min: 0, max: 10 }))
  .map(([units, places]) => format(units, places))

const rounding = fc.constantFrom('down', 'up', 'nearest' as const)
const precision = fc.integer({ min: 0, max: 12 })

// Plain decimal.js, precise enough that minus, abs and halving never round here.
const Exact = DecimalJs.clone({ precision: 1e9 })
const big = (value: string) => new Exact(value)

describe('TickSize.roundPrice', () => {
  test.prop({
    price: decimal,
    priceMultiplier: fc.option(step, { nil: undefined }),
    pricePrecision: fc.option(precision, { nil: undefined }),
    rounding,
  })(
    'a price rounded to the tick passes TickSize.checkPrice, in any rounding mode',
    ({ price, priceMultiplier, pricePrecision, rounding }) => {
      const instrument = { symbol: 'X', priceMultiplier, pricePrecision }
      const rounded = TickSize.roundPrice(price, instrument, rounding)
      expect(Decimal.isDecimal(rounded)).toBe(true)
      expect(TickSize.checkPrice(rounded, instrument)).toEqual([])
    },
  )

  test.prop({ price: decimal, priceMultiplier: step, pricePrecision: precision })(
    'round-down never increases a price, round-up never decreases it',
    ({ price, priceMultiplier, pricePrecision }) => {
      const instrument = { symbol: 'X', priceMultiplier, pricePrecision }
      expect(big(TickSize.roundPrice(price, instrument, 'down')).lte(price)).toBe(true)
      expect(big(TickSize.roundPrice(price, instrument, 'up')).gte(price)).toBe(true)
    },
  )

  test.prop({ price: decimal, priceMultiplier: step, pricePrecision: precision, rounding })(
    'a price that passes the check is left as it is',
    ({ price, priceMultiplier, pricePrecision, rounding }) => {
      const instrument = { symbol: 'X', priceMultiplier, pricePrecision }
      const rounded = TickSize.roundPrice(price, instrument, 'down')
      expect(big(TickSize.roundPrice(rounded, instrument, rounding)).eq(rounded)).toBe(true)
    },
  )
})

describe('TickSize.roundQty', () => {
  test.prop({ qty: decimal, sizeMultiplier: step, rounding })(
    'a rounded quantity passes the lot check',
    ({ qty, sizeMultiplier, rounding }) => {
      const instrument = { symbol: 'X', sizeMultiplier }
      const rounded = TickSize.roundQty(qty, instrument, rounding)
      expect(TickSize.checkQty(rounded, instrument, { minimum: false })).toEqual([])
    },
  )

  test.prop({ qty: decimal, sizeMultiplier: step })(
    'the default rounding never increases a quantity',
    ({ qty, sizeMultiplier }) => {
      expect(big(TickSize.roundQty(qty, { symbol: 'X', sizeMultiplier })).lte(qty)).toBe(true)
    },
  )
})

describe('Decimal.roundToStep', () => {
  test.prop({ value: signedDecimal, step, rounding })(
    'the result is a multiple of the step within one step of the value',
    ({ value, step, rounding }) => {
      const rounded = Decimal.roundToStep(value, step, rounding)
      expect(Decimal.isMultipleOf(rounded, step)).toBe(true)
      expect(Decimal.places(rounded)).toBe(Decimal.places(step))
      expect(big(rounded).minus(value).abs().lt(step)).toBe(true)
    },
  )

  test.prop({ value: signedDecimal, step })(
    'round-down never increases, round-up never decreases, nearest is within half a step',
    ({ value, step }) => {
      const down = big(Decimal.roundToStep(value, step, 'down'))
      const up = big(Decimal.roundToStep(value, step, 'up'))
      const nearest = big(Decimal.roundToStep(value, step, 'nearest'))
      expect(down.lte(value)).toBe(true)
      expect(up.gte(value)).toBe(true)
      expect(nearest.minus(value).abs().lte(big(step).div(2))).toBe(true)
      expect(nearest.eq(down) || nearest.eq(up)).toBe(true)
    },
  )
})

describe('Decimal.isMultipleOf', () => {
  test.prop({
    value: fc.oneof(shortDecimal, signedDecimal),
    step: fc.oneof(step, shortDecimal, signedDecimal),
  })('agrees with decimal.js (fast path and exact path alike)', ({ value, step }) => {
    const expected = big(step).isZero() || big(value).mod(step).isZero()
    expect(Decimal.isMultipleOf(value, step)).toBe(expected)
  })

  test.prop({ step, k: fc.bigInt({ min: 0n, max: 10n ** 12n }) })(
    'a multiple of the step is one, near and past the limits of a double',
    ({ step, k }) => {
      const multiple = big(step).times(k.toString()).toFixed()
      expect(Decimal.isMultipleOf(multiple, step)).toBe(true)
    },
  )
})

describe('Decimal.compare', () => {
  test.prop({
    a: fc.oneof(shortDecimal, signedDecimal, decimal),
    b: fc.oneof(shortDecimal, signedDecimal, decimal),
  })('agrees with decimal.js', ({ a, b }) => {
    expect(Decimal.compare(a, b)).toBe(big(a).cmp(b))
    expect(Decimal.compare(a, a)).toBe(0)
  })
})

describe('Decimal.roundToPlaces', () => {
  test.prop({ value: signedDecimal, decimals: precision })(
    'round-down never increases, round-up never decreases, both keep the places',
    ({ value, decimals }) => {
      const down = Decimal.roundToPlaces(value, decimals, 'down')
      const up = Decimal.roundToPlaces(value, decimals, 'up')
      expect(big(down).lte(value)).toBe(true)
      expect(big(up).gte(value)).toBe(true)
      expect(Decimal.places(down)).toBeLessThanOrEqual(decimals)
      expect(Decimal.places(up)).toBeLessThanOrEqual(decimals)
    },
  )
})

describe('Decimal.normalize', () => {
  test.prop([fc.double({ min: 0, noNaN: true, noDefaultInfinity: true })])(
    'any finite non-negative double gives a strict decimal string equal in value',
    (n) => {
      const out = Decimal.normalize(n)
      expect(Decimal.isDecimal(out)).toBe(true)
      expect(big(out as string).eq(big(String(n)))).toBe(true)
      expect(Number(out)).toBe(n === 0 ? 0 : n)
    },
  )

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])(
    'a signed double round-trips through the signed form',
    (n) => {
      const out = Decimal.normalize(n, { signed: true })
      expect(Decimal.isSignedDecimal(out)).toBe(true)
      expect(Number(out) === n || (n === 0 && Number(out) === 0)).toBe(true)
    },
  )
})
