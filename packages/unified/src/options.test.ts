// Every numeric option of the unified client is validated by the rules' Options schemas: a bad
// value is a ValidationError naming the option and the rule, at the factory or at the call,
// before anything is sent.
import { ValidationError } from '@tradeline/core'
import { describe, expect, test } from 'vitest'
import { createUnifiedBaseClient } from './createUnifiedBaseClient.js'
import { createUnifiedClient } from './createUnifiedClient.js'
import { DeadManSwitch } from './DeadManSwitch.js'
import { lookUpStrategyOrder } from './reconcile.js'
import { createUnifiedStream } from './stream/createUnifiedStream.js'

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

/** A client whose every request is recorded (and answered 500): nothing may reach it. */
function recorded() {
  const sent: string[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    sent.push(String(input))
    return new Response('x', { status: 500 })
  }
  const client = createUnifiedClient({
    baseUrl: 'http://127.0.0.1:9',
    credentials,
    fetch,
    rateLimiter: false,
  })
  return Object.assign(client, { sent })
}

const factoryOptions = rows([
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
  [['cacheTtlMs'], [-1, ...notWhole]],
  [
    ['reconcile', 'attempts'],
    [0, -1, 101, ...notWhole],
  ],
  [
    ['reconcile', 'baseDelayMs'],
    [-1, ...notWhole],
  ],
])

describe('option validation: the unified factories refuse a bad numeric option', () => {
  test.each(factoryOptions)(
    'option validation: createUnifiedClient %s = %s is refused naming it',
    (_, __, path, value) => {
      expectRefusal(
        thrown(() => createUnifiedClient({ credentials, ...at(path, value) })),
        'createUnifiedClient',
        path,
      )
    },
  )

  test.each(factoryOptions)(
    'option validation: createUnifiedBaseClient %s = %s is refused naming it',
    (_, __, path, value) => {
      expectRefusal(
        thrown(() => createUnifiedBaseClient({ credentials, ...at(path, value) })),
        'createUnifiedBaseClient',
        path,
      )
    },
  )
})

describe('option validation: an order-changing call refuses a bad reconcile before anything is sent', () => {
  type Call = (client: ReturnType<typeof recorded>, options: never) => Promise<unknown>
  const calls: readonly (readonly [string, string, Call])[] = [
    ['orders.place', 'unified.placeOrder', (c, o) => c.orders.place({} as never, o)],
    ['orders.modify', 'unified.modifyOrder', (c, o) => c.orders.modify({} as never, o)],
    ['orders.cancel', 'unified.cancelOrder', (c, o) => c.orders.cancel({} as never, o)],
    ['strategy.place', 'strategy.placeStrategyOrder', (c, o) => c.strategy.place({} as never, o)],
    ['batch.place', 'unified.placeBatch', (c, o) => c.batch.place([{}] as never, o)],
    ['batch.modify', 'unified.batchModifyOrder', (c, o) => c.batch.modify([{}] as never, o)],
    ['batch.cancel', 'unified.cancelBatch', (c, o) => c.batch.cancel([{}] as never, o)],
  ]
  test.each(
    calls.flatMap(([method, endpoint, call]) =>
      rows([
        [
          ['reconcile', 'attempts'],
          [0, 101, 1e-9],
        ],
        [
          ['reconcile', 'baseDelayMs'],
          [-1, 1e-9],
        ],
      ]).map(
        ([option, value, path, raw]) => [method, option, value, endpoint, call, path, raw] as const,
      ),
    ),
  )(
    'option validation: %s with %s = %s is refused naming it, nothing sent',
    async (_, __, ___, endpoint, call, path, value) => {
      const client = recorded()
      const error = await call(client, at(path, value) as never).catch((e: unknown) => e)
      expectRefusal(error, endpoint, path)
      expect(client.sent).toEqual([])
    },
  )
})

describe('option validation: the dead-man switch, the stream and the strategy lookup', () => {
  test.each(
    rows([
      [['window'], [0, -10, 4, 61, ...notWhole]],
      [['interval'], [0, -1, 0.5, 10, Number.POSITIVE_INFINITY]],
      [['heartbeatTimeout'], [0, -1, 10, Number.POSITIVE_INFINITY]],
      [['timestampTolerance'], [-1, 3601, Number.POSITIVE_INFINITY]],
    ]),
  )(
    'option validation: DeadManSwitch %s = %s is refused naming it, nothing sent',
    (_, __, path, value) => {
      const client = recorded()
      expectRefusal(
        thrown(() => new DeadManSwitch(client, at(path, value))),
        'DeadManSwitch',
        path,
      )
      expect(client.sent).toEqual([])
    },
  )

  test.each(
    rows([
      [['pingIntervalMs'], [0, -1, ...notWhole]],
      [['pongTimeoutMs'], [0, -1, ...notWhole]],
      [['answerTimeoutMs'], [0, -1, ...notWhole]],
      [
        ['backoff', 'initialMs'],
        [0, -1, ...notWhole],
      ],
      [
        ['backoff', 'maxMs'],
        [0, -1, ...notWhole],
      ],
      [['maxAgeMs'], [0, -1, ...notWhole]],
    ]),
  )('option validation: createUnifiedStream %s = %s is refused naming it', (_, __, path, value) => {
    expectRefusal(
      thrown(() =>
        createUnifiedStream(recorded(), {
          credentials,
          url: 'ws://127.0.0.1:9',
          ...at(path, value),
        }),
      ),
      'createUnifiedStream',
      path,
    )
  })

  test.each(rows([[['highWaterMark'], [0, -1, ...notWhole]]]))(
    'option validation: stream.orders %s = %s is refused naming it, nothing opened',
    async (_, __, path, value) => {
      const stream = createUnifiedStream(recorded(), { credentials, url: 'ws://127.0.0.1:9' })
      try {
        expectRefusal(
          thrown(() => stream.orders(at(path, value))),
          'stream.orders',
          path,
        )
        expect(stream.state).toBe('idle')
      } finally {
        await stream.close()
      }
    },
  )

  test.each(rows([[['maxPages'], [0, -1, 1001, ...notWhole]]]))(
    'option validation: lookUpStrategyOrder %s = %s is refused naming it, nothing sent',
    async (_, __, path, value) => {
      const client = recorded()
      const error = await lookUpStrategyOrder(
        client,
        { category: 'USDT-FUTURES', clientOid: 'x' },
        at(path, value),
      ).catch((e: unknown) => e)
      expectRefusal(error, 'lookUpStrategyOrder', path)
      expect(client.sent).toEqual([])
    },
  )
})
