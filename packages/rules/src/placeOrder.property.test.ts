// Property tests of the whole place-order check: generated valid requests pass, and a valid
// request with one field broken in a random way never does.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import * as Big from './big.js'
import * as Decimal from './Decimal.js'
import * as Endpoint from './Endpoint.js'
import type * as PositionMode from './PositionMode.js'
import type * as TickSize from './TickSize.js'
import * as Unified from './Unified.js'

type Request = Record<string, unknown>
type Context = { instrument: TickSize.Instrument; positionMode: PositionMode.Mode }
type Case = { request: Request; context: Context }

/** Writes `units * 10^-places` as a strict decimal string. */
function format(units: bigint, places: number): string {
  const digits = units.toString().padStart(places + 1, '0')
  const int = digits.slice(0, digits.length - places)
  return places === 0 ? int : `${int}.${digits.slice(digits.length - places)}`
}

const times = (step: string, n: bigint) => Big.parse(step).times(n.toString()).toFixed()

const futuresCategories = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const
const spotCategories = ['SPOT', 'MARGIN'] as const

/** A category in any letter case (decision: accepted in either case). */
const anyCase = (value: string) =>
  fc
    .array(fc.boolean(), { minLength: value.length, maxLength: value.length })
    .map((upper) => [...value].map((c, i) => (upper[i] ? c : c.toLowerCase())).join(''))

const instrument = fc
  .record({
    base: fc.constantFrom('BTC', 'ETH', 'SOL', 'DOGE'),
    priceUnits: fc.bigInt({ min: 1n, max: 100n }),
    pricePlaces: fc.integer({ min: 0, max: 4 }),
    extraPlaces: fc.integer({ min: 0, max: 2 }),
    sizeUnits: fc.bigInt({ min: 1n, max: 1000n }),
    sizePlaces: fc.integer({ min: 0, max: 6 }),
    minSteps: fc.bigInt({ min: 1n, max: 10n }),
  })
  .map((r): TickSize.Instrument => {
    const sizeMultiplier = format(r.sizeUnits, r.sizePlaces)
    return {
      symbol: `${r.base}USDT`,
      priceMultiplier: format(r.priceUnits, r.pricePlaces),
      pricePrecision: r.pricePlaces + r.extraPlaces,
      sizeMultiplier,
      minOrderAmount: times(sizeMultiplier, r.minSteps),
    }
  })

/** A valid place-order request and the context it is valid in. */
const validCase: fc.Arbitrary<Case> = fc
  .record({
    instrument,
    positionMode: fc.constantFrom<PositionMode.Mode>('hedge', 'one_way'),
    futures: fc.boolean(),
    futuresCategory: fc.constantFrom(...futuresCategories),
    spotCategory: fc.constantFrom(...spotCategories),
    side: fc.constantFrom('buy', 'sell'),
    orderType: fc.constantFrom('limit', 'market'),
    priceSteps: fc.bigInt({ min: 1n, max: 1_000_000n }),
    extraSteps: fc.bigInt({ min: 0n, max: 10_000n }),
    posSide: fc.constantFrom('long', 'short'),
    reduceOnly: fc.option(fc.constantFrom('yes', 'no'), { nil: undefined }),
    clientOid: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/), { nil: undefined }),
    timeInForce: fc.option(fc.constantFrom('ioc', 'fok', 'gtc', 'post_only'), { nil: undefined }),
    stpMode: fc.option(fc.constantFrom('none', 'cancel_taker', 'cancel_maker', 'cancel_both'), {
      nil: undefined,
    }),
    marginMode: fc.option(fc.constantFrom('crossed', 'isolated'), { nil: undefined }),
  })
  .chain((r) =>
    anyCase(r.futures ? r.futuresCategory : r.spotCategory).map((category): Case => {
      const { instrument, positionMode } = r
      const step = instrument.sizeMultiplier as string
      const minSteps = Big.parse(instrument.minOrderAmount as string)
        .div(step)
        .toFixed()
      const request: Request = {
        category,
        symbol: instrument.symbol,
        side: r.side,
        orderType: r.orderType,
        qty: times(step, BigInt(minSteps) + r.extraSteps),
      }
      if (r.orderType === 'limit')
        request.price = times(instrument.priceMultiplier as string, r.priceSteps)
      if (r.futures && positionMode === 'hedge') request.posSide = r.posSide
      if (r.futures && positionMode === 'one_way' && r.reduceOnly) request.reduceOnly = r.reduceOnly
      if (r.futures && r.marginMode) request.marginMode = r.marginMode
      if (r.clientOid) request.clientOid = r.clientOid
      if (r.timeInForce) request.timeInForce = r.timeInForce
      if (r.stpMode) request.stpMode = r.stpMode
      return { request, context: { instrument, positionMode } }
    }),
  )

const notDecimals = [
  '1e3',
  ' 1',
  '1 ',
  '+1',
  '.5',
  '5.',
  '01',
  'NaN',
  'Infinity',
  '',
  '1.2.3',
  '-1',
]
const required = ['category', 'symbol', 'qty', 'side', 'orderType'] as const

const isFutures = (request: Request) => String(request.category).toUpperCase().endsWith('FUTURES')

/** Ways to break one field; each returns the broken request and the field to blame. */
const breakers = {
  'bad decimal': fc
    .record({ field: fc.constantFrom('qty', 'price'), bad: fc.constantFrom(...notDecimals, 1.5) })
    .map(({ field, bad }) => (c: Case) => {
      const target = c.request.price === undefined ? 'qty' : field
      return { request: { ...c.request, [target]: bad }, field: target }
    }),
  'off-tick price': fc.constant((c: Case) => {
    const { priceMultiplier = '1', pricePrecision = 0 } = c.context.instrument
    const price = (c.request.price as string | undefined) ?? priceMultiplier
    // Futures: half a step off the tick. Spot checks only the places: one place too many.
    const off = isFutures(c.request)
      ? Big.parse(price).plus(Big.parse(priceMultiplier).div(2)).toFixed()
      : `${Decimal.roundToPlaces(price, 0, 'down')}.${'0'.repeat(pricePrecision)}1`
    return { request: { ...c.request, orderType: 'limit', price: off }, field: 'price' }
  }),
  'below the minimum': fc.constant((c: Case) => {
    const min = c.context.instrument.minOrderAmount as string
    const below = Big.parse(min).div(2).toFixed()
    // A spot market buy's qty is in the quote coin and has no base-coin minimum: sell instead.
    const side = !isFutures(c.request) && c.request.orderType === 'market' ? 'sell' : c.request.side
    return { request: { ...c.request, side, qty: below }, field: 'qty' }
  }),
  'posSide in one-way mode': fc.constantFrom('long', 'short').map((posSide) => (c: Case) => ({
    request: { ...c.request, posSide },
    context: { ...c.context, positionMode: 'one_way' as const },
    field: 'posSide',
  })),
  'a missing required field': fc.constantFrom(...required, 'price').map((field) => (c: Case) => {
    const target = field === 'price' && c.request.orderType !== 'limit' ? 'qty' : field
    const { [target]: _, ...request } = c.request
    return { request, field: target }
  }),
  'an unknown key': fc
    .tuple(fc.stringMatching(/^[a-zA-Z_$][\w$]{0,15}$/), fc.anything())
    .filter(([key]) => !(key in Unified.placeOrder.schema.entries) && key !== '__proto__')
    .map(([key, value]) => (c: Case) => ({ request: { ...c.request, [key]: value }, field: key })),
}

const breaker = fc.oneof(
  ...Object.entries(breakers).map(([name, arbitrary]) =>
    arbitrary.map((apply) => ({ name, apply })),
  ),
)

describe('Unified.placeOrder', () => {
  test.prop([validCase])('a generated valid request passes', ({ request, context }) => {
    const result = Endpoint.check(Unified.placeOrder, request, context)
    expect(result.issues).toBeUndefined()
    expect(result.success).toBe(true)
  })

  test.prop([validCase, breaker], { numRuns: 300 })(
    'a generated invalid request never passes',
    (valid, { apply }) => {
      const broken = apply(valid)
      const context = 'context' in broken ? broken.context : valid.context
      const result = Endpoint.check(Unified.placeOrder, broken.request, context)
      expect(result.success).toBe(false)
      expect(result.issues?.some((issue) => issue.path[0] === broken.field)).toBe(true)
    },
  )
})
