/**
 * Shared inputs and checks of the option-validation tests: every numeric option of the clients
 * and core is validated by the rules' `Options` schemas, so a bad value is a `ValidationError`
 * naming the option and the rule, before anything is created or sent.
 */
import { describe, expect, test } from 'vitest'

/** Values of no numeric option: not a number at all. */
export const garbage: readonly unknown[] = [
  Number.NaN,
  '',
  {},
  'ten',
  '10',
  Symbol('x'),
  10n,
  new Date(0),
]
/** Numbers that are not whole, or not finite. */
export const notWhole: readonly unknown[] = [
  1e-9,
  0.5,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
]

/** Credentials of no real account (the factories need some; nothing is sent). */
export const credentials = { apiKey: 'bg_key', secret: 'secret', passphrase: 'pass' } as const

/** How a value reads in a test title. */
export function label(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'bigint') return `${value}n`
  if (value instanceof Date) return 'a Date'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** `value` set at `path` of an empty object. */
export function at(path: readonly string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path as [string, ...string[]]
  return { [key]: rest.length === 0 ? value : at(rest, value) }
}

/** An option's path and its bad values (besides {@link garbage}). */
export type OptionCase = readonly [path: readonly string[], bad: readonly unknown[]]

/** Rows of [option, value label, path, value] for each option and its bad values. */
export function rows(options: readonly OptionCase[]) {
  return options.flatMap(([path, bad]) =>
    [...bad, ...garbage].map((value) => [path.join('.'), label(value), path, value] as const),
  )
}

/** What `run` threw (`undefined` when it returned). */
export function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

/** A `ValidationError` of `name` with one issue, at `path`, naming the option. */
export function expectRefusal(error: unknown, name: string, path: readonly string[]): void {
  const refusal = error as {
    name?: unknown
    endpoint?: unknown
    issues?: unknown
    message?: unknown
  }
  expect(refusal?.name, String(error)).toBe('ValidationError')
  expect(refusal.endpoint).toBe(name)
  expect((refusal.issues as { path: unknown }[]).map((issue) => issue.path)).toEqual([path])
  expect(refusal.message).toContain(`${path.join('.')}: expected `)
}

/** The numeric options of the transport (every factory takes them). */
export const transportCases: readonly OptionCase[] = [
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
]

/**
 * The transport options that are not numbers, each with values of a shape the transport cannot
 * use (no {@link garbage} added: a string is a good `locale`). Every factory that takes the
 * transport options refuses them naming the option, before anything is created.
 */
export const shapeCases: readonly OptionCase[] = [
  [['baseUrl'], ['', 'api.bitget.com', 'ftp://127.0.0.1', 5, {}]],
  [['credentials'], ['bg_key', 5, true]],
  [
    ['credentials', 'apiKey'],
    ['', 5, {}],
  ],
  [
    ['credentials', 'secret'],
    ['', 5],
  ],
  [
    ['credentials', 'passphrase'],
    [5, {}],
  ],
  [
    ['credentials', 'privateKey'],
    ['', 5],
  ],
  [['locale'], [5, {}]],
  [['demoTrading'], ['yes', 1]],
  [['syncClock'], ['true', 0]],
  [['channelApiCode'], [5]],
  [['fetch'], ['fetch', {}]],
  [['http'], ['node', 1]],
  [['dispatcher'], ['pool', 5]],
  [['signal'], [{}, 'abort']],
  [['hooks'], ['log', 5]],
  [
    ['hooks', 'request'],
    [1, 'log'],
  ],
  [['hooks', 'response'], [{}]],
  [['hooks', 'retry'], [true]],
  [['hooks', 'error'], ['log']],
  [['rateLimiter'], [{}, true, 'none']],
  [['clock'], [{}, 5, () => 1]],
  [['signer'], [{}, 'hmac', async () => 'signature']],
  [
    ['retry', 'random'],
    [0.5, 'random'],
  ],
  [['retry', 'wait'], [100]],
  [['product'], ['unified', 5]],
]

/** The options of a trading client beyond the transport's, with shapes it cannot use. */
export const clientShapeCases: readonly OptionCase[] = [
  [['clientOid'], [5, 'tl-1']],
  [['instruments'], [5, 'BTCUSDT', [1], { BTCUSDT: 5 }, true]],
  [['positionMode'], [5, 'hedge_mode', { 'USDT-FUTURES': 'x' }, true]],
]

/** The stream options that are not numbers, with shapes no stream can use (see {@link shapeCases}). */
export const streamShapeCases: readonly OptionCase[] = [
  [['url'], ['', 'https://127.0.0.1:9', 'ws//nope', 5]],
  [['WebSocket'], ['ws', {}]],
  [['timers'], [{}, { now: () => 0 }, 5]],
  [['random'], [0.5]],
  [['demoTrading'], ['yes']],
]

/** What only `createStreamConnection` takes: the callbacks it calls from the socket's events. */
export const connectionShapeCases: readonly OptionCase[] = [
  ...streamShapeCases.filter(([path]) => path[0] !== 'demoTrading'),
  [['onPush'], [5, 'log']],
  [['login'], ['token']],
  [['gate'], [{}]],
  [['deliveryPart'], [5000]],
  [['onReady'], [true]],
  [['onResume'], [{}]],
  [['onSubscribeError'], ['log']],
  [['onFail'], [1]],
  [['onEvent'], [5]],
]

/** `base` with `value` set at `path` (the objects on the way copied, others kept). */
export function setAt(
  base: Readonly<Record<string, unknown>>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [key, ...rest] = path as [string, ...string[]]
  const inner = base[key]
  return {
    ...base,
    [key]:
      rest.length === 0
        ? value
        : setAt(
            typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {},
            rest,
            value,
          ),
  }
}

/** Rows of [option, value label, path, value] of {@link shapeCases}-like cases, nothing added. */
export function shapeRows(options: readonly OptionCase[]) {
  return options.flatMap(([path, bad]) =>
    bad.map((value) => [path.join('.'), label(value), path, value] as const),
  )
}

/** The numeric options of a trading client: the transport's, `cacheTtlMs` and `reconcile`. */
export const tradingCases: readonly OptionCase[] = [
  ...transportCases,
  [['cacheTtlMs'], [-1, ...notWhole]],
  [
    ['reconcile', 'attempts'],
    [0, -1, 101, ...notWhole],
  ],
  [
    ['reconcile', 'baseDelayMs'],
    [-1, ...notWhole],
  ],
]

/**
 * Tests that the factory `name` refuses each bad value of `cases` naming the option, and takes
 * good values and its defaults.
 */
export function factoryRefusals(
  name: string,
  create: (options?: Record<string, unknown>) => unknown,
  cases: readonly OptionCase[],
  /** A trading client: also `clientOid`, `instruments` and `positionMode` ({@link clientShapeCases}). */
  trading = cases === tradingCases,
): void {
  describe(`option validation: ${name} refuses a bad numeric option`, () => {
    test.each(rows(cases))(
      `option validation: ${name} %s = %s is refused naming it`,
      (_, __, path, value) => {
        expectRefusal(
          thrown(() => create({ credentials, ...at(path, value) })),
          name,
          path,
        )
      },
    )

    test('good values and the defaults are taken', () => {
      expect(() =>
        create({ credentials, timeout: false, retry: { limit: 0, baseDelayMs: 0 } }),
      ).not.toThrow()
      expect(() => create()).not.toThrow()
    })

    test.each(shapeRows([...shapeCases, ...(trading ? clientShapeCases : [])]))(
      `option validation: ${name} %s = %s (a shape it cannot use) is refused naming it`,
      (_, __, path, value) => {
        expectRefusal(
          thrown(() => create(setAt({ credentials }, path, value))),
          name,
          path,
        )
      },
    )

    test('options of a good shape are taken', () => {
      expect(() =>
        create({
          baseUrl: 'http://127.0.0.1:1/prefix',
          credentials,
          locale: 'zh-CN',
          demoTrading: true,
          fetch: async () => new Response('{}'),
          hooks: { request: () => {} },
          rateLimiter: false,
          clock: { now: () => 0 },
          signer: { sign: async () => 'signature' },
          retry: { random: () => 0, wait: async () => {} },
          signal: new AbortController().signal,
          ...(trading && {
            clientOid: () => 'tl-1',
            instruments: { BTCUSDT: { symbol: 'BTCUSDT' } },
            positionMode: { 'USDT-FUTURES': 'hedge', 'COIN-FUTURES': undefined },
          }),
        }),
      ).not.toThrow()
      if (trading)
        for (const positionMode of [false, 'one_way', async () => 'hedge'])
          expect(() =>
            create({ credentials, positionMode, instruments: () => undefined }),
          ).not.toThrow()
    })
  })
}

/** A fetch that records every request and answers HTTP 500: a test asserts nothing reached it. */
export function recordingFetch(): { fetch: typeof globalThis.fetch; sent: string[] } {
  const sent: string[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    sent.push(String(input))
    return new Response('x', { status: 500 })
  }
  return { fetch, sent }
}

/** A call of a client with the options of one test: its method name, its endpoint id, the call. */
export type OptionCall<client> = readonly [
  method: string,
  endpoint: string,
  call: (client: client, options: never) => Promise<unknown>,
]

/**
 * Tests that each order-changing call refuses a bad `reconcile` of its own, naming it, before
 * anything is sent (`make` gives a client over {@link recordingFetch} and what it sent).
 */
export function callRefusals<client>(
  make: () => { client: client; sent: readonly string[] },
  calls: readonly OptionCall<client>[],
): void {
  describe('option validation: an order-changing call refuses a bad reconcile before anything is sent', () => {
    const cases: readonly OptionCase[] = [
      [
        ['reconcile', 'attempts'],
        [0, 101, 1e-9],
      ],
      [
        ['reconcile', 'baseDelayMs'],
        [-1, 1e-9],
      ],
    ]
    test.each(
      calls.flatMap(([method, endpoint, call]) =>
        rows(cases).map(
          ([option, value, path, raw]) =>
            [method, option, value, endpoint, call, path, raw] as const,
        ),
      ),
    )(
      'option validation: %s with %s = %s is refused naming it, nothing sent',
      async (_, __, ___, endpoint, call, path, value) => {
        const { client, sent } = make()
        const error = await call(client, at(path, value) as never).catch((e: unknown) => e)
        expectRefusal(error, endpoint, path)
        expect(sent).toEqual([])
      },
    )
  })
}
