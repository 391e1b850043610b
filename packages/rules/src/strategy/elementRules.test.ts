import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { create } from '../Issue.js'
import { fromValibot } from '../internal/valibot.js'
import { elementRules } from './elementRules.js'

const schema = v.array(
  v.pipe(
    v.strictObject({
      kind: v.picklist(['a', 'b']),
      size: v.optional(v.string()),
      note: v.optional(v.number()),
    }),
    elementRules<{ kind: 'a' | 'b'; size?: string | undefined; note?: number | undefined }>(
      (item) =>
        item.kind === 'a' && item.size === undefined
          ? [create({ type: 'missing', path: ['size'], expected: 'a size', received: 'undefined' })]
          : [],
    ),
  ),
)
const issues = (input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.issues ? fromValibot(result.issues).map((i) => [i.type, i.path.join('.')]) : []
}

describe('elementRules', () => {
  test('a rule issue keeps its type and gets the element path', () => {
    expect(issues([{ kind: 'b' }, { kind: 'a' }])).toEqual([['missing', '1.size']])
  })

  test('rules run also when another field of the element failed', () => {
    expect(issues([{ kind: 'a', note: 'x' }])).toEqual([
      ['type', '0.note'],
      ['missing', '0.size'],
    ])
  })

  test('a field that failed its schema gets no second issue from a rule', () => {
    expect(issues([{ kind: 'a', size: 5 }])).toEqual([['type', '0.size']])
  })

  test('a field the rules read is absent from their draft when it failed', () => {
    expect(issues([{ kind: 'c' }])).toEqual([['value', '0.kind']])
  })
})
