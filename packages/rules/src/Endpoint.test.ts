import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import * as Endpoint from './Endpoint.js'
import { ValidationError } from './Endpoint.js'
import { BaseError } from './Errors.js'
import { create, describe as describeValue } from './Issue.js'
import { decimal, oneOf, positiveDecimal } from './internal/fields.js'
import * as TickSize from './TickSize.js'

type Context = { instrument?: TickSize.Instrument | undefined }

const seen: unknown[] = []

/** A small order endpoint: schema, a cross-field rule and an instrument rule. */
const order = Endpoint.define({
  id: 'test.order',
  method: 'POST',
  path: '/api/test/order',
  auth: true,
  schema: v.strictObject({
    symbol: v.string(),
    side: oneOf(['buy', 'sell']),
    orderType: oneOf(['limit', 'market']),
    qty: positiveDecimal,
    price: v.optional(decimal),
    tags: v.optional(v.pipe(v.array(v.string()), v.maxLength(2))),
    leverage: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(125))),
  }),
  rules: [
    (draft) => {
      seen.push({ ...draft })
      if (draft.orderType === 'limit' && draft.price === undefined)
        return [
          create({
            type: 'missing',
            path: ['price'],
            expected: 'a price for a limit order',
            received: describeValue(draft.price),
          }),
        ]
      return undefined
    },
    (draft, context: Context) => {
      const { instrument } = context
      if (!instrument) return []
      return [
        ...(draft.price === undefined ? [] : TickSize.checkPrice(draft.price, instrument)),
        ...(draft.qty === undefined ? [] : TickSize.checkQty(draft.qty, instrument)),
      ]
    },
  ],
})

const btc = { symbol: 'BTCUSDT', priceMultiplier: '0.5', minOrderAmount: '0.001' }
const valid = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '100.5' }

const summary = (result: {
  issues?: readonly { type: string; path: readonly unknown[] }[] | undefined
}) => result.issues?.map((issue) => `${issue.type} ${issue.path.join('.')}`)

describe('define', () => {
  test('keeps the description and defaults the rules to none', () => {
    const time = Endpoint.define({
      id: 'public.getTime',
      method: 'GET',
      path: '/api/v2/public/time',
      auth: false,
      schema: v.strictObject({}),
    })
    expect(time).toMatchObject({ id: 'public.getTime', method: 'GET', auth: false, rules: [] })
    expect(Endpoint.check(time, {})).toEqual({ success: true, output: {} })
  })

  test('a schema given as a function is built on the first read of `schema`, once', () => {
    let builds = 0
    const lazy = Endpoint.define({
      id: 'public.getTime',
      method: 'GET',
      path: '/api/v2/public/time',
      auth: false,
      schema: () => {
        builds++
        return v.strictObject({ a: v.optional(v.string()) })
      },
    })
    expect(builds).toBe(0)
    expect(Object.keys(lazy)).toEqual(['id', 'method', 'path', 'auth', 'schema', 'rules'])
    const first = lazy.schema
    expect(lazy.schema).toBe(first)
    expect(builds).toBe(1)
    expect(Endpoint.check(lazy, { a: 1 })).toMatchObject({
      success: false,
      issues: [{ type: 'type', path: ['a'] }],
    })
    expect(builds).toBe(1)
  })

  test('the same checks and messages whether the schema is given built or as a function', () => {
    const build = () => v.strictObject({ qty: positiveDecimal, side: oneOf(['buy', 'sell']) })
    const base = { id: 'x.y', method: 'POST', path: '/x', auth: true } as const
    const eager = Endpoint.define({ ...base, schema: build() })
    const lazy = Endpoint.define({ ...base, schema: build })
    for (const input of [{}, { qty: '-1', side: 'hold', extra: 1 }, { qty: '1', side: 'buy' }, 7])
      expect(Endpoint.check(lazy, input)).toEqual(Endpoint.check(eager, input))
  })
})

describe('check', () => {
  test('returns the normalised request on success', () => {
    expect(Endpoint.check(order, valid, { instrument: btc })).toEqual({
      success: true,
      output: valid,
    })
  })

  test('returns every issue at once: schema, cross-field and instrument rules', () => {
    const result = Endpoint.check(
      order,
      { symbol: 'BTCUSDT', side: 'hold', orderType: 'limit', qty: '0.0001', tags: ['a', 'b', 'c'] },
      { instrument: btc },
    )
    expect(result.success).toBe(false)
    expect(summary(result)).toEqual(['value side', 'length tags', 'missing price', 'minimum qty'])
  })

  test('the draft holds only the fields that passed their own schema', () => {
    seen.length = 0
    Endpoint.check(order, { ...valid, side: 'hold', qty: '1e3', leverage: 1.5 })
    expect(seen).toEqual([{ symbol: 'BTCUSDT', orderType: 'limit', price: '100.5' }])
  })

  test('rules never see a value of the wrong type, so an off-tick check waits for a decimal', () => {
    const result = Endpoint.check(order, { ...valid, price: 100.3 }, { instrument: btc })
    expect(summary(result)).toEqual(['type price'])
  })

  test('a required field that is absent is missing', () => {
    const { symbol: _, ...rest } = valid
    expect(Endpoint.check(order, rest).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a value",
          "message": "symbol: expected a value, received undefined",
          "path": [
            "symbol",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
    expect(summary(Endpoint.check(order, { ...valid, symbol: undefined }))).toEqual([
      'missing symbol',
    ])
  })

  test('rejects unknown keys', () => {
    const result = Endpoint.check(order, { ...valid, posSide: 'long', extra: 1 })
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a field of this endpoint",
          "message": "posSide: expected a field of this endpoint, received an unknown field",
          "path": [
            "posSide",
          ],
          "received": "an unknown field",
          "type": "unknown",
        },
        {
          "expected": "a field of this endpoint",
          "message": "extra: expected a field of this endpoint, received an unknown field",
          "path": [
            "extra",
          ],
          "received": "an unknown field",
          "type": "unknown",
        },
      ]
    `)
  })

  test.each([
    ['missing', { ...valid, side: undefined }, 'missing side'],
    ['type', { ...valid, symbol: 1 }, 'type symbol'],
    ['value', { ...valid, side: 'BUY' }, 'value side'],
    ['format', { ...valid, orderType: 'market', price: '1e3' }, 'format price'],
    ['length', { ...valid, tags: ['a', 'b', 'c'] }, 'length tags'],
    ['range', { ...valid, leverage: 126 }, 'range leverage'],
    ['a field check', { ...valid, qty: '0.000' }, 'range qty'],
    ['unknown', { ...valid, px: '1' }, 'unknown px'],
  ])('maps a valibot issue to our type: %s', (_, input, expected) => {
    expect(summary(Endpoint.check(order, input))).toEqual([expected])
  })

  test('an issue a rule repeats for the same field and type is reported once', () => {
    const result = Endpoint.check(order, { ...valid, price: undefined, symbol: undefined })
    expect(summary(result)).toEqual(['missing symbol', 'missing price'])
    const twice = Endpoint.define({
      id: 'test.twice',
      method: 'POST',
      path: '/x',
      auth: true,
      schema: v.strictObject({ a: v.string() }),
      rules: [
        () => [create({ type: 'value', path: ['a'], expected: 'x', received: 'y' })],
        () => [create({ type: 'value', path: ['a'], expected: 'x', received: 'y' })],
      ],
    })
    expect(summary(Endpoint.check(twice, { a: '' }))).toEqual(['value a'])
  })

  test.each([
    ['null', null, ['type ']],
    ['a string', 'order', ['type ']],
    ['a number', 1, ['type ']],
    ['undefined', undefined, ['missing ']],
  ])('never throws, whatever the input: %s', (_, input, expected) => {
    const result = Endpoint.check(order, input, { instrument: btc })
    expect(summary(result)).toEqual(expected)
  })

  test('never throws on an array for an object schema either', () => {
    const result = Endpoint.check(order, [valid], { instrument: btc })
    expect(result.success).toBe(false)
    expect(summary(result)).toContain('unknown 0')
  })

  test('a rule does not repeat an issue of a field that failed its own schema', () => {
    const result = Endpoint.check(order, { ...valid, price: '1e3' })
    expect(summary(result)).toEqual(['format price'])
  })

  test('reports every unknown key, not only the first (valibot stops at one)', () => {
    const nested = Endpoint.define({
      id: 'test.nested',
      method: 'POST',
      path: '/x',
      auth: true,
      schema: v.strictObject({
        list: v.array(v.strictObject({ a: v.string() })),
        inner: v.optional(v.strictObject({ b: v.string() })),
      }),
    })
    const result = Endpoint.check(nested, {
      list: [{ a: '1', x: 1, y: 2 }, { a: '2' }, { a: '3', z: 3 }],
      inner: { b: '1', c: 1, d: 2 },
      e: 1,
      f: 2,
    })
    expect(summary(result)).toEqual([
      'unknown list.0.x',
      'unknown list.2.z',
      'unknown inner.c',
      'unknown e',
      'unknown list.0.y',
      'unknown inner.d',
      'unknown f',
    ])
  })

  test('the context is optional when the rules need none of it', () => {
    expect(Endpoint.check(order, { ...valid, price: '100.3' }).success).toBe(true)
    expect(Endpoint.check(order, { ...valid, price: '100.3' }, { instrument: btc }).success).toBe(
      false,
    )
  })
})

describe('validate', () => {
  test('a boolean', () => {
    expect(Endpoint.validate(order, valid)).toBe(true)
    expect(Endpoint.validate(order, { ...valid, qty: '0' })).toBe(false)
    expect(Endpoint.validate(order, { ...valid, price: '100.3' }, { instrument: btc })).toBe(false)
  })
})

describe('assert', () => {
  test('returns the normalised request', () => {
    expect(Endpoint.assert(order, valid, { instrument: btc })).toEqual(valid)
  })

  test('throws a ValidationError listing every issue', () => {
    let caught: unknown
    try {
      Endpoint.assert(
        order,
        { ...valid, side: 'hold', price: '100.3', qty: '0.0001', x: 1 },
        {
          instrument: btc,
        },
      )
    } catch (error) {
      caught = error
    }
    expect(ValidationError.isInstance(caught)).toBe(true)
    expect(BaseError.isInstance(caught)).toBe(true)
    const error = caught as ValidationError
    expect(error.endpoint).toBe('test.order')
    expect(error.issues).toHaveLength(4)
    expect(error.message).toMatchInlineSnapshot(`
      "Invalid request for test.order: 4 issues.

      - side: expected ("buy" | "sell"), received "hold"
      - x: expected a field of this endpoint, received an unknown field
      - price: expected a multiple of 0.5 (priceMultiplier of BTCUSDT), received "100.3"
      - qty: expected at least 0.001 (minOrderAmount of BTCUSDT), received "0.0001""
    `)
  })
})

describe('ValidationError', () => {
  test('one issue, singular', () => {
    const error = new ValidationError({
      endpoint: 'unified.placeOrder',
      issues: [
        create({ type: 'missing', path: ['qty'], expected: 'a value', received: 'undefined' }),
      ],
    })
    expect(error.name).toBe('ValidationError')
    expect(error.shortMessage).toBe('Invalid request for unified.placeOrder: 1 issue.')
    expect(error.metaMessages).toEqual(['- qty: expected a value, received undefined'])
  })

  test('JSON.stringify carries the endpoint and the issues', () => {
    const issue = create({
      type: 'tick',
      path: ['price'],
      expected: 'a multiple of 0.5',
      received: '"1"',
    })
    const json = JSON.parse(JSON.stringify(new ValidationError({ endpoint: 'e', issues: [issue] })))
    expect(json).toMatchObject({ name: 'ValidationError', endpoint: 'e', issues: [issue] })
  })
})

describe('check with thousands of unknown keys', () => {
  test('every unknown key is reported once, in work that grows with the keys, not with their square', async () => {
    const { Unified } = await import('./index.js')
    const order = {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: '50000',
    }
    const extra = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, 0]))
    const batch = Array.from({ length: 20 }, () => ({ ...order, ...extra }))
    // The joins of issue paths: a server checking a signed batch of 20 orders with 990 unknown
    // keys each (178 kB) spent 37 s comparing each new issue with every earlier one.
    const join = Array.prototype.join
    let joins = 0
    Array.prototype.join = function (this: unknown[], separator?: string) {
      joins++
      return join.call(this, separator)
    }
    let result: ReturnType<typeof Endpoint.check>
    try {
      result = Endpoint.check(Unified.placeBatch, batch)
    } finally {
      Array.prototype.join = join
    }
    expect(result.success).toBe(false)
    const issues = result.success ? [] : result.issues
    const unknown = issues.filter((issue) => issue.type === 'unknown')
    expect(unknown.length).toBe(20 * 200)
    expect(new Set(unknown.map((issue) => issue.path.join('.'))).size).toBe(20 * 200)
    // Linear: a few joins per issue. Quadratic (before): about 4,000² / 2 = 8 million.
    expect(joins).toBeLessThan(20 * 4_000)
  })
})
