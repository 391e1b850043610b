import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { kinds } from '../test/issues.js'
import { batchRule, batchSchema, sameValueIssues, sizeIssues } from './batch.js'

const item = v.strictObject({
  name: v.pipe(
    v.string(),
    v.transform((value) => value.toUpperCase()),
  ),
  size: v.optional(v.number()),
})

const endpoint = Endpoint.define({
  id: 'test.batch',
  method: 'POST',
  path: '/batch',
  auth: true,
  schema: batchSchema(item),
  rules: [
    batchRule({
      item,
      unsupported: { colour: 'colours are announced but unsupported' },
      each: (entry) =>
        entry.size === 0
          ? [{ type: 'range', path: ['size'], expected: 'x', received: '0', message: 'm' }]
          : [],
      across: (entries) => sameValueIssues(entries, 'name', 'one name per batch'),
    }),
  ],
})

describe('batchSchema', () => {
  test('decision: "Batch request bodies: a top-level JSON array of items"', () => {
    expect(Endpoint.check(endpoint, [{ name: 'a' }, { name: 'A' }])).toEqual({
      success: true,
      output: [{ name: 'A' }, { name: 'A' }],
    })
    expect(kinds(Endpoint.check(endpoint, { orders: [] }).issues)).toEqual([['type', '']])
  })
})

describe('batchRule', () => {
  test('a bad item never hides the issues of the others: every issue at once', () => {
    const result = Endpoint.check(endpoint, [
      { name: 'a', size: 'big' },
      { name: 'b', size: 0 },
      { name: 'a', colour: 'red', extra: 1 },
      'not an object',
    ])
    expect(kinds(result.issues)).toEqual([
      ['type', '0.size'],
      ['range', '1.size'],
      ['unsupported', '2.colour'],
      ['unknown', '2.extra'],
      ['type', '3'],
      ['mismatch', '1.name'],
    ])
    expect(result.issues?.[2]).toMatchInlineSnapshot(`
      {
        "expected": "no colour (colours are announced but unsupported)",
        "message": "[2].colour: expected no colour (colours are announced but unsupported), received "red"",
        "path": [
          2,
          "colour",
        ],
        "received": ""red"",
        "type": "unsupported",
      }
    `)
  })
})

describe('sizeIssues', () => {
  test('at most 20 orders per batch (and at least one)', () => {
    expect(sizeIssues(1)).toEqual([])
    expect(sizeIssues(20)).toEqual([])
    expect(kinds(sizeIssues(21))).toEqual([['length', '']])
    expect(sizeIssues(0)[0]?.message).toBe(
      'request: expected from 1 to 20 orders per batch, received 0 orders',
    )
  })
})

describe('sameValueIssues', () => {
  test('every item differing from the first value is a mismatch; absent values are skipped', () => {
    const orders = [undefined, { c: undefined }, { c: 'X' }, { c: 'Y' }, { c: 'X' }, { c: 'Z' }]
    expect(kinds(sameValueIssues(orders, 'c', 'same'))).toEqual([
      ['mismatch', '3.c'],
      ['mismatch', '5.c'],
    ])
    expect(sameValueIssues([{ c: undefined }], 'c', 'same')).toEqual([])
  })
})
