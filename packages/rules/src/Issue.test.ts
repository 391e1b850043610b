import { describe, expect, test } from 'vitest'
import * as Issue from './Issue.js'

describe('issueTypes', () => {
  test('the stable, documented set of issue types', () => {
    expect(Issue.issueTypes).toMatchInlineSnapshot(`
      [
        "missing",
        "type",
        "value",
        "format",
        "length",
        "range",
        "unknown",
        "tick",
        "precision",
        "lot",
        "minimum",
        "forbidden",
        "one_of",
        "unsupported",
        "mismatch",
        "duplicate",
      ]
    `)
    expect(new Set(Issue.issueTypes).size).toBe(Issue.issueTypes.length)
  })
})

describe('create', () => {
  test('the message names the field and the rule', () => {
    expect(
      Issue.create({
        type: 'tick',
        path: ['price'],
        expected: 'a multiple of 0.5',
        received: '"1.2"',
      }),
    ).toEqual({
      type: 'tick',
      path: ['price'],
      expected: 'a multiple of 0.5',
      received: '"1.2"',
      message: 'price: expected a multiple of 0.5, received "1.2"',
    })
  })

  test('an empty path is the whole request', () => {
    expect(
      Issue.create({
        type: 'length',
        path: [],
        expected: 'at most 20 items',
        received: 'Array(21)',
      }).message,
    ).toBe('request: expected at most 20 items, received Array(21)')
  })

  test('a given message wins', () => {
    expect(
      Issue.create({
        type: 'one_of',
        path: ['orderId'],
        expected: 'one of orderId, clientOid',
        received: 'undefined',
        message: 'orderId: one of orderId or clientOid is required',
      }).message,
    ).toBe('orderId: one of orderId or clientOid is required')
  })
})

describe('formatPath', () => {
  test.each([
    [[], ''],
    [['price'], 'price'],
    [['orders', 3, 'price'], 'orders[3].price'],
    [[0, 'qty'], '[0].qty'],
    [['a', 'b', 1, 2], 'a.b[1][2]'],
  ] as const)('formatPath(%j) is %j', (path, expected) => {
    expect(Issue.formatPath(path)).toBe(expected)
  })
})

describe('describe', () => {
  test.each([
    [undefined, 'undefined'],
    ['1.5', '"1.5"'],
    ['say "hi"', '"say \\"hi\\""'],
    [1.5, '1.5'],
    [true, 'true'],
    [null, 'null'],
    [[1, 2, 3], 'Array(3)'],
    [{ a: 1 }, 'object'],
    [10n, 'bigint'],
  ] as const)('describes %s as %s', (value, expected) => {
    expect(Issue.describe(value)).toBe(expected)
  })
})

describe('prefix', () => {
  const issue = Issue.create({
    type: 'tick',
    path: ['price'],
    expected: 'a multiple of 0.5',
    received: '"1.2"',
  })

  test('prefixes the path and the message', () => {
    expect(Issue.prefix(['orders', 2], [issue])).toEqual([
      {
        ...issue,
        path: ['orders', 2, 'price'],
        message: 'orders[2].price: expected a multiple of 0.5, received "1.2"',
      },
    ])
  })

  test('a whole-request issue takes the prefix as its field', () => {
    const whole = Issue.create({ type: 'mismatch', path: [], expected: 'x', received: 'y' })
    expect(Issue.prefix([4], [whole])[0]?.message).toBe('[4]: expected x, received y')
  })

  test('a custom message that does not start with the field keeps its text after the prefix', () => {
    const custom = { ...issue, message: 'price is off' }
    expect(Issue.prefix([1], [custom])[0]?.message).toBe('[1].price: price is off')
  })

  test('an empty prefix returns a copy', () => {
    const list = [issue]
    const out = Issue.prefix([], list)
    expect(out).toEqual(list)
    expect(out).not.toBe(list)
  })

  test('does not change the given issues', () => {
    Issue.prefix(['orders', 0], [issue])
    expect(issue.path).toEqual(['price'])
  })
})
