import { Endpoint, JsonNumber, Unified, ValidationError } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  ApiError,
  MissingCredentialsError,
  NetworkError,
  ResponseError,
  UnknownOutcomeError,
} from './Errors.js'
import { InvalidPrivateKeyError } from './sign.js'
import { createTransport } from './test/http.js'
import {
  caught,
  startTestServer,
  type TestServer,
  testCredentials,
  testRsaKey,
  testTransport,
  unexpected,
} from './test/server.js'

const { getFills: fills, placeOrder, getMarketStates: marketStates } = Unified

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.received.length = 0
  server.script()
})

/** A transport of the test server whose waits resolve at once and are recorded. */
const transport = (options: Parameters<typeof createTransport>[0] = {}) =>
  testTransport(server, options)

const calls = () => server.received.filter((r) => r.path !== '/api/v2/public/time')

describe('createTransport: signing and headers', () => {
  test('decision: a GET with $, a space, a comma and non-ASCII characters is signed raw, sent encoded, and passes an independent check', async () => {
    const data = await transport().request({
      endpoint: fills,
      query: { symbol: '$比特币 x,y', category: 'SPOT', limit: 5 },
    })
    expect(data).toEqual({ echo: '/api/v3/trade/fills' })
    const [received] = calls()
    expect(received?.signatureValid).toBe(true)
    expect(received?.rawQuery).toBe(
      'category=SPOT&limit=5&symbol=%24%E6%AF%94%E7%89%B9%E5%B8%81%20x%2Cy',
    )
  })

  test('a POST signs and sends the exact same JSON text', async () => {
    const body = { symbol: 'BTCUSDT', qty: '0.1', note: '比特币 $' }
    await transport().request({ endpoint: placeOrder, body })
    const [received] = calls()
    expect([received?.signatureValid, received?.body]).toEqual([true, JSON.stringify(body)])
  })

  test('decision: "a field typed `number` (`requestId`, twap offsets and prices) goes out as a JSON number written from its exact decimal text": JsonNumbers are sent unquoted with every digit, and signed as sent', async () => {
    const modify = Endpoint.assert(Unified.modifyOrder, {
      orderId: '1',
      qty: '2',
      requestId: '123456789012345678',
    })
    const twap = {
      twapParams: [
        { limitOffsetPercentage: JsonNumber.from('0.005'), note: 'a "quoted" \u0000 text' },
      ],
      list: [JsonNumber.from('-1.5e-7'), '7'],
    }
    const views: (string | undefined)[] = []
    const t = transport({ hooks: { request: (view) => void views.push(view.body) } })
    await t.request({ endpoint: Unified.modifyOrder, body: modify })
    await t.request({ endpoint: placeOrder, body: twap })
    const sent = calls().map((received) => [received.signatureValid, received.body])
    expect(sent).toEqual([
      [true, '{"orderId":"1","qty":"2","requestId":123456789012345678}'],
      [
        true,
        '{"twapParams":[{"limitOffsetPercentage":0.005,"note":"a \\"quoted\\" \\u0000 text"}],"list":[-1.5e-7,"7"]}',
      ],
    ])
    expect(views).toEqual(sent.map(([, body]) => body))
  })

  test('Authenticated requests carry these headers (ACCESS-TIMESTAMP = clock.now() + offset, Unix milliseconds)', async () => {
    await transport({ clock: { now: () => 1_700_000_000_000 } }).request({ endpoint: fills })
    const headers = calls()[0]?.headers ?? {}
    expect({
      key: headers['access-key'],
      timestamp: headers['access-timestamp'],
      passphrase: headers['access-passphrase'],
      type: headers['content-type'],
      locale: headers.locale,
    }).toEqual({
      key: testCredentials.apiKey,
      timestamp: '1700000000000',
      passphrase: testCredentials.passphrase,
      type: 'application/json',
      locale: 'en-US',
    })
  })

  test('the locale option sets the locale header', async () => {
    await transport({ locale: 'zh-CN' }).request({ endpoint: marketStates })
    expect(calls()[0]?.headers.locale).toBe('zh-CN')
  })

  test('a public endpoint is sent unsigned', async () => {
    await transport().request({ endpoint: marketStates })
    expect(Object.keys(calls()[0]?.headers ?? {}).filter((h) => h.startsWith('access-'))).toEqual(
      [],
    )
  })

  test('demoTrading sends paptrading: 1 on private calls only', async () => {
    const demo = transport({ demoTrading: true })
    await demo.request({ endpoint: fills })
    await demo.request({ endpoint: marketStates })
    expect(calls().map((r) => r.headers.paptrading)).toEqual(['1', undefined])
  })

  test('Optional header `X-CHANNEL-API-CODE` carries a broker rebate code: only on calls that ask, only when configured', async () => {
    const broker = transport({ channelApiCode: 'broker-7' })
    await broker.request({ endpoint: placeOrder, body: {}, channelApiCode: true })
    await broker.request({ endpoint: placeOrder, body: {} })
    await transport().request({ endpoint: placeOrder, body: {}, channelApiCode: true })
    expect(calls().map((r) => r.headers['x-channel-api-code'])).toEqual([
      'broker-7',
      undefined,
      undefined,
    ])
  })

  test('a private endpoint without credentials throws MissingCredentialsError and sends nothing', async () => {
    const error = await createTransport({ baseUrl: server.url })
      .request({ endpoint: fills })
      .then(unexpected, caught)
    expect([MissingCredentialsError.isInstance(error), calls().length]).toEqual([true, 0])
  })

  test('a custom Signer signs instead of the HMAC signer', async () => {
    const seen: string[] = []
    const t = transport({
      signer: {
        sign: async (m) => {
          seen.push(m)
          return 'custom-sign'
        },
      },
    })
    const error = await t.request({ endpoint: fills }).then(unexpected, caught)
    expect([
      calls()[0]?.headers['access-sign'],
      seen[0]?.endsWith('GET/api/v3/trade/fills'),
    ]).toEqual(['custom-sign', true])
    expect(ApiError.isInstance(error) && error.code).toBe('40009')
  })
})

describe('createTransport: RSA keys (credentials.privateKey)', () => {
  let rsaServer: TestServer
  beforeAll(async () => {
    rsaServer = await startTestServer({ publicKey: testRsaKey().publicKey })
  })
  afterAll(() => rsaServer.close())
  const { secret: _, ...keyAndPassphrase } = testCredentials

  test.each(['pkcs8', 'pkcs1'] as const)(
    'the exchange docs: "The exchange also accepts RSA keys (SHA256 with RSA, PKCS#1 v1.5, base64)": a %s PEM signs a GET with $, a space, a comma and 比特币, and a POST, that verify with the public key',
    async (form) => {
      rsaServer.received.length = 0
      const t = createTransport({
        baseUrl: rsaServer.url,
        credentials: { ...keyAndPassphrase, privateKey: testRsaKey()[form] },
      })
      await t.request({ endpoint: fills, query: { symbol: '$比特币 x,y', category: 'SPOT' } })
      await t.request({ endpoint: placeOrder, body: { symbol: 'BTCUSDT', qty: '0.1' } })
      expect(rsaServer.received.map((r) => [r.method, r.signatureValid])).toEqual([
        ['GET', true],
        ['POST', true],
      ])
      expect(rsaServer.received[0]?.headers['access-sign']).toMatch(/^[A-Za-z0-9+/]{342}==$/)
    },
  )

  test('an HMAC signature is refused where the RSA key is registered (40009), so RSA is what was sent above', async () => {
    const error = await createTransport({ baseUrl: rsaServer.url, credentials: testCredentials })
      .request({ endpoint: fills })
      .then(unexpected, caught)
    expect(ApiError.isInstance(error) && error.code).toBe('40009')
  })

  test('secret and privateKey together are refused: an API key has one of them', () => {
    expect(() =>
      createTransport({ credentials: { ...testCredentials, privateKey: testRsaKey().pkcs8 } }),
    ).toThrow(
      'Give `credentials.secret` (HMAC) or `credentials.privateKey` (RSA), not both: an API key has one of them.',
    )
  })

  test('a bad privateKey fails when the transport is created, naming the problem without the key', () => {
    const pem = testRsaKey().pkcs8.replace('PRIVATE KEY-----\n', 'PRIVATE KEY-----\n!')
    let error: unknown
    try {
      createTransport({ credentials: { ...keyAndPassphrase, privateKey: pem } })
    } catch (caught) {
      error = caught
    }
    expect(InvalidPrivateKeyError.isInstance(error) && error.problem).toBe('its body is not base64')
    for (const line of pem.split('\n').filter((l) => l.length >= 16 && !l.startsWith('-----')))
      expect((error as Error).message).not.toContain(line)
  })

  test('a signer given beside a privateKey signs instead', async () => {
    rsaServer.received.length = 0
    await createTransport({
      baseUrl: rsaServer.url,
      credentials: { ...keyAndPassphrase, privateKey: testRsaKey().pkcs8 },
      signer: { sign: async () => 'custom-sign' },
    })
      .request({ endpoint: fills })
      .catch(caught)
    expect(rsaServer.received[0]?.headers['access-sign']).toBe('custom-sign')
  })
})

describe('createTransport: envelope and errors', () => {
  test('Failures use the envelope with a non-`00000` `code` and `msg`: an unknown code surfaces raw, not retry safe, not retried', async () => {
    server.script({ kind: 'code', code: '98765', msg: 'brand new error', status: 400 })
    const error = await transport().request({ endpoint: fills }).then(unexpected, caught)
    expect(ApiError.isInstance(error)).toBe(true)
    expect([
      error.code,
      error.msg,
      error.status,
      error.retrySafe,
      error.requestTime,
      calls().length,
    ]).toEqual(['98765', 'brand new error', 400, false, 1700000000000, 1])
  })

  test.each(['40010', '40725', '45001'])(
    'When the call fails with code `40010`, `40725` or `45001`, the outcome is unknown: POST answered %s throws UnknownOutcomeError, not retried',
    async (code) => {
      server.script({ kind: 'code', code, status: 200 })
      const error = await transport()
        .request({ endpoint: placeOrder, body: {} })
        .then(unexpected, caught)
      expect([
        UnknownOutcomeError.isInstance(error),
        error.code,
        error.reason,
        calls().length,
      ]).toEqual([true, code, 'code', 1])
    },
  )

  test.each([
    ['http 500', { kind: 'status', status: 500, body: 'Internal Server Error' }, 'malformed'],
    ['malformed body', { kind: 'status', status: 200, body: '<html>garbage' }, 'malformed'],
    ['dropped connection', { kind: 'drop' }, 'network'],
  ] as const)(
    'decision: "lost connections on order-changing calls become an UnknownOutcomeError": a POST with a %s, sent once',
    async (_, step, reason) => {
      server.script(step)
      const error = await transport()
        .request({ endpoint: placeOrder, body: {} })
        .then(unexpected, caught)
      expect([UnknownOutcomeError.isInstance(error), error.reason, calls().length]).toEqual([
        true,
        reason,
        1,
      ])
    },
  )

  test('a malformed body on a GET is a ResponseError', async () => {
    server.script({ kind: 'status', status: 200, body: 'not json' })
    const error = await transport().request({ endpoint: fills }).then(unexpected, caught)
    expect([ResponseError.isInstance(error), error.problem, calls().length]).toEqual([
      true,
      'not JSON',
      1,
    ])
  })

  test('a documented rejection on a POST is an ApiError that is safe to retry', async () => {
    server.script({ kind: 'code', code: '40774', status: 400 })
    const error = await transport()
      .request({ endpoint: placeOrder, body: {} })
      .then(unexpected, caught)
    expect([
      ApiError.isInstance(error),
      UnknownOutcomeError.isInstance(error),
      error.retrySafe,
    ]).toEqual([true, false, true])
  })

  test('POST to a port nobody listens on is a NetworkError that was not sent', async () => {
    const closed = await startTestServer()
    await closed.close()
    const error = await createTransport({ baseUrl: closed.url, credentials: testCredentials })
      .request({ endpoint: placeOrder, body: {} })
      .then(unexpected, caught)
    expect([NetworkError.isInstance(error), error.sent, error.retrySafe]).toEqual([
      true,
      false,
      true,
    ])
  })

  test('a refused connection names its reason in the message, not only in the cause chain', async () => {
    const closed = await startTestServer()
    await closed.close()
    const port = new URL(closed.url).port
    const post = await createTransport({ baseUrl: closed.url, credentials: testCredentials })
      .request({ endpoint: placeOrder, body: {} })
      .then(unexpected, caught)
    const get = await testTransport(closed).request({ endpoint: fills }).then(unexpected, caught)
    expect([post.shortMessage, get.shortMessage]).toEqual([
      `The request to unified.placeOrder failed on the network: connect ECONNREFUSED 127.0.0.1:${port}.`,
      `The request to unified.getFills failed on the network: connect ECONNREFUSED 127.0.0.1:${port}.`,
    ])
    expect(post.message.split('\n')[0]).toBe(post.shortMessage)
  })

  test('a POST whose connection drops names the reason in the UnknownOutcomeError and its NetworkError cause', async () => {
    server.script({ kind: 'drop' })
    const error = await transport()
      .request({ endpoint: placeOrder, body: {} })
      .then(unexpected, caught)
    expect([error.shortMessage, error.cause.shortMessage]).toEqual([
      'The outcome of unified.placeOrder is unknown (network: other side closed).',
      'The request to unified.placeOrder failed on the network: other side closed.',
    ])
  })
})

describe('createTransport: clock', () => {
  test('sync() sets offset = serverTime - (t0 + t1) / 2 with an injected clock', async () => {
    server.serverTime = () => 50_000
    let now = 1_000
    const t = transport({ clock: { now: () => (now += 100) } })
    // t0 = 1100, t1 = 1200 (the attempt reads the clock before sending and on arrival)
    expect(await t.clock.sync()).toBe(50_000 - 1_150)
    now = 10_000
    expect(t.clock.now()).toBe(10_100 + 48_850)
  })

  test('serverTime() reads data.serverTime', async () => {
    server.serverTime = () => 1_234_567
    expect(await transport().serverTime()).toBe(1_234_567)
  })

  test('syncClock synchronises before the first private call only', async () => {
    server.serverTime = () => Date.now()
    const t = transport({ syncClock: true })
    await t.request({ endpoint: marketStates })
    await t.request({ endpoint: fills })
    await t.request({ endpoint: fills })
    expect(server.received.map((r) => r.path)).toEqual([
      '/api/v3/reality/market/states',
      '/api/v2/public/time',
      '/api/v3/trade/fills',
      '/api/v3/trade/fills',
    ])
  })
})

describe('createTransport: options', () => {
  test('the fetch option is used for every call', async () => {
    const urls: string[] = []
    const fetch: typeof globalThis.fetch = (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input))
      return globalThis.fetch(input, init)
    }
    await transport({ fetch }).request({ endpoint: fills, query: { b: '2', a: '1' } })
    expect(urls).toEqual([`${server.url}/api/v3/trade/fills?a=1&b=2`])
  })

  test('baseUrl defaults to the exchange and a trailing slash is dropped', () => {
    expect([
      createTransport().baseUrl,
      createTransport({ baseUrl: 'http://x.test/' }).baseUrl,
    ]).toEqual(['https://api.bitget.com', 'http://x.test'])
  })

  test('a GET with a body is refused before anything is sent', async () => {
    const error = await transport().request({ endpoint: fills, body: {} }).then(unexpected, caught)
    expect([error.shortMessage, calls().length]).toEqual([
      'unified.getFills is a GET: pass `query`, not `body`.',
      0,
    ])
  })
})

describe('createTransport: a signal that is not an AbortSignal', () => {
  test.each([0, 'abort', {}, { aborted: false }])(
    'fuzz counterexample: signal %j is refused with a ValidationError naming `signal`, nothing sent',
    async (signal) => {
      const error = await transport()
        .request({ endpoint: placeOrder, body: {}, signal: signal as never })
        .then(unexpected, caught)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect(error.issues.map((i: { path: unknown }) => i.path)).toEqual([['signal']])
      expect(error.message).toContain('signal: expected an AbortSignal')
      expect(calls()).toEqual([])
    },
  )

  test('null counts as no signal, as for fetch, also beside the transport signal', async () => {
    const shared = new AbortController()
    const request = { endpoint: fills, signal: null as never }
    await expect(transport().request(request)).resolves.toBeDefined()
    await expect(transport({ signal: shared.signal }).request(request)).resolves.toBeDefined()
  })
})

describe('createTransport: hooks', () => {
  test('hooks see redacted headers, responses and the final error once', async () => {
    const seen: unknown[] = []
    server.script(
      { kind: 'status', status: 500, body: 'x' },
      { kind: 'code', code: '40009', status: 400 },
    )
    await transport({
      hooks: {
        request: (view) =>
          void seen.push([
            'request',
            view.attempt,
            view.headers['ACCESS-SIGN'],
            view.headers['ACCESS-PASSPHRASE'],
            view.headers['ACCESS-KEY'],
          ]),
        response: (event) => void seen.push(['response', event.status]),
        retry: (event) => void seen.push(['retry', event.attempt]),
        error: (event) => void seen.push(['error', (event.error as ApiError).code]),
      },
    })
      .request({ endpoint: fills })
      .catch(() => undefined)
    expect(seen).toEqual([
      ['request', 1, '[redacted]', '[redacted]', testCredentials.apiKey],
      ['response', 500],
      ['retry', 2],
      ['request', 2, '[redacted]', '[redacted]', testCredentials.apiKey],
      ['response', 400],
      ['error', '40009'],
    ])
  })
})

describe('createTransport: onSend', () => {
  test('onSend runs as each attempt leaves: after the rate limiter let it go and the request hook ran; a throw of it changes nothing', async () => {
    const steps: string[] = []
    server.script({ kind: 'status', status: 500, body: 'x' })
    const data = await transport({
      rateLimiter: {
        acquire: async () => {
          steps.push('acquired')
          return () => {}
        },
      },
      hooks: { request: (view) => void steps.push(`request ${view.attempt}`) },
    }).request({
      endpoint: fills,
      onSend: () => {
        steps.push('sent')
        throw new Error('timing bug')
      },
    })
    expect(data).toBeDefined()
    expect(steps).toEqual(['acquired', 'request 1', 'sent', 'acquired', 'request 2', 'sent'])
    expect(calls()).toHaveLength(2)
  })
})
