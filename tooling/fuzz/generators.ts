/**
 * The input generators of the fuzz tests: garbage (wrong types, huge strings, unicode, numbers
 * for decimals, NaN, negatives, nulls, extra keys, prototype keys) and requests read from the
 * rules' valibot schemas (valid-looking, and the same with fields broken).
 */
import { fc } from '@fast-check/vitest'

/** What the generators read of a valibot schema (structurally, so no valibot import is needed). */
export type SchemaLike = {
  readonly type: string
  readonly entries?: Readonly<Record<string, SchemaLike>> | undefined
  readonly item?: SchemaLike | undefined
  readonly wrapped?: SchemaLike | undefined
  readonly options?: readonly unknown[] | undefined
  readonly literal?: unknown
}

/** Keys an attacker or a careless caller may add: unknown fields and prototype keys. */
export const extraKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'extra',
  'Symbol',
  'qty ',
  'PRICE',
] as const

/** Texts that break naive code: unicode, control characters, injections, long runs. */
const nastyTexts = [
  '',
  ' ',
  '\u0000',
  '\n',
  '比特币',
  '💥🚀',
  'e\u0301',
  '\u202e',
  '$BTC',
  '../../etc/passwd',
  '<script>',
  '{"a":1}',
  "' OR 1=1",
  '%00',
  '0x10',
  '1e3',
  '+1',
  '-0',
  '.5',
  '5.',
  '1,000',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '٣',
  '１２',
] as const

/** A huge string (the rules bound every text: it must be refused, not scanned). */
const huge = fc.constantFrom('9'.repeat(100_000), 'x'.repeat(1_000_001), `1.${'0'.repeat(5000)}1`)

/** Numbers where decimal strings belong, and numbers no JSON can carry. */
const badNumbers = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -1,
    -0,
    0,
    0.1 + 0.2,
    1e21,
    5e-324,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.double(),
  fc.integer(),
)

/** Any wrong value: wrong types, huge and odd texts, odd numbers, nulls, lists, objects. */
export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.constantFrom(null, undefined, true, false, [], {}),
  badNumbers,
  fc.constantFrom(...nastyTexts),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  huge,
  fc.bigInt(),
  fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: true, withDate: true }),
  fc.constant(Object.create(null)),
  fc.constant(JSON.parse('{"__proto__":{"polluted":"yes"}}')),
)

/** The picklist options and literals anywhere in a schema. */
export function choicesOf(schema: SchemaLike | undefined, depth = 0): string[] {
  if (!schema || depth > 6) return []
  const own =
    schema.type === 'picklist'
      ? (schema.options ?? []).filter((o): o is string => typeof o === 'string')
      : schema.type === 'literal' && typeof schema.literal === 'string'
        ? [schema.literal]
        : []
  const nested = [
    ...(schema.wrapped ? choicesOf(schema.wrapped, depth + 1) : []),
    ...(schema.type === 'union' || schema.type === 'variant'
      ? (schema.options ?? []).flatMap((o) => choicesOf(o as SchemaLike, depth + 1))
      : []),
  ]
  return [...own, ...nested]
}

/** A roll in [0, 1), unbiased (fast-check otherwise favours the bounds 0 and 1). */
const chance = fc.noBias(fc.integer({ min: 0, max: 9999 }).map((n) => n / 10_000))

/** Whether a field may be left out (`optional`, `exact_optional`, `nullish`, `undefinedable`). */
function isOptional(schema: SchemaLike): boolean {
  return (
    schema.wrapped !== undefined && schema.type !== 'nullable' && schema.type !== 'non_optional'
  )
}

/** The object schema inside optional/nullable wrappers, if any. */
function unwrap(schema: SchemaLike): SchemaLike {
  let s = schema
  while (s.wrapped) s = s.wrapped
  return s
}

const decimals = fc.oneof(
  fc.constantFrom('0.01', '1', '0.1', '10', '3000', '3000.5', '65000', '60000.0', '100', '0.001'),
  fc
    .tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 8 }))
    .map(([units, places]) =>
      places === 0 ? String(units) : (units / 10 ** places).toFixed(places),
    ),
)
const millis = fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }).map(String)
const ids = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/),
  fc.bigInt({ min: 1n, max: 10n ** 18n }).map(String),
)

/** A plausible value of a field, by its name (the rules' vocabulary) and its schema's choices. */
export function plausible(name: string, schema: SchemaLike): fc.Arbitrary<unknown> {
  const choices = choicesOf(schema)
  if (choices.length > 0)
    return fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...choices) },
      fc.constantFrom(...choices).map((c) => c.toUpperCase()),
    )
  const inner = unwrap(schema)
  if (inner.type === 'array' && inner.item) {
    const item = inner.item
    return fc.array(requestOf(item, { broken: 0.1 }), { minLength: 0, maxLength: 4 })
  }
  if (/^(category)$/.test(name))
    return fc.constantFrom('SPOT', 'spot', 'USDT-FUTURES', 'MARGIN', 'COIN-FUTURES')
  if (/^(productType)$/.test(name))
    return fc.constantFrom('USDT-FUTURES', 'usdt-futures', 'COIN-FUTURES')
  if (/symbol/i.test(name))
    return fc.constantFrom('BTCUSDT', 'ETHUSDT', 'AAPL.US', 'AAPL260918C00230000.US', 'TSLA.US')
  if (/coin/i.test(name)) return fc.constantFrom('USDT', 'BTC', 'USDC', 'USD')
  if (/(Time|At)$/.test(name)) return millis
  if (/^(limit|count|countdown)$/.test(name))
    return fc.constantFrom('10', '100', '30', '0', '5', '60', '1000')
  if (/(Oid|Id|^orderId|cursor|idLessThan)/i.test(name)) return ids
  if (/(requestId|Numbers|duration|interval|Level|Count)/.test(name))
    return fc.oneof(
      fc.integer({ min: 1, max: 1000 }),
      fc.integer({ min: 1, max: 1000 }).map(String),
    )
  if (
    /(qty|price|size|amount|Price|Qty|Size|Amount|Quantity|Offset|Percent|Variance|distance|Limit|Spread|Percentage|Loss|Profit|Surplus)/.test(
      name,
    )
  )
    return decimals
  if (/Date$/.test(name)) return fc.constantFrom('2026-12-31', '20261231', '261231')
  return fc.string({ maxLength: 12 })
}

/**
 * A request for a schema: an object of its fields (each present or not, plausible or broken),
 * sometimes with extra or prototype keys; a list of such items for a list schema. `broken` is
 * the chance that a field gets garbage instead of a plausible value.
 */
export function requestOf(schema: SchemaLike, options: RequestOptions = {}): fc.Arbitrary<unknown> {
  const broken = options.broken ?? 0.15
  const inner = unwrap(schema)
  if (inner.type === 'array' && inner.item) {
    // A batch whose items the rules check with another endpoint's schema (`v.unknown()` here).
    const item = options.item ?? inner.item
    return fc.array(requestOf(item, { broken, sparse: options.sparse }), {
      minLength: 0,
      maxLength: 22,
    })
  }
  const entries = Object.entries(inner.entries ?? {})
  if (entries.length === 0 && !inner.entries) return garbage
  const field = (name: string, s: SchemaLike) =>
    fc
      .tuple(chance, plausible(name, s), garbage)
      .map(([roll, good, bad]) => (roll < broken ? bad : good))
  // Sparse: every required field and few optional ones, as a caller writes a request.
  const presence = (s: SchemaLike) => (options.sparse ? (isOptional(s) ? 0.1 : 1) : 0.5)
  const absent = Symbol('absent')
  const fields = fc
    .tuple(
      ...entries.map(([name, s]) =>
        fc
          .tuple(chance, field(name, s))
          .map(([roll, value]) => (roll < presence(s) ? value : absent)),
      ),
    )
    .map((values) =>
      Object.fromEntries(
        entries.flatMap(([name], i) => (values[i] === absent ? [] : [[name, values[i]]])),
      ),
    )
  const extras = fc.dictionary(fc.constantFrom(...extraKeys), garbage, { maxKeys: 2 })
  return fc
    .tuple(fields, fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, extras))
    .map(([known, extra]) => {
      // Own keys, `__proto__` included (as JSON.parse makes them), never a prototype change.
      const out: Record<string, unknown> = {}
      for (const [key, value] of [...Object.entries(known), ...Object.entries(extra)])
        Object.defineProperty(out, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      return out
    })
}

/** Options of {@link requestOf}. */
export type RequestOptions = {
  /** The chance that a field gets garbage. @default 0.15 */
  broken?: number | undefined
  /** The schema of the items of a list request, when the list schema leaves them `unknown`. */
  item?: SchemaLike | undefined
  /** Every required field and few optional ones (else each field half the time). @default false */
  sparse?: boolean | undefined
}

/** A request for a schema or garbage in its place. */
export function inputOf(
  schema: SchemaLike,
  options: { item?: SchemaLike | undefined } = {},
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: requestOf(schema, { ...options, broken: 0, sparse: true }) },
    { weight: 1, arbitrary: requestOf(schema, { ...options, broken: 0 }) },
    { weight: 5, arbitrary: requestOf(schema, options) },
    { weight: 2, arbitrary: garbage },
  )
}
