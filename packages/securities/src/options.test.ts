// Every numeric option of the securities client is validated by the rules' Options schemas: a bad
// value is a ValidationError naming the option and the rule, at the factory, before anything is
// created or sent.
import { ValidationError } from '@tradeline/core'
import { describe, expect, test } from 'vitest'
import { createSecuritiesClient } from './createSecuritiesClient.js'

const garbage = [Number.NaN, '', {}, 'ten', '10', Symbol('x'), 10n, new Date(0)]
const notWhole = [1e-9, 0.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]
const label = (value: unknown) =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : typeof value === 'bigint'
      ? `${value}n`
      : value instanceof Date
        ? 'a Date'
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value)
const credentials = { apiKey: 'bg_key', secret: 'secret', passphrase: 'pass' }

function at(path: readonly string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path as [string, ...string[]]
  return { [key]: rest.length === 0 ? value : at(rest, value) }
}

function rows(options: readonly (readonly [path: string[], bad: readonly unknown[]])[]) {
  return options.flatMap(([path, bad]) =>
    [...bad, ...garbage].map((value) => [path.join('.'), label(value), path, value] as const),
  )
}

/** A ValidationError of `name` with one issue, at `path`, naming the option. */
function expectRefusal(error: unknown, name: string, path: readonly string[]) {
  expect(ValidationError.isInstance(error), String(error)).toBe(true)
  const { endpoint, issues, message } = error as ValidationError
  expect(endpoint).toBe(name)
  expect(issues.map((issue) => issue.path)).toEqual([path])
  expect(message).toContain(`${path.join('.')}: expected `)
}

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

const transportOptions = [
  [['timeout'], [0, -1, 2 ** 31, true, ...notWhole]],
  [
    ['retry', 'limit'],
    [-1, 101, ...notWhole],
  ],
  [
    ['retry', 'baseDelayMs'],
    [-1, ...notWhole],
  ],
  [
    ['retry', 'maxDelayMs'],
    [-1, ...notWhole],
  ],
  [
    ['retry', 'maxRetryAfterMs'],
    [-1, ...notWhole],
  ],
] as const satisfies readonly (readonly [string[], readonly unknown[]])[]

describe('option validation: the securities factory refuses a bad numeric option', () => {
  test.each(rows(transportOptions))(
    'option validation: createSecuritiesClient %s = %s is refused naming it',
    (_, __, path, value) => {
      expectRefusal(
        thrown(() => createSecuritiesClient({ credentials, ...at(path, value) })),
        'createSecuritiesClient',
        path,
      )
    },
  )

  test('good values and the defaults are taken', () => {
    expect(() =>
      createSecuritiesClient({ credentials, timeout: false, retry: { limit: 0, baseDelayMs: 0 } }),
    ).not.toThrow()
    expect(() => createSecuritiesClient()).not.toThrow()
  })
})
