import { describe, expect, test } from 'vitest'
import { ValidationError } from './Endpoint.js'
import * as Options from './Options.js'

/** Values no numeric option takes. */
const garbage = [Number.NaN, '', {}, 'ten', '10', [], true, Symbol('x'), 10n, new Date()]
/** Values a whole number refuses beside the garbage. */
const fractions = [1e-9, 0.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]

/** Sets `value` at `path` of an empty options object. */
function at(path: readonly string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path as [string, ...string[]]
  return { [key]: rest.length === 0 ? value : at(rest, value) }
}

/** Each numeric option: its schema, its path, values refused beside the garbage, values taken. */
const table: {
  schema: Parameters<typeof Options.check>[0]
  path: string[]
  expected: string
  bad: unknown[]
  good: unknown[]
}[] = [
  {
    schema: Options.transport,
    path: ['timeout'],
    expected: 'a whole number of milliseconds from 1 to 2147483647',
    bad: [0, -1, 2 ** 31, true, ...fractions],
    good: [1, 10_000, false, Options.maxTimerMs],
  },
  ...(['baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const).map((name) => ({
    schema: Options.transport,
    path: ['retry', name],
    expected: 'a whole number of milliseconds from 0 to 2147483647',
    bad: [-1, 2 ** 31, ...fractions],
    good: [0, 250, Options.maxTimerMs],
  })),
  {
    schema: Options.transport,
    path: ['retry', 'limit'],
    expected: 'a whole number of retries from 0 to 100',
    bad: [-1, 101, ...fractions],
    good: [0, 2, 100],
  },
  {
    schema: Options.request,
    path: ['timeout'],
    expected: 'a whole number of milliseconds from 1 to 2147483647',
    bad: [0, -5, ...fractions],
    good: [1, false],
  },
  {
    schema: Options.tradingClient,
    path: ['cacheTtlMs'],
    expected: 'a whole number of milliseconds from 0 to 9007199254740991',
    bad: [-1, ...fractions],
    good: [0, 300_000],
  },
  ...[Options.tradingClient, Options.changeCall].flatMap((schema) => [
    {
      schema,
      path: ['reconcile', 'attempts'],
      expected: 'a whole number of lookups from 1 to 100',
      bad: [0, -1, 101, ...fractions],
      good: [1, 6, 100],
    },
    {
      schema,
      path: ['reconcile', 'baseDelayMs'],
      expected: 'a whole number of milliseconds from 0 to 2147483647',
      bad: [-1, 2 ** 31, ...fractions],
      good: [0, 250],
    },
  ]),
  {
    schema: Options.loadCache,
    path: ['ttlMs'],
    expected: 'a whole number of milliseconds from 0 to 9007199254740991',
    bad: [-1, ...fractions],
    good: [0, 300_000],
  },
  {
    schema: Options.deadManSwitch,
    path: ['window'],
    expected: 'a whole number of seconds from 5 to 60',
    bad: [0, -10, 4, 61, ...fractions],
    good: [5, 10, 60],
  },
  {
    schema: Options.deadManSwitch,
    path: ['interval'],
    expected: 'a number of seconds, at least 1 second and shorter than the window',
    bad: [0, -1, 0.5, 10, 11, 1e-9, Number.POSITIVE_INFINITY],
    good: [1, 4, 9.5],
  },
  {
    schema: Options.deadManSwitch,
    path: ['heartbeatTimeout'],
    expected: 'a number of seconds, more than 0 and shorter than the window',
    bad: [0, -1, 10, Number.POSITIVE_INFINITY],
    good: [1e-9, 0.5, 3, 9.9],
  },
  {
    schema: Options.deadManSwitch,
    path: ['timestampTolerance'],
    expected: 'a number of seconds from 0 to 3600',
    bad: [-1, 3601, Number.POSITIVE_INFINITY],
    good: [0, 0.5, 30, 3600],
  },
  ...(['pingIntervalMs', 'pongTimeoutMs', 'answerTimeoutMs', 'maxAgeMs'] as const).map((name) => ({
    schema: Options.streamConnection,
    path: [name],
    expected: 'a whole number of milliseconds from 1 to 2147483647',
    bad: [0, -1, 2 ** 31, ...fractions],
    good: [1, 30_000],
  })),
  ...(['initialMs', 'maxMs'] as const).map((name) => ({
    schema: Options.streamConnection,
    path: ['backoff', name],
    expected: 'a whole number of milliseconds from 1 to 2147483647',
    bad: [0, -1, ...fractions],
    good: [1, 500],
  })),
  {
    schema: Options.streamConnection,
    path: ['maxMessageBytes'],
    expected: 'a whole number of bytes from 1024 to 1073741824',
    bad: [0, 1023, 2 ** 30 + 1, ...fractions],
    good: [1024, 4_194_304, 2 ** 30],
  },
  {
    schema: Options.streamConnection,
    path: ['limits', 'marginMs'],
    expected: 'a number of milliseconds from 0 to 60000',
    bad: [-1, 60_001, -1e-9, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
    good: [0, 0.5, 250, 60_000],
  },
  {
    schema: Options.streamRead,
    path: ['highWaterMark'],
    expected: 'a whole number of events from 1 to 9007199254740991',
    bad: [0, -1, ...fractions],
    good: [1, 10_000],
  },
  {
    schema: Options.executionsWalk,
    path: ['windowDays'],
    expected: 'a whole number of days from 1 to 90',
    bad: [0, -1, 91, ...fractions],
    good: [1, 30, 90],
  },
  {
    schema: Options.strategyLookup,
    path: ['maxPages'],
    expected: 'a whole number of pages from 1 to 1000',
    bad: [0, -1, 1001, ...fractions],
    good: [1, 10],
  },
]

const name = (path: string[]) => path.join('.')

/** A value as the test title shows it. */
function label(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'bigint') return `${value}n`
  if (value instanceof Date) return 'a Date'
  if (typeof value === 'object' && value !== null) return JSON.stringify(value)
  return String(value)
}

describe('Options: every numeric option is validated (finite, whole where it counts, in range)', () => {
  test.each(
    table.flatMap((row) =>
      [...row.bad, ...garbage].map((value) => [name(row.path), label(value), row, value] as const),
    ),
  )('option validation: %s = %s is refused naming the option and the rule', (_, __, row, value) => {
    const result = Options.check(row.schema, at(row.path, value))
    expect(result.success).toBe(false)
    expect(result.issues).toHaveLength(1)
    const [issue] = result.issues ?? []
    expect(issue?.path).toEqual(row.path)
    expect(issue?.message.startsWith(`${name(row.path)}: expected `)).toBe(true)
    // A number out of range or not whole names the rule; a non-number may name the union.
    if (typeof value === 'number' && !Number.isNaN(value))
      expect(issue?.message).toContain(row.expected)
  })

  test.each(
    table.flatMap((row) =>
      [...row.good, undefined, null].map(
        (value) => [name(row.path), label(value), row, value] as const,
      ),
    ),
  )('option validation: %s = %s is taken', (_, __, row, value) => {
    expect(Options.check(row.schema, at(row.path, value))).toMatchObject({ success: true })
  })

  test('the dead-man switch interval and heartbeat timeout are compared with the window given', () => {
    expect(Options.check(Options.deadManSwitch, { window: 30, interval: 20 }).success).toBe(true)
    expect(
      Options.check(Options.deadManSwitch, { window: 5, heartbeatTimeout: 5 }).issues?.map(
        (issue) => issue.path,
      ),
    ).toEqual([['heartbeatTimeout']])
  })

  test('a check against the window names the value received, not the options object', () => {
    const issues = Options.check(Options.deadManSwitch, { window: 10, interval: 11 }).issues
    expect(issues?.map((issue) => issue.message)).toEqual([
      'interval: expected a number of seconds, at least 1 second and shorter than the window, received 11',
    ])
  })

  test('stream limits are false or an object; anything else is refused naming limits', () => {
    expect(Options.check(Options.streamConnection, { limits: false }).success).toBe(true)
    expect(Options.check(Options.streamConnection, { limits: {} }).success).toBe(true)
    for (const limits of [true, 0, 'none', 250, [], Number.NaN]) {
      const result = Options.check(Options.streamConnection, { limits })
      expect(result.issues?.map((issue) => issue.path)).toEqual([['limits']])
      expect(result.issues?.[0]?.message).toContain('limits: expected false or an object')
    }
  })

  test('options that are not an object are refused as such; other keys are not looked at', () => {
    expect(Options.check(Options.transport, 'x').issues?.[0]?.message).toBe(
      'options: expected an object, received "x"',
    )
    expect(Options.check(Options.transport, { credentials: 1, timeout: 5 }).success).toBe(true)
  })

  test('assert throws a ValidationError of the factory or call named, listing every issue', () => {
    let error: unknown
    try {
      Options.assert('createTransport', Options.transport, {
        timeout: Number.NaN,
        retry: { limit: 1e-9 },
      })
    } catch (e) {
      error = e
    }
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ endpoint: 'createTransport' })
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
      ['timeout'],
      ['retry', 'limit'],
    ])
    expect((error as ValidationError).message).toContain(
      'retry.limit: expected a whole number of retries from 0 to 100, received 1e-9',
    )
  })
})
