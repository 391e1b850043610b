import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createSandboxApp } from './app.js'
import type { Route } from './exchange.js'
import { createFaultStore } from './faults.js'
import { type RunningSandbox, startSandbox } from './server.js'
import { fixedClock, signedHeaders } from './test/helpers.js'
import { createTimerGate } from './timerGate.js'

const clock = fixedClock(Date.UTC(2026, 6, 1, 14, 0))
const path = '/sandbox-test/place'
let applied = 0
/** A stand-in order-changing endpoint: it counts how often the operation ran. */
const place: Route = {
  id: 'test.place',
  method: 'POST',
  path,
  auth: true,
  handle: () => ({ data: { orderId: String(++applied), clientOid: 'c' } }),
}
let sandbox: RunningSandbox
const gate = createTimerGate()

beforeAll(async () => {
  sandbox = await startSandbox({
    clock,
    seed: 5,
    rateLimits: false,
    strict: true,
    routes: [place],
    timers: gate,
  })
})
afterAll(() => sandbox.close())
afterEach(() => {
  gate.release()
  sandbox.admin.clearFaults()
  applied = 0
})

const post = (init: { signal?: AbortSignal } = {}) => {
  const body = '{"symbol":"BTCUSDT"}'
  return fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    body,
    headers: signedHeaders(sandbox.credentials, {
      method: 'POST',
      path,
      body,
      timestamp: clock.now(),
    }),
    ...init,
  })
}

describe('createFaultStore', () => {
  test('a fault hits the next N calls of its path, then is gone', () => {
    const faults = createFaultStore()
    faults.inject({ path: '/a', kind: 'http500', times: 2 })
    expect(['/b', '/a', '/a', '/a'].map((p) => faults.take('GET', p)?.kind)).toEqual([
      undefined,
      'http500',
      'http500',
      undefined,
    ])
  })

  test('a fault can be limited to one method', () => {
    const faults = createFaultStore()
    faults.inject({ path: '/a', kind: 'drop', method: 'POST' })
    expect(faults.take('GET', '/a')).toBeUndefined()
    expect(faults.take('POST', '/a')?.kind).toBe('drop')
  })

  test.each([
    [{ path: '/a', kind: 'explode' }, /kind/],
    [{ path: '/a', kind: 'code-before', code: '40009' }, /code/],
    [{ path: '/a', kind: 'drop', times: 0 }, /times/],
    [{ path: '/a', kind: 'http429', retryAfterMs: -1 }, /retryAfterMs/],
  ])('refuses %j', (fault, message) => {
    expect(() => createFaultStore().inject(fault as never)).toThrow(message)
  })
})

describe('injected faults over HTTP', () => {
  test.each(['40010', '40725', '45001'] as const)(
    '%s ... outcome unknown: code-before answers the code and applies nothing',
    async (code) => {
      sandbox.admin.injectFault({ path, kind: 'code-before', code })
      const response = await post()
      expect((await response.json()).code).toBe(code)
      expect(applied).toBe(0)
      expect((await (await post()).json()).code).toBe('00000')
    },
  )

  test('code-after applies the operation, then answers the code', async () => {
    sandbox.admin.injectFault({ path, kind: 'code-after', code: '40725' })
    const body = await (await post()).json()
    expect(body).toMatchObject({ code: '40725', msg: 'service return an error', data: null })
    expect(applied).toBe(1)
  })

  test('drop destroys the socket without answering: fetch rejects', async () => {
    sandbox.admin.injectFault({ path, kind: 'drop' })
    await expect(post()).rejects.toThrow()
    expect(applied).toBe(0)
  })

  test('drop with applied: true runs the operation first', async () => {
    sandbox.admin.injectFault({ path, kind: 'drop', applied: true })
    await expect(post()).rejects.toThrow()
    expect(applied).toBe(1)
  })

  test('delay holds the answer past the client timeout; the operation still happens', async () => {
    // The delay is held at the gate until the client has given up, so a busy machine cannot let
    // the answer in first, nor let the client give up before its request reached the sandbox.
    gate.hold()
    sandbox.admin.injectFault({ path, kind: 'delay', delayMs: 300 })
    const client = new AbortController()
    const answer = post({ signal: client.signal })
    await expect.poll(() => gate.waiting(), { timeout: 10_000, interval: 5 }).toBe(1)
    client.abort(new DOMException('The client timed out', 'TimeoutError'))
    await expect(answer).rejects.toThrow(/abort|timeout|timed out/i)
    expect(applied).toBe(0)
    gate.release()
    await expect.poll(() => applied, { timeout: 10_000, interval: 5 }).toBe(1)
  })

  test('http500 answers HTTP 500', async () => {
    sandbox.admin.injectFault({ path, kind: 'http500' })
    const response = await post()
    expect(response.status).toBe(500)
    expect(applied).toBe(0)
  })

  test('malformed answers a non-JSON body with HTTP 200', async () => {
    sandbox.admin.injectFault({ path, kind: 'malformed' })
    const response = await post()
    expect(response.status).toBe(200)
    await expect(response.clone().json()).rejects.toThrow()
    expect(applied).toBe(0)
  })

  test("http429 answers HTTP 429 with the exchange's rate-limit envelope, without Retry-After unless asked, and applies nothing", async () => {
    sandbox.admin.injectFault({ path, kind: 'http429' })
    const response = await post()
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBeNull()
    expect(await response.json()).toEqual({
      code: '429',
      msg: 'Too Many Requests',
      requestTime: clock.now(),
      data: null,
    })
    expect(applied).toBe(0)
    expect((await (await post()).json()).code).toBe('00000')
  })

  test('http429 with retryAfterMs announces the wait in whole seconds, rounded up; applied: true is ignored (a refused call is never applied)', async () => {
    sandbox.admin.injectFault({ path, kind: 'http429', retryAfterMs: 1500, applied: true })
    const response = await post()
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('2')
    expect(applied).toBe(0)
  })

  test('echo answers the request credentials back in an envelope msg, applying nothing', async () => {
    sandbox.admin.injectFault({ path, kind: 'echo', echo: { code: '40725', status: 200 } })
    const response = await post()
    const { code, msg } = (await response.json()) as { code: string; msg: string }
    const { secret, passphrase, apiKey } = sandbox.credentials
    expect([response.status, code, applied]).toEqual([200, '40725', 0])
    for (const value of [
      apiKey,
      passphrase,
      secret,
      Buffer.from(secret).toString('base64'),
      Buffer.from(passphrase).toString('base64'),
      '{"symbol":"BTCUSDT"}',
    ])
      expect(msg).toContain(value)
    expect(msg).toMatch(/ACCESS-SIGN: [A-Za-z0-9+/]{43}=/)
  })

  test('echo as a page answers HTML (not JSON) with the given status', async () => {
    sandbox.admin.injectFault({ path, kind: 'echo', echo: { as: 'page', status: 502 } })
    const response = await post()
    const text = await response.text()
    expect([response.status, response.headers.get('content-type'), applied]).toEqual([
      502,
      'text/html',
      0,
    ])
    expect(text).toContain(`ACCESS-PASSPHRASE: ${sandbox.credentials.passphrase}`)
  })

  test('faults come after authentication: an unsigned call does not use one up', async () => {
    sandbox.admin.injectFault({ path, kind: 'http500' })
    const unsigned = await fetch(`${sandbox.url}${path}`, { method: 'POST', body: '{}' })
    expect((await unsigned.json()).code).toBe('40001')
    expect((await post()).status).toBe(500)
  })

  test('drop on an embedded app (no socket) rejects the fetch', async () => {
    const embedded = createSandboxApp({ rateLimits: false })
    embedded.admin.injectFault({ path: '/api/v3/public/time', kind: 'drop' })
    await expect(embedded.app.request('/api/v3/public/time')).rejects.toThrow(/dropped/)
  })
})
