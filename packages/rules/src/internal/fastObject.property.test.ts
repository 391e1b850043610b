// The fast walk of a strict object against valibot's own parse, on every endpoint of every
// namespace: generated requests, valid and invalid, built from each schema's own entries. The
// fast walk may only answer for a request valibot passes, with valibot's output (same values,
// same key order); for any other it must step aside (`undefined`) so that valibot names the
// issues. `Endpoint.check` parses with it, so its verdicts and messages are valibot's.
import { fc, test } from '@fast-check/vitest'
import * as v from 'valibot'
import { describe, expect } from 'vitest'
import * as ClassicFutures from '../ClassicFutures.js'
import * as Endpoint from '../Endpoint.js'
import * as Market from '../Market.js'
import * as Public from '../Public.js'
import * as Savings from '../Savings.js'
import * as Securities from '../Securities.js'
import * as Unified from '../Unified.js'
import { fastParse } from './fastObject.js'

type Node = {
  type?: string
  options?: unknown
  wrapped?: Node
  pipe?: readonly Node[]
  entries?: Record<string, Node>
}

const endpoints = [Unified, ClassicFutures, Market, Public, Savings, Securities]
  .flatMap((namespace) => Object.values(namespace))
  .filter(
    (item): item is Endpoint.Endpoint =>
      typeof item === 'object' && item !== null && 'schema' in item && 'rules' in item,
  )
const objects = endpoints.filter((e) => (e.schema as Node).type === 'strict_object')

/** The values an entry documents (a picklist's options), under its optional and pipe. */
function optionsOf(node: Node | undefined): readonly unknown[] {
  if (node === undefined) return []
  if (Array.isArray(node.options)) return node.options as unknown[]
  return [
    ...optionsOf(node.wrapped),
    ...(node.pipe ?? []).slice(1).flatMap((action) => optionsOf(action)),
    ...(node.pipe?.[0] === node ? [] : optionsOf(node.pipe?.[0])),
  ]
}

/** Values any field may meet: valid-looking strings, and values of every other kind. */
const common: readonly unknown[] = [
  'BTCUSDT',
  'SPOT',
  'usdt-futures',
  '0.01',
  '3000',
  '1',
  '0',
  '-1',
  '1e3',
  'abc',
  '',
  ' ',
  'a'.repeat(80),
  '1700000000000',
  1,
  0.5,
  true,
  null,
  undefined,
  {},
  [],
  ['1'],
]

/** A request for `schema`: some of its keys with documented or common values, maybe an unknown key. */
function requestOf(schema: Node) {
  const entries = Object.entries(schema.entries ?? {})
  return fc
    .tuple(
      ...entries.map(([, entry]) => {
        const own = optionsOf(entry)
        const required = !['optional', 'exact_optional', 'nullish'].includes(entry.type ?? '')
        return fc.record({
          present: fc.nat(9).map((n) => (required ? n < 9 : n < 3)),
          value:
            own.length > 0
              ? fc.oneof(fc.constantFrom(...own), fc.constantFrom(...common))
              : fc.constantFrom(...common),
        })
      }),
    )
    .chain((picks) =>
      fc.record({
        picks: fc.constant(picks),
        unknown: fc.option(fc.constantFrom('extra', 'Symbol', '__proto__x', 'toString'), {
          freq: 4,
        }),
      }),
    )
    .map(({ picks, unknown }) => {
      const request: Record<string, unknown> = {}
      picks.forEach((pick, i) => {
        if (pick.present) request[(entries[i] as [string, Node])[0]] = pick.value
      })
      if (unknown !== null) request[unknown] = '1'
      return request
    })
}

const cases = fc
  .constantFrom(...objects)
  .chain((endpoint) =>
    fc.record({ endpoint: fc.constant(endpoint), request: requestOf(endpoint.schema as Node) }),
  )

/** How many requests the fast walk answered, and how many valibot passed: both must be met. */
const seen = { fast: 0, passed: 0, failed: 0 }

describe('fastParse', () => {
  test('knows the strict objects of the endpoints', () => {
    expect(objects.length).toBeGreaterThan(50)
  })

  test.prop([cases], { numRuns: 3000 })(
    'answers only for requests valibot passes, with valibot output, keys in the same order',
    ({ endpoint, request }) => {
      const reference = v.safeParse(endpoint.schema, request)
      const fast = fastParse(endpoint.schema, request)
      if (reference.success) seen.passed++
      else seen.failed++
      // Stepping aside is always safe (valibot parses); how often it does is counted below.
      if (fast === undefined) return
      seen.fast++
      expect(reference.success).toBe(true)
      expect(fast.output).toStrictEqual(reference.output)
      expect(Object.keys(fast.output as object)).toStrictEqual(
        Object.keys(reference.output as object),
      )
    },
  )

  test('the generated requests met both verdicts and the fast walk answered for the valid ones', () => {
    expect(seen.fast).toBeGreaterThan(0)
    expect(seen.passed).toBe(seen.fast)
    expect(seen.failed).toBeGreaterThan(0)
  })

  test.prop([cases], { numRuns: 1000 })(
    'Endpoint.check gives what valibot alone gives: verdict, output and every issue',
    ({ endpoint, request }) => {
      const result = Endpoint.check(endpoint, request)
      // The reference: the same endpoint with its schema in a pipe, which the fast walk leaves
      // to valibot (the pipe adds no action).
      const piped = { ...endpoint, schema: v.pipe(endpoint.schema) }
      expect(result).toStrictEqual(Endpoint.check(piped, request))
    },
  )

  test('a piped, non-strict or non-object schema is left to valibot', () => {
    const entries = { a: v.string() }
    expect(fastParse(v.pipe(v.strictObject(entries)), { a: 'x' })).toBeUndefined()
    expect(fastParse(v.object(entries), { a: 'x' })).toBeUndefined()
    expect(fastParse(v.string(), 'x')).toBeUndefined()
    expect(fastParse(v.strictObject(entries), { a: 'x' })).toStrictEqual({ output: { a: 'x' } })
  })

  test('an optional entry with a default, a missing required entry or an inherited key step aside', () => {
    expect(fastParse(v.strictObject({ a: v.optional(v.string(), 'd') }), {})).toBeUndefined()
    expect(fastParse(v.strictObject({ a: v.string() }), {})).toBeUndefined()
    expect(
      fastParse(v.strictObject({ a: v.optional(v.string()) }), Object.create({ b: '1' })),
    ).toBeUndefined()
    expect(fastParse(v.strictObject({ toString: v.optional(v.string()) }), {})).toBeUndefined()
  })
})
