// The fast pass over the present keys stands in for valibot's full parse of a strict object only
// where the two agree: fuzzed over every request schema of the rules, it accepts only what valibot
// accepts, with the same output (the same keys in the same order), and leaves everything else to
// valibot.
import { test } from '@fast-check/vitest'
import { fuzzParameters, inputOf, type SchemaLike } from '@tradeline/fuzz'
import * as v from 'valibot'
import { describe, expect, test as plain } from 'vitest'
import * as ClassicFutures from '../ClassicFutures.js'
import type * as Endpoint from '../Endpoint.js'
import * as Public from '../Public.js'
import * as Savings from '../Savings.js'
import * as Securities from '../Securities.js'
import * as Strategy from '../Strategy.js'
import * as Unified from '../Unified.js'
import { compile, fail } from './fastEntry.js'
import { fastParse } from './fastParse.js'

const namespaces = { Unified, Strategy, ClassicFutures, Securities, Savings, Public }
const endpoints: Endpoint.Endpoint<any, any>[] = Object.values(namespaces).flatMap((ns) =>
  Object.values(ns).filter(
    (value): value is Endpoint.Endpoint<any, any> =>
      typeof value === 'object' && value !== null && 'schema' in value && 'path' in value,
  ),
)

/** A valid spot limit order (its kind, then its size and price). */
const kind = { category: 'SPOT', symbol: 'ETHUSDT', side: 'buy', orderType: 'limit' }
const order = { ...kind, qty: '0.01', price: '3000' }

/** The endpoints whose fuzzed requests the fast pass accepted (so the comparison ran). */
const accepted = new Set<string>()

describe('fastParse', () => {
  plain('a valid order: the output of valibot, keys in the schema order', () => {
    const { price, qty, ...rest } = order
    const shuffled = { clientOid: 'a-1', price, qty, ...rest }
    const fast = fastParse(Unified.placeOrder.schema, shuffled)
    const full = v.safeParse(Unified.placeOrder.schema, shuffled)
    expect(full.success).toBe(true)
    expect(fast?.output).toEqual(full.output)
    expect(Object.keys(fast?.output as object)).toEqual(Object.keys(full.output as object))
  })

  plain('gives up on what valibot must judge: an unknown key, a missing key, a bad value', () => {
    const schema = Unified.placeOrder.schema
    expect(fastParse(schema, { ...order, size: '1' })).toBeUndefined()
    const { qty: _, ...noQty } = order
    expect(fastParse(schema, noQty)).toBeUndefined()
    expect(fastParse(schema, { ...order, price: '-1' })).toBeUndefined()
    expect(fastParse(schema, { ...order, side: 'BUY' })).toBeUndefined()
  })

  plain('gives up on what is not a plain object, or holds a key for...in does not see', () => {
    const schema = Unified.placeOrder.schema
    expect(fastParse(schema, null)).toBeUndefined()
    expect(fastParse(schema, [order])).toBeUndefined()
    expect(fastParse(schema, Object.assign(Object.create({ price: '1' }), order))).toBeUndefined()
    const hidden = { ...order }
    Object.defineProperty(hidden, 'stpMode', { value: 'nonsense', enumerable: false })
    expect(fastParse(schema, hidden)).toBeUndefined()
    expect(v.safeParse(schema, hidden).success).toBe(false)
  })

  plain(
    'stands aside for schemas it cannot replace: a pipe, a default, not a strict object',
    () => {
      const entries = { a: v.string() }
      expect(
        fastParse(
          v.pipe(
            v.strictObject(entries),
            v.check(() => false),
          ),
          { a: 'x' },
        ),
      ).toBe(undefined)
      expect(fastParse(v.strictObject({ a: v.optional(v.string(), 'z') }), {})).toBeUndefined()
      expect(fastParse(v.object(entries), { a: 'x' })).toBeUndefined()
      expect(fastParse(v.strictObject(entries), { a: 'x' })?.output).toEqual({ a: 'x' })
    },
  )

  plain('an entry runs as valibot does: each item in order, any issue a failure', () => {
    const upper = compile(
      v.optional(
        v.pipe(
          v.string(),
          v.transform((s: string) => s.toUpperCase()),
          v.picklist(['A']),
        ),
      ),
    )
    expect(upper('a')).toBe('A')
    expect(upper(undefined)).toBeUndefined()
    expect(upper('b')).toBe(fail)
    expect(upper(1)).toBe(fail)
    const bounded = compile(v.pipe(v.string(), v.minLength(2), v.maxLength(3), v.regex(/^\d+$/)))
    // The regex, a kind the pass does not read, makes the whole pipe valibot's.
    expect(['1', '12', '1234', '1a'].map(bounded)).toEqual([fail, '12', fail, fail])
    // A kind the pass does not read runs through valibot itself.
    const number = compile(v.pipe(v.number(), v.integer()))
    expect([1, 1.5, '1'].map(number)).toEqual([1, fail, fail])
  })

  plain('a pipe of pipes runs as one chain, a transform between its string checks kept', () => {
    // The shape of a decimal field: each nested pipe starts with its own string().
    const decimal = v.pipe(
      v.string(),
      v.check((s: string) => /^\d+(\.\d+)?$/.test(s)),
    )
    const trimmed = v.pipe(
      v.pipe(
        decimal,
        v.transform((s: string) => s.replace(/\.?0+$/, '')),
      ),
      v.check((s: string) => s !== ''),
    )
    const run = compile(trimmed)
    const inputs = ['1.50', '100', '0.0', 'x.', 1, undefined]
    expect(inputs.map(run)).toEqual(
      inputs.map((value) => {
        const result = v.safeParse(trimmed, value)
        return result.success ? result.output : fail
      }),
    )
    expect(inputs.map(run)).toEqual(['1.5', '1', '0', fail, fail, fail])
    // A transform to a number, then string() again: the second check is not the first's.
    const again = compile(
      v.pipe(
        v.string(),
        v.transform((s: string) => (s === 'n' ? 1 : s)),
        v.string(),
      ),
    )
    expect(['n', 's'].map(again)).toEqual([fail, 's'])
  })

  describe.each(endpoints.map((e) => [e.id, e] as const))('%s', (_, endpoint) => {
    const schema = endpoint.schema as unknown as SchemaLike
    test.prop([inputOf(schema)], fuzzParameters(100))(
      'accepts only what valibot accepts, with its output, in its order',
      (input) => {
        const fast = fastParse(endpoint.schema, input)
        if (fast === undefined) return
        accepted.add(endpoint.id)
        const full = v.safeParse(endpoint.schema, input)
        expect(full.success).toBe(true)
        expect(fast.output).toEqual(full.output)
        expect(JSON.stringify(fast.output)).toBe(JSON.stringify(full.output))
      },
    )
  })

  test.prop([inputOf(Unified.placeOrder.schema as unknown as SchemaLike)], fuzzParameters(300))(
    'a place-order valibot accepts as a plain object takes the fast pass (the path of a valid order)',
    (input) => {
      if (!v.safeParse(Unified.placeOrder.schema, input).success) return
      if (Object.getPrototypeOf(input) !== Object.prototype) return
      expect(fastParse(Unified.placeOrder.schema, input)).toBeDefined()
    },
  )

  plain('the comparison ran: the fast pass accepted fuzzed requests of most endpoints', () => {
    expect(accepted.size / endpoints.length).toBeGreaterThan(0.5)
    expect(accepted.has('unified.placeOrder')).toBe(true)
  })
})

describe('a schema of another copy of valibot (a user endpoint when the Node build bundles valibot)', () => {
  // Another copy's functions are other objects with the same names: the pass tells a strict
  // object by its type name and a check by its function's name, never by identity.
  function strictObject() {}
  function check() {}
  const foreign = <T extends object>(item: T, reference: () => void): T => ({ ...item, reference })

  test('takes the fast pass, with the same output as valibot', () => {
    const positive = foreign(
      v.check((value: string) => Number(value) > 0),
      check,
    ) as unknown as ReturnType<typeof v.check<string>>
    const schema = foreign(
      v.strictObject({ symbol: v.string(), size: v.pipe(v.string(), positive) }),
      strictObject,
    )
    const input = { symbol: 'BTCUSDT', size: '2' }
    expect(fastParse(schema, input)?.output).toEqual(v.parse(schema, input))
    // And a value its check refuses goes to valibot, which reports it.
    expect(fastParse(schema, { symbol: 'BTCUSDT', size: '-1' })).toBeUndefined()
  })
})
