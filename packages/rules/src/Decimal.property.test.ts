// Property tests of the exact BigInt arithmetic of Decimal against decimal.js (the oracle): the
// same text for any value, negative values and values of hundreds of digits included. The
// oracles are the decimal.js implementations these functions replaced.
import { fc, test } from '@fast-check/vitest'
import { Decimal as DecimalJs } from 'decimal.js'
import { describe, expect } from 'vitest'
import * as Decimal from './Decimal.js'

/** Writes `units * 10^-places` as a strict decimal string, trailing zeros kept. */
function format(units: bigint, places: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0')
  const int = digits.slice(0, digits.length - places)
  const out = places === 0 ? int : `${int}.${digits.slice(digits.length - places)}`
  return negative ? `-${out}` : out
}

/** A signed decimal string: short, about a double's digits, or up to some 300 digits. */
const value = fc
  .tuple(
    fc.oneof(
      fc.bigInt({ min: -(10n ** 6n), max: 10n ** 6n }),
      fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
      fc.bigInt({ min: -(10n ** 300n), max: 10n ** 300n }),
    ),
    fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 150 })),
  )
  .map(([units, places]) => format(units, places))

/** A positive step, short or very long. */
const step = fc
  .tuple(
    fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.bigInt({ min: 1n, max: 10n ** 120n })),
    fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 80 })),
  )
  .map(([units, places]) => format(units, places))

const rounding = fc.constantFrom('down', 'up', 'nearest' as const)

/** A power of ten not above 1 (1, 0.1, 0.01, ...), sometimes written with trailing zeros. */
const tenth = fc
  .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3 }))
  .map(([places, zeros]) => {
    const text = places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`
    if (zeros === 0) return text
    return `${text}${places === 0 ? '.' : ''}${'0'.repeat(zeros)}`
  })

/**
 * Two unsigned values whose digits agree far: the same, with zeros after it, one digit changed,
 * or any other.
 */
const unsignedPair = fc
  .tuple(value, fc.integer({ min: 0, max: 3 }), value)
  .map(([a, how, c]): [string, string] => {
    const x = a.replace('-', '')
    if (how === 0) return [x, x]
    if (how === 1) return [x, x.includes('.') ? `${x}00` : `${x}.00`]
    if (how === 2) return [x, `${x.slice(0, -1)}${x.endsWith('9') ? '8' : '9'}`]
    return [x, c.replace('-', '')]
  })

// decimal.js with a precision that never rounds: the oracle is exact.
const Exact = DecimalJs.clone({
  precision: 1e9,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
})

/** The decimal.js roundToStep that the BigInt one replaced. */
function roundToStepJs(value: string, step: string, rounding: Decimal.Rounding): string {
  const s = new Exact(step)
  const x = new Exact(value)
  let units = x.divToInt(s)
  const rest = x.minus(units.times(s))
  if (!rest.isZero()) {
    const away =
      rounding === 'nearest' ? rest.abs().times(2).gte(s) : (rounding === 'up') === rest.gt(0)
    if (away) units = rest.gt(0) ? units.plus(1) : units.minus(1)
  }
  return units.times(s).toFixed(Decimal.places(step))
}

/** The decimal.js lcm that the BigInt one replaced. */
function lcmJs(a: string, b: string): string {
  const x = new Exact(a)
  const y = new Exact(b)
  let p = x
  let q = y
  while (!q.isZero()) [p, q] = [q, p.mod(q)]
  return x.times(y.divToInt(p)).toFixed()
}

const modes = {
  down: DecimalJs.ROUND_FLOOR,
  up: DecimalJs.ROUND_CEIL,
  nearest: DecimalJs.ROUND_HALF_UP,
} as const

describe('agrees with decimal.js', () => {
  test.prop({ value, step, rounding })('roundToStep', ({ value, step, rounding }) => {
    expect(Decimal.roundToStep(value, step, rounding)).toBe(roundToStepJs(value, step, rounding))
  })

  test.prop({ value, decimals: fc.integer({ min: 0, max: 160 }), rounding })(
    'roundToPlaces',
    ({ value, decimals, rounding }) => {
      expect(Decimal.roundToPlaces(value, decimals, rounding)).toBe(
        new Exact(value).toDecimalPlaces(decimals, modes[rounding]).toFixed(),
      )
    },
  )

  test.prop({ a: step, b: step })('lcm', ({ a, b }) => {
    expect(Decimal.lcm(a, b)).toBe(lcmJs(a, b))
  })

  test.prop({ a: value, b: value })('add, subtract and multiply', ({ a, b }) => {
    expect(Decimal.add(a, b)).toBe(new Exact(a).plus(b).toFixed())
    expect(Decimal.subtract(a, b)).toBe(new Exact(a).minus(b).toFixed())
    expect(Decimal.multiply(a, b)).toBe(new Exact(a).times(b).toFixed())
  })

  test.prop({ a: value, b: value })('compare', ({ a, b }) => {
    expect(Decimal.compare(a, b)).toBe(new Exact(a).cmp(b))
  })

  test.prop({ pair: unsignedPair })(
    'compare of unsigned values alike in their digits',
    ({ pair }) => {
      const [a, b] = pair
      expect(Decimal.compare(a, b)).toBe(new Exact(a).cmp(b))
      expect(Decimal.compare(b, a)).toBe(new Exact(b).cmp(a))
    },
  )

  test.prop({ value, step: fc.oneof(step, tenth) })('isMultipleOf', ({ value, step }) => {
    expect(Decimal.isMultipleOf(value, step)).toBe(new Exact(value).mod(step).isZero())
  })

  test.prop({ k: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), step: fc.oneof(step, tenth) })(
    'isMultipleOf of a multiple',
    ({ k, step }) => {
      expect(Decimal.isMultipleOf(Decimal.multiply(step, k.toString()), step)).toBe(true)
    },
  )

  test.prop([
    fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).map((n) => n / 1000),
      fc.constantFrom(1e21, 1e-7, 5e-324, Number.MAX_VALUE, -Number.MIN_VALUE, 1.2345e25),
    ),
  ])('normalize of a number (the shortest round-trip text, in plain notation)', (n) => {
    expect(Decimal.normalize(n, { signed: true })).toBe(new Exact(String(n)).toFixed())
    expect(Decimal.normalize(n)).toBe(n < 0 ? undefined : new Exact(String(n)).toFixed())
  })
})

describe('throws Decimal.InvalidError where the decimal.js versions did', () => {
  const bad = fc.constantFrom('1e3', 'NaN', '', ' 1', '+1', '.5', '01', '1.2.3', '-')
  test.prop({ bad, good: value })('on a value that is not a decimal string', ({ bad, good }) => {
    for (const f of [Decimal.add, Decimal.subtract, Decimal.multiply, Decimal.compare]) {
      expect(() => f(bad, good)).toThrow(Decimal.InvalidError)
      expect(() => f(good, bad)).toThrow(Decimal.InvalidError)
    }
    expect(() => Decimal.roundToStep(bad, '1')).toThrow(Decimal.InvalidError)
    expect(() => Decimal.roundToStep(good, bad)).toThrow(Decimal.InvalidError)
    expect(() => Decimal.roundToPlaces(bad, 2)).toThrow(Decimal.InvalidError)
    expect(() => Decimal.lcm(bad, '1')).toThrow(Decimal.InvalidError)
    expect(() => Decimal.lcm('1', bad)).toThrow(Decimal.InvalidError)
  })
})
