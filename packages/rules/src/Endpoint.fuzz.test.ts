// Fuzzing of every request schema of the rules (the fault campaign): valid-looking requests, the same with
// fields broken, and garbage, for every endpoint of every product line. A fixed seed and run
// count in CI; `FUZZ_RUNS=20000 FUZZ_SEED=1 pnpm --filter @tradeline/rules test Endpoint.fuzz`
// for a larger run.
import { fc, test } from '@fast-check/vitest'
import { fuzzParameters, inputOf, type SchemaLike } from '@tradeline/fuzz'
import { describe, expect } from 'vitest'
import * as ClassicFutures from './ClassicFutures.js'
import * as Endpoint from './Endpoint.js'
import { BaseError } from './Errors.js'
import * as Issue from './Issue.js'
import * as Market from './Market.js'
import * as Public from './Public.js'
import * as Savings from './Savings.js'
import * as Securities from './Securities.js'
import * as Strategy from './Strategy.js'
import * as Unified from './Unified.js'

/** Runs per endpoint in CI. */
const ciRuns = 150

const namespaces = { Unified, Strategy, ClassicFutures, Securities, Savings, Public, Market }

/** Every endpoint the rules define, found in the product-line namespaces (so a new one is fuzzed). */
const endpoints: Endpoint.Endpoint<any, any>[] = Object.values(namespaces).flatMap((ns) =>
  Object.values(ns).filter(
    (value): value is Endpoint.Endpoint<any, any> =>
      typeof value === 'object' &&
      value !== null &&
      'schema' in value &&
      'path' in value &&
      Array.isArray((value as { rules?: unknown }).rules),
  ),
)

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value))

/** The entries of an object schema. */
const entriesOf = (endpoint: Endpoint.Endpoint<any, any>) =>
  (endpoint.schema as unknown as SchemaLike).entries ?? {}

/**
 * The items of a unified batch (left `unknown` by the list schema, checked by the batch rule): the
 * fields of the single-order endpoint with the `category` and `symbol` every item carries.
 */
const batchItem = (single: Endpoint.Endpoint<any, any>): SchemaLike => ({
  type: 'strict_object',
  entries: {
    ...entriesOf(single),
    category: entriesOf(Unified.placeOrder).category!,
    symbol: entriesOf(Unified.placeOrder).symbol!,
  },
})
const itemSchemas: Record<string, SchemaLike> = {
  'unified.placeBatch': batchItem(Unified.placeOrder),
  'unified.batchModifyOrder': batchItem(Unified.modifyOrder),
  'unified.cancelBatch': batchItem(Unified.cancelOrder),
}

/** The field names a schema knows (of its items, for a list). */
function fieldsOf(schema: SchemaLike, item?: SchemaLike | undefined): Set<string> {
  let s = schema
  while (s.wrapped) s = s.wrapped
  if (s.type === 'array' && s.item) return fieldsOf(item ?? s.item)
  return new Set(Object.keys(s.entries ?? {}))
}

/** Whether the request is a list (a batch body). */
function isList(schema: SchemaLike): boolean {
  let s = schema
  while (s.wrapped) s = s.wrapped
  return s.type === 'array'
}

/** The value at a path, or `undefined`. */
function at(value: unknown, path: Issue.Path): unknown {
  let current = value
  for (const part of path)
    current = isPlainObject(current) || Array.isArray(current) ? (current as any)[part] : undefined
  return current
}

/**
 * Whether an issue names a field of the input: an issue of a whole object request has a path; its
 * first key is present in the input or a field of the schema (missing, one of); under a list, the
 * index is an item of the input and the key one of the item.
 */
function namesItsField(
  issue: Issue.Issue,
  input: unknown,
  schema: SchemaLike,
  item?: SchemaLike | undefined,
): boolean {
  const fields = fieldsOf(schema, item)
  const { path } = issue
  if (isList(schema) && Array.isArray(input)) {
    if (path.length === 0) return true // the list itself: its length, or items that disagree
    const [index, key] = path
    if (typeof index !== 'number' || index < 0 || index >= input.length) return false
    if (key === undefined) return true // the item itself is not an object
    return (
      (isPlainObject(input[index]) && Object.hasOwn(input[index], key)) || fields.has(String(key))
    )
  }
  // A list request given something else: the request itself is of the wrong type.
  if (isList(schema)) return path.length === 0
  // Not an object at all: the request itself is of the wrong type.
  if (typeof input !== 'object' || input === null) return path.length === 0
  // A plain object is checked field by field; another object (a Date) may be refused whole.
  if (path.length === 0) return !isPlainObject(input)
  // An array in place of an object: its indexes are its keys.
  const [key] = path
  return Object.hasOwn(input, key as string) || fields.has(String(key))
}

/** Inputs that passed and were refused, per endpoint. */
const tallies = new Map<string, { passed: number; refused: number }>()

describe('Endpoint.check, fuzzed over every request schema', () => {
  test('every endpoint of every product line is fuzzed', () => {
    const ids = endpoints.map((e) => e.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const prefix of ['unified.', 'strategy.', 'classic.', 'securities.', 'savings.'])
      expect(ids.some((id) => id.startsWith(prefix))).toBe(true)
    expect(ids.length).toBeGreaterThanOrEqual(54)
  })

  describe.each(endpoints.map((e) => [e.id, e] as const))('%s', (_, endpoint) => {
    const schema = endpoint.schema as unknown as SchemaLike
    const item = itemSchemas[endpoint.id]
    const context = fc.record(
      {
        instrument: fc.constant({
          symbol: 'BTCUSDT',
          priceMultiplier: '0.1',
          pricePrecision: 1,
          sizeMultiplier: '0.001',
          minOrderAmount: '0.001',
        }),
        positionMode: fc.constantFrom('hedge', 'one_way'),
      },
      { requiredKeys: [] },
    )

    test.prop([inputOf(schema, { item }), context], fuzzParameters(ciRuns))(
      'never throws; a refusal lists issues of known types that each name their field; a success re-checks',
      (input, ctx) => {
        const result = Endpoint.check(endpoint, input, ctx as never)
        const tally = tallies.get(endpoint.id) ?? { passed: 0, refused: 0 }
        tallies.set(endpoint.id, tally)
        if (result.success) tally.passed++
        else tally.refused++
        if (result.success) {
          // What is sent passes the same check again (normalising twice changes nothing).
          const again = Endpoint.check(endpoint, result.output, ctx as never)
          expect(again.success).toBe(true)
          return
        }
        expect(result.issues.length).toBeGreaterThan(0)
        for (const issue of result.issues) {
          expect(Issue.issueTypes).toContain(issue.type)
          expect(typeof issue.message).toBe('string')
          expect(issue.message.length).toBeLessThan(2000)
          expect(namesItsField(issue, input, schema, item), JSON.stringify(issue)).toBe(true)
          if (issue.path.length > 0 && at(input, issue.path) !== undefined) {
            // A field that was sent is quoted by name in the message.
            expect(issue.message).toContain(String(issue.path.at(-1)))
          }
        }
      },
    )

    test.prop([inputOf(schema, { item })], fuzzParameters(Math.ceil(ciRuns / 3)))(
      'assert throws only a ValidationError (a BaseError), with the issues of check',
      (input) => {
        let thrown: unknown
        try {
          Endpoint.assert(endpoint, input as never)
        } catch (error) {
          thrown = error
        }
        if (thrown === undefined) return
        expect(BaseError.isInstance(thrown)).toBe(true)
        expect(Endpoint.ValidationError.isInstance(thrown)).toBe(true)
        expect((thrown as Endpoint.ValidationError).issues.length).toBeGreaterThan(0)
      },
    )
  })

  test('the generated requests both pass and fail: valid-looking ones pass for most endpoints', () => {
    const rows = [...tallies.entries()]
    expect(rows).toHaveLength(endpoints.length)
    for (const [, { refused }] of rows) expect(refused).toBeGreaterThan(0)
    const passing = rows.filter(([, { passed }]) => passed > 0).length
    expect(passing / rows.length).toBeGreaterThan(0.7)
  })

  test('a prototype key is refused as unknown and pollutes nothing', () => {
    const input = JSON.parse('{"__proto__":{"polluted":"yes"},"orderId":"1"}')
    const result = Endpoint.check(Unified.cancelOrder, input)
    expect(result.success).toBe(false)
    expect(result.issues?.map((i) => [i.type, i.path])).toEqual([['unknown', ['__proto__']]])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
