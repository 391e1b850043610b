import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { forbidden, missing, presence } from './presence.js'

const fields = v.strictObject({
  kind: v.picklist(['a', 'b']),
  extra: v.optional(v.pipe(v.string(), v.minLength(2))),
})
const endpoint = Endpoint.define({
  id: 'test.presence',
  method: 'POST',
  path: '/test',
  auth: false,
  schema: v.pipe(
    fields,
    presence<v.InferOutput<typeof fields>>(({ valid, given, failed }) => {
      if (valid.kind === 'a' && !given('extra')) return [missing('extra', 'when kind is a')]
      if (valid.kind === 'b' && given('extra')) return [forbidden('extra', 'when kind is b')]
      if (failed('extra')) return [forbidden('kind', 'when extra failed')]
      return []
    }),
  ),
})

function issuesOf(input: unknown): [string, string, string][] {
  const result = Endpoint.check(endpoint, input)
  return (result.issues ?? []).map((issue) => [issue.type, issue.path.join('.'), issue.expected])
}

describe('presence', () => {
  test('reports a missing field with the reason', () => {
    expect(issuesOf({ kind: 'a' })).toEqual([['missing', 'extra', 'a value when kind is a']])
  })

  test('a field sent with a wrong value counts as given, not missing', () => {
    expect(issuesOf({ kind: 'a', extra: 'x' })).toEqual([
      ['length', 'extra', '>=2'],
      ['forbidden', 'kind', 'no value when extra failed'],
    ])
  })

  test('reports a forbidden field with the reason', () => {
    expect(issuesOf({ kind: 'b', extra: 'xy' })).toEqual([
      ['forbidden', 'extra', 'no value when kind is b'],
    ])
  })

  test('an undefined value is not given', () => {
    expect(issuesOf({ kind: 'b', extra: undefined })).toEqual([])
  })

  test('a field that failed is not in `valid`', () => {
    expect(issuesOf({ kind: 'c' })).toEqual([['value', 'kind', '("a" | "b")']])
  })

  test('does nothing on input that is no object', () => {
    expect(issuesOf('x').map(([type]) => type)).toEqual(['type'])
    expect(issuesOf(null).map(([type]) => type)).toEqual(['type'])
  })
})

describe('missing', () => {
  test('builds a missing finding', () => {
    expect(missing('a', 'when b')).toEqual({ key: 'a', type: 'missing', when: 'when b' })
  })
})

describe('forbidden', () => {
  test('builds a forbidden finding', () => {
    expect(forbidden('a', 'when b')).toEqual({ key: 'a', type: 'forbidden', when: 'when b' })
  })
})
