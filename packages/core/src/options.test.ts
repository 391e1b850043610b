// Every numeric option of core is validated by the rules' Options schemas: a bad value is a
// ValidationError naming the option and the rule, at the factory or at the call, before anything
// is sent.
import {
  at,
  connectionShapeCases,
  credentials,
  expectRefusal,
  notWhole,
  rows,
  setAt,
  shapeCases,
  shapeRows,
  streamShapeCases,
  thrown,
} from '@tradeline/fuzz/options'
import { Unified, ValidationError } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createLoadCache } from './createLoadCache.js'
import { createTransport } from './createTransport.js'
import { createMarketStream } from './market/createMarketStream.js'
import { createStreamConnection } from './stream/createStreamConnection.js'
import { createEventQueue } from './stream/EventQueue.js'
import {
  caught,
  startTestServer,
  type TestServer,
  testTransport,
  unexpected,
} from './test/server.js'

/** Runs `create`, expecting a ValidationError of `name` with one issue at `path`. */
function expectRefused(create: () => unknown, name: string, path: readonly string[]) {
  expectRefusal(thrown(create), name, path)
}

describe('option validation: createTransport refuses a bad numeric option at the factory', () => {
  test.each(
    rows([
      [['timeout'], [0, -1, 2 ** 31, true, ...notWhole]],
      [
        ['retry', 'limit'],
        [-1, 101, ...notWhole],
      ],
      [
        ['retry', 'baseDelayMs'],
        [-1, 2 ** 31, ...notWhole],
      ],
      [
        ['retry', 'maxDelayMs'],
        [-1, ...notWhole],
      ],
      [
        ['retry', 'maxRetryAfterMs'],
        [-1, ...notWhole],
      ],
    ]),
  )('option validation: createTransport %s = %s is refused', (_, __, path, value) => {
    expectRefused(() => createTransport(at(path, value) as never), 'createTransport', path)
  })

  test('good values and the defaults are taken', () => {
    expect(() =>
      createTransport({
        timeout: false,
        retry: { limit: 0, baseDelayMs: 0, maxDelayMs: 4000, maxRetryAfterMs: 30_000 },
      }),
    ).not.toThrow()
    expect(() => createTransport({ timeout: 1 })).not.toThrow()
    expect(() => createTransport()).not.toThrow()
  })
})

describe('option validation: createTransport refuses an option of a shape it cannot use', () => {
  test.each(shapeRows(shapeCases))(
    'option validation: createTransport %s = %s is refused naming it',
    (_, __, path, value) => {
      const options = setAt({ credentials }, path, value)
      expectRefused(() => createTransport(options as never), 'createTransport', path)
    },
  )

  test('before: a signer without sign, a clock without now and a limiter without acquire were TypeErrors of the first call; now each is named at the factory', () => {
    const error = thrown(() =>
      createTransport({ signer: {}, clock: {}, rateLimiter: {} } as never),
    ) as ValidationError
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'rateLimiter',
      'clock',
      'signer',
    ])
    expect(error.message).toContain('signer: expected an object with sign')
  })

  test('a credential of the wrong type is named by its type, its value never quoted', () => {
    const error = thrown(() =>
      createTransport({
        credentials: { apiKey: 112233445566, secret: 998877665544, passphrase: 5544332211 },
      } as never),
    ) as ValidationError
    expect(error.issues.map((issue) => [issue.path.join('.'), issue.received])).toEqual([
      ['credentials.apiKey', 'number'],
      ['credentials.passphrase', 'number'],
      ['credentials.secret', 'number'],
    ])
    const everything = `${error.message} ${JSON.stringify(error)} ${String(error.stack)}`
    for (const secret of ['112233445566', '998877665544', '5544332211'])
      expect(everything).not.toContain(secret)
  })

  test('the numbers and the shapes are refused together, one error listing both', () => {
    const error = thrown(() =>
      createTransport({ timeout: 0, fetch: 'fetch' } as never),
    ) as ValidationError
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(['timeout', 'fetch'])
  })
})

describe('option validation: createStreamConnection and createMarketStream refuse an option of a shape they cannot use', () => {
  const good = { url: 'ws://127.0.0.1:9', onPush: () => {} }

  test.each(shapeRows(connectionShapeCases))(
    'option validation: createStreamConnection %s = %s is refused naming it, nothing opened',
    (_, __, path, value) => {
      expectRefused(
        () => createStreamConnection(setAt(good, path, value) as never),
        'createStreamConnection',
        path,
      )
    },
  )

  test('before: onEvent 5 passed and the first socket event threw an uncaught TypeError (the process died); now it is named at the factory', () => {
    const error = thrown(() => createStreamConnection({ ...good, onEvent: 5 } as never))
    expectRefusal(error, 'createStreamConnection', ['onEvent'])
  })

  test('url and onPush are required', () => {
    const error = thrown(() => createStreamConnection({} as never)) as ValidationError
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(['url', 'onPush'])
  })

  test.each(shapeRows(streamShapeCases))(
    'option validation: createMarketStream %s = %s is refused naming it',
    (_, __, path, value) => {
      expectRefused(
        () => createMarketStream(setAt({ url: 'ws://127.0.0.1:9' }, path, value) as never),
        'createMarketStream',
        path,
      )
    },
  )
})

describe('option validation: rateLimiter false is no limiter, as the clients take it', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  test('before: `rateLimiter: false` failed every call with "acquire is not a function"; now the call is sent', async () => {
    server.script()
    const transport = testTransport(server, { rateLimiter: false })
    await transport.request({ endpoint: Unified.getAccountSettings })
    expect(server.received.map((request) => request.path)).toEqual([
      Unified.getAccountSettings.path,
    ])
  })
})

describe('option validation: a call refuses a bad timeout before anything is sent', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())
  beforeEach(() => {
    server.received.length = 0
    server.script()
  })

  test.each(rows([[['timeout'], [0, -1, ...notWhole]]]))(
    'option validation: transport.request %s = %s is refused naming it, nothing sent',
    async (_, __, path, value) => {
      const error = await testTransport(server)
        .request({ endpoint: Unified.placeOrder, body: {}, timeout: value as never })
        .then(unexpected, caught)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect(error.endpoint).toBe('unified.placeOrder')
      expect(error.issues.map((issue: { path: unknown }) => issue.path)).toEqual([path])
      expect(server.received).toEqual([])
    },
  )
})

describe('option validation: createLoadCache, createEventQueue and createStreamConnection refuse a bad option at the factory', () => {
  test.each(rows([[['ttlMs'], [-1, ...notWhole]]]))(
    'option validation: createLoadCache %s = %s is refused',
    (_, __, path, value) => {
      expectRefused(
        () => createLoadCache({ load: async () => 1, ...at(path, value) } as never),
        'createLoadCache',
        path,
      )
    },
  )

  test.each(rows([[['highWaterMark'], [0, -1, ...notWhole]]]))(
    'option validation: createEventQueue %s = %s is refused',
    (_, __, path, value) => {
      expectRefused(
        () => createEventQueue({ onDone: () => {}, ...at(path, value) } as never),
        'createEventQueue',
        path,
      )
    },
  )

  test.each(
    rows([
      [['pingIntervalMs'], [0, -1, 2 ** 31, ...notWhole]],
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
  )('option validation: createStreamConnection %s = %s is refused', (_, __, path, value) => {
    expectRefused(
      () =>
        createStreamConnection({
          url: 'ws://127.0.0.1:9',
          onPush: () => {},
          ...at(path, value),
        } as never),
      'createStreamConnection',
      path,
    )
  })
})
