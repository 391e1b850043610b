import { inspect } from 'node:util'
import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTransport, type RequestView } from './createTransport.js'
import { SecretCredentials } from './internal/secrets.js'
import {
  caught,
  startTestServer,
  type TestServer,
  testCredentials,
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
    const credentials = new SecretCredentials(testCredentials.apiKey, testCredentials.passphrase)
    expect(JSON.stringify(credentials)).toBe(
      '{"apiKey":"bg_t…","secret":"[redacted]","passphrase":"[redacted]"}',
    )
    expect(inspect(credentials, { showHidden: true })).not.toContain(testCredentials.passphrase)
    expect(`${credentials}`).not.toContain(testCredentials.apiKey)
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
