import { inspect } from 'node:util'
import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RequestView } from './createTransport.js'
import { SecretCredentials } from './internal/secrets.js'
import { createTransport } from './test/http.js'
import {
  caught,
  startTestServer,
  type TestServer,
  testCredentials,
  testRsaKey,
  unexpected,
} from './test/server.js'

const { getFills: fills, placeOrder } = Unified

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** Every way an object can end up in a log. */
function renderings(value: unknown): string[] {
  const error = value as Error
  return [
    JSON.stringify(value) ?? '',
    inspect(value, { showHidden: true, depth: Number.POSITIVE_INFINITY, getters: true }),
    String(value),
    ...(value instanceof Error
      ? [error.message, error.stack ?? '', inspect(error.cause, { showHidden: true, depth: 20 })]
      : []),
  ]
}

function signatures(): string[] {
  return server.received.map((r) => String(r.headers['access-sign']))
}

describe('redaction', () => {
  test('"Secrets never appear in ... JSON.stringify or util.inspect": the transport', async () => {
    const transport = createTransport({ baseUrl: server.url, credentials: testCredentials })
    await transport.request({ endpoint: fills })
    for (const text of renderings(transport)) {
      expect(text).not.toContain(testCredentials.secret)
      expect(text).not.toContain(testCredentials.passphrase)
    }
  })

  test('the credentials wrapper redacts in toJSON, toString and util.inspect', () => {
    const { apiKey, passphrase, secret } = testCredentials
    const credentials = new SecretCredentials(apiKey, passphrase, { secret })
    credentials.redactor('signature')('warm the cached spellings')
    expect(JSON.stringify(credentials)).toBe(
      '{"apiKey":"bg_t…","secret":"[redacted]","passphrase":"[redacted]"}',
    )
    for (const text of renderings(credentials))
      for (const value of [apiKey, passphrase, secret]) expect(text).not.toContain(value)
    expect(credentials.redactor(undefined)(`${apiKey} ${passphrase} ${secret}`)).toBe(
      'bg_t… [redacted] [redacted]',
    )
  })

  test.each([
    ['an ApiError', fills, { kind: 'code', code: '40012', status: 400 }],
    ['a ResponseError', fills, { kind: 'status', status: 200, body: 'garbage' }],
    ['a TimeoutError', fills, { kind: 'hang' }],
    ['an UnknownOutcomeError from a timeout', placeOrder, { kind: 'hang' }],
    ['an UnknownOutcomeError from a dropped connection', placeOrder, { kind: 'drop' }],
    ['a NetworkError', fills, { kind: 'drop' }],
  ] as const)('%s carries no secret, passphrase or signature', async (_, endpoint, step) => {
    server.received.length = 0
    server.script(step, step, step)
    const transport = createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      timeout: 50,
      retry: { limit: 0 },
    })
    const error = await transport
      .request({ endpoint, body: endpoint.method === 'POST' ? {} : undefined })
      .then(unexpected, caught)
    expect(error).toBeInstanceOf(Error)
    const secrets = [testCredentials.secret, testCredentials.passphrase, ...signatures()]
    for (const text of renderings(error))
      for (const secret of secrets) expect(text).not.toContain(secret)
  })

  test('hooks get ACCESS-SIGN and ACCESS-PASSPHRASE redacted, frozen', async () => {
    server.script()
    const views: RequestView[] = []
    await createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      hooks: { request: (view) => void views.push(view) },
    }).request({ endpoint: fills })
    const text = JSON.stringify(views)
    expect(text).not.toContain(testCredentials.passphrase)
    for (const signature of signatures()) expect(text).not.toContain(signature)
    expect([views[0]?.headers['ACCESS-SIGN'], Object.isFrozen(views[0]?.headers)]).toEqual([
      '[redacted]',
      true,
    ])
  })
})

describe('redaction of secrets an upstream echoes back', () => {
  /** The values the transport holds, and how a page or a JSON body may write them. */
  function forbidden(): string[] {
    const values = [
      testCredentials.secret,
      testCredentials.passphrase,
      testCredentials.apiKey,
      ...signatures(),
    ]
    return values.flatMap((value) => [
      value,
      encodeURIComponent(value),
      value.replaceAll('/', '\\/'),
      // A value cut by the 200-character body excerpt must not leave its start behind.
      value.slice(0, 8),
    ])
  }

  function expectClean(texts: readonly string[]) {
    for (const text of texts)
      for (const secret of forbidden()) expect(text, `leaks ${secret}`).not.toContain(secret)
  }

  test.each([
    ['a proxy page on a GET (ResponseError)', fills, { as: 'page', status: 502 }, 'ResponseError'],
    [
      'a proxy page on a POST (UnknownOutcomeError caused by a ResponseError)',
      placeOrder,
      { as: 'page', status: 502 },
      'UnknownOutcomeError',
    ],
    [
      'a JSON echo with \\/ escapes (ResponseError)',
      fills,
      { as: 'json', status: 400 },
      'ResponseError',
    ],
    ['an envelope msg on a GET (ApiError)', fills, { as: 'envelope', status: 400 }, 'ApiError'],
    [
      'an envelope msg on a POST (UnknownOutcomeError)',
      placeOrder,
      { as: 'envelope', status: 200, code: '40725' },
      'UnknownOutcomeError',
    ],
    [
      'an envelope msg on a 429 (RateLimitedError)',
      fills,
      { as: 'envelope', status: 429, code: '429' },
      'RateLimitedError',
    ],
  ] as const)(
    'decision "redaction of secrets": %s carries no secret, passphrase, signature or full api key, nor do the hooks',
    async (_, endpoint, echo, name) => {
      server.received.length = 0
      // The secret is never sent, but an upstream that knows it (a logging proxy) may print it.
      server.script({ kind: 'echo', ...echo, text: `secret=${testCredentials.secret}` })
      const events: unknown[] = []
      const transport = createTransport({
        baseUrl: server.url,
        credentials: testCredentials,
        retry: { limit: 0 },
        // At this time both signatures hold `/` and `+`, which pages and JSON write escaped.
        clock: { now: () => 1700000000019 },
        hooks: {
          response: (event) => void events.push(event),
          error: (event) => void events.push(event),
        },
      })
      const error = await transport
        .request({ endpoint, body: endpoint.method === 'POST' ? {} : undefined })
        .then(unexpected, caught)
      expect([error.name, events.length]).toEqual([name, 2])
      expect(signatures()).toHaveLength(1)
      expect(signatures()[0]).toMatch(/\/.*\+|\+.*\//)
      const causes: unknown[] = []
      for (let c = error; c; c = c.cause) causes.push(c)
      // The request view shows ACCESS-KEY on purpose (see the hooks test); what came back may not.
      const payloads = events.map(({ request: _, ...rest }: any) => rest)
      expectClean([
        ...renderings(error),
        ...causes.flatMap((c) => renderings(c)),
        ...(error.msg === undefined ? [] : [error.msg]),
        ...payloads.flatMap((e) => renderings(e)),
        JSON.stringify(payloads),
      ])
      // Redacted, not dropped: the rest of the echo is still there to debug with.
      const body = (events[0] as { body: string }).body
      expect(body).toContain('[redacted]')
      expect(body).toContain('bg_t…')
      expect(body).toContain('access-timestamp')
    },
  )

  test.each([
    ['an envelope msg (ApiError)', { as: 'envelope', status: 400 }, 'ApiError'],
    ['a proxy page (ResponseError)', { as: 'page', status: 502 }, 'ResponseError'],
  ] as const)(
    'the fault campaign secret scan: the secret and passphrase echoed base64-encoded in %s are redacted too',
    async (_, echo, name) => {
      server.received.length = 0
      const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64')
      const { secret, passphrase } = testCredentials
      const encoded = [b64(secret), b64(passphrase), b64(secret).replace(/=+$/, '')]
      const url = (value: string) =>
        b64(value).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_')
      server.script({
        kind: 'echo',
        ...echo,
        text: `basic=${encoded.join(' ')} url=${url(secret)} ${url(passphrase)}`,
      })
      const events: unknown[] = []
      const error = await createTransport({
        baseUrl: server.url,
        credentials: testCredentials,
        retry: { limit: 0 },
        hooks: { response: (event) => void events.push(event) },
      })
        .request({ endpoint: fills })
        .then(unexpected, caught)
      expect(error.name).toBe(name)
      const texts = [...renderings(error), JSON.stringify(events)]
      for (const text of texts)
        for (const value of [...encoded, url(secret), url(passphrase)])
          expect(text, `leaks ${value}`).not.toContain(value)
      expect((events[0] as { body: string }).body).toMatch(/basic=\[redacted\]=* \[redacted\]/)
    },
  )

  test('a secret cut by the 200-character body excerpt is redacted before the cut', async () => {
    server.received.length = 0
    const text = `${'x'.repeat(190)}${testCredentials.passphrase}`
    server.script({ kind: 'status', status: 502, body: text })
    const error = await createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      retry: { limit: 0 },
    })
      .request({ endpoint: fills })
      .then(unexpected, caught)
    expect(error.message).toContain(`Body: ${'x'.repeat(190)}[redacted]`)
    expectClean(renderings(error))
  })

  test('a custom fetch whose error holds the request (ky keeps its signed headers on HTTPError): the cause kept is a copy without them, its name and code kept', async () => {
    const sent: string[] = []
    const holding = async (_url: unknown, init: { headers: Record<string, string> }) => {
      sent.push(init.headers['ACCESS-SIGN'] ?? '', init.headers['ACCESS-PASSPHRASE'] ?? '')
      const inner = Object.assign(new Error('socket hang up'), {
        code: 'ECONNRESET',
        headers: init.headers,
      })
      throw Object.assign(new Error('Request failed with status code 502'), {
        name: 'HTTPError',
        request: { headers: init.headers },
        options: { headers: init.headers },
        cause: inner,
      })
    }
    const error = await createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      fetch: holding as never,
    })
      .request({ endpoint: placeOrder, body: {} })
      .then(unexpected, caught)
    const causes: { name?: string; code?: string }[] = []
    for (let c = error; c; c = c.cause) causes.push(c)
    expect(causes.map((c) => c.name)).toEqual([
      'UnknownOutcomeError',
      'NetworkError',
      'HTTPError',
      'Error',
    ])
    expect(causes[3]?.code).toBe('ECONNRESET')
    // Before the fix: the passphrase and signature in every inspect of the error.
    const texts = [...renderings(error), ...causes.flatMap((c) => renderings(c))]
    for (const text of texts) for (const value of sent) expect(text).not.toContain(value)
  })

  test("an answer quoting an earlier attempt's signature (a request before a resync) is redacted too", () => {
    const { apiKey, passphrase, secret } = testCredentials
    const credentials = new SecretCredentials(apiKey, passphrase, { secret })
    credentials.noteSignature('Zm9yIHRoZSBmaXJzdCBhdHRlbXB0AAAA=')
    credentials.noteSignature('Zm9yIHRoZSBzZWNvbmQgYXR0ZW1wdAA=')
    expect(
      credentials.redactor('Zm9yIHRoZSBzZWNvbmQgYXR0ZW1wdAA=')(
        'sign mismatch; previous request was signed Zm9yIHRoZSBmaXJzdCBhdHRlbXB0AAAA=',
      ),
    ).toBe('sign mismatch; previous request was signed [redacted]')
  })

  test('with a custom signer the secret is unknown; the passphrase, signature and key are still redacted', async () => {
    server.received.length = 0
    server.script({ kind: 'echo', as: 'envelope', status: 400 })
    const { secret, ...rest } = testCredentials
    const hmac = (await import('./sign.js')).createHmacSigner(secret)
    const error = await createTransport({
      baseUrl: server.url,
      credentials: rest,
      signer: hmac,
      retry: { limit: 0 },
    })
      .request({ endpoint: fills })
      .then(unexpected, caught)
    expect(error.name).toBe('ApiError')
    expectClean(renderings(error))
  })
})

describe('redaction of an RSA private key (credentials.privateKey)', () => {
  let rsaServer: TestServer
  beforeAll(async () => {
    rsaServer = await startTestServer({ publicKey: testRsaKey().publicKey })
  })
  afterAll(() => rsaServer.close())
  const { secret: _, ...keyAndPassphrase } = testCredentials
  const pem = () => testRsaKey().pkcs8
  const rsaCredentials = () => ({ ...keyAndPassphrase, privateKey: pem() })
  /** The PEM's base64 lines: any one of them is key material. */
  const keyLines = () =>
    pem()
      .split('\n')
      .filter((line) => line.length >= 16 && !line.startsWith('-----'))
  const body = () => keyLines().join('')

  function expectNoKey(texts: readonly string[]) {
    const forbidden = [...keyLines(), ...keyLines().map((line) => line.slice(0, 16))]
    for (const text of texts)
      for (const part of forbidden) expect(text, `leaks ${part}`).not.toContain(part)
  }

  test('"Secrets never appear in ... JSON.stringify or util.inspect": a transport with an RSA key', async () => {
    const transport = createTransport({ baseUrl: rsaServer.url, credentials: rsaCredentials() })
    await transport.request({ endpoint: fills })
    expect(rsaServer.received.at(-1)?.signatureValid).toBe(true)
    expectNoKey(renderings(transport))
  })

  test('the credentials wrapper shows privateKey redacted and redacts the PEM, its body and its lines', () => {
    const credentials = new SecretCredentials('bg_test_key', 'pass-phrase', { privateKey: pem() })
    expect(JSON.stringify(credentials)).toBe(
      '{"apiKey":"bg_t…","privateKey":"[redacted]","passphrase":"[redacted]"}',
    )
    expectNoKey(renderings(credentials))
    const redact = credentials.redactor(undefined)
    const [first = '', second = ''] = keyLines()
    expect(redact(`key=${pem()}`)).toBe('key=[redacted]')
    expect(redact(JSON.stringify({ key: pem() }))).toBe('{"key":"[redacted]"}')
    expect(redact(`key=${body()}`)).toBe('key=[redacted]')
    expect(redact(`lines ${second} ${first}`)).toBe('lines [redacted] [redacted]')
    expect(redact(encodeURIComponent(pem()))).toBe('[redacted]')
  })

  test.each([
    ['a proxy page on a GET (ResponseError)', fills, { as: 'page', status: 502 }, 'ResponseError'],
    ['an envelope msg on a GET (ApiError)', fills, { as: 'envelope', status: 400 }, 'ApiError'],
    [
      'a JSON echo with \\/ escapes (ResponseError)',
      fills,
      { as: 'json', status: 400 },
      'ResponseError',
    ],
    [
      'an envelope msg on a POST (UnknownOutcomeError)',
      placeOrder,
      { as: 'envelope', status: 200, code: '40725' },
      'UnknownOutcomeError',
    ],
  ] as const)(
    'an upstream echoing the PEM, and its body on one line: %s and the hooks carry no part of the key',
    async (_, endpoint, echo, name) => {
      rsaServer.received.length = 0
      // The key is never sent, but an upstream that knows it (a logging proxy) may print it.
      rsaServer.script({ kind: 'echo', ...echo, text: `pem=${pem()} body=${body()}` })
      const events: unknown[] = []
      const error = await createTransport({
        baseUrl: rsaServer.url,
        credentials: rsaCredentials(),
        retry: { limit: 0 },
        hooks: {
          response: (event) => void events.push(event),
          error: (event) => void events.push(event),
        },
      })
        .request({ endpoint, body: endpoint.method === 'POST' ? {} : undefined })
        .then(unexpected, caught)
      expect([error.name, events.length, rsaServer.received[0]?.signatureValid]).toEqual([
        name,
        2,
        true,
      ])
      const causes: unknown[] = []
      for (let c = error; c; c = c.cause) causes.push(c)
      const payloads = events.map(({ request: _, ...rest }: any) => rest)
      expectNoKey([
        ...renderings(error),
        ...causes.flatMap((c) => renderings(c)),
        ...(error.msg === undefined ? [] : [error.msg]),
        ...payloads.flatMap((e) => renderings(e)),
        JSON.stringify(payloads),
      ])
      expect((events[0] as { body: string }).body).toContain('pem=[redacted]')
    },
  )
})
