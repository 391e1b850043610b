// Every numeric option of the classic futures client is validated by the rules' Options schemas:
// a bad value is a ValidationError naming the option and the rule, at the factory or at the
// call, before anything is sent.
import { ValidationError } from '@tradeline/core'
import { describe, expect, test } from 'vitest'
import { createClassicFuturesClient } from './createClassicFuturesClient.js'

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

/** A client whose every request is recorded (and answered 500): nothing may reach it. */
function recorded() {
  const sent: string[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    sent.push(String(input))
    return new Response('x', { status: 500 })
  }
  const client = createClassicFuturesClient({
    baseUrl: 'http://127.0.0.1:9',
    credentials,
    fetch,
    rateLimiter: false,
  })
  return Object.assign(client, { sent })
}

describe('option validation: the classic futures factory refuses a bad numeric option', () => {
  test.each(
    rows([
      ...transportOptions,
      [['cacheTtlMs'], [-1, ...notWhole]],
      [
        ['reconcile', 'attempts'],
        [0, -1, 101, ...notWhole],
      ],
      [
        ['reconcile', 'baseDelayMs'],
        [-1, ...notWhole],
      ],
    ]),
  )(
    'option validation: createClassicFuturesClient %s = %s is refused naming it',
    (_, __, path, value) => {
      expectRefusal(
        thrown(() => createClassicFuturesClient({ credentials, ...at(path, value) })),
        'createClassicFuturesClient',
        path,
      )
    },
  )
})

describe('option validation: an order-changing call refuses a bad reconcile before anything is sent', () => {
  type Call = (client: ReturnType<typeof recorded>, options: never) => Promise<unknown>
  const calls: readonly (readonly [string, string, Call])[] = [
    ['orders.place', 'classic.placeOrder', (c, o) => c.orders.place({} as never, o)],
    ['orders.reverse', 'classic.clickBackhand', (c, o) => c.orders.reverse({} as never, o)],
    ['orders.modify', 'classic.modifyOrder', (c, o) => c.orders.modify({} as never, o)],
    ['orders.cancel', 'classic.cancelOrder', (c, o) => c.orders.cancel({} as never, o)],
    ['batch.place', 'classic.batchPlaceOrder', (c, o) => c.batch.place([{}] as never, o)],
    ['batch.cancel', 'classic.batchCancelOrders', (c, o) => c.batch.cancel([{}] as never, o)],
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
