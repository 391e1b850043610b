import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { createTransport } from './createTransport.js'
import {
  ApiError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnknownOutcomeError,
} from './Errors.js'
import type { RateLimiter } from './RateLimiter.js'
import {
  caught,
  startTestServer,
  type TestServer,
  testTransport,
  unexpected,
} from './test/server.js'

const { getFills: fills, placeOrder } = Unified

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

describe('createTransport: retries', () => {
  test('a GET is retried on 5xx with exponential backoff and jitter', async () => {
    server.script(
      { kind: 'status', status: 502, body: 'bad gateway' },
      { kind: 'code', code: '45001', status: 500 },
    )
    const t = transport({ retry: { baseDelayMs: 100, random: () => 1 } })
    expect(await t.request({ endpoint: fills })).toEqual({ echo: '/api/v3/trade/fills' })
    expect([t.waits, calls().length]).toEqual([[100, 200], 3])
  })

  test('a GET is retried on 429 and waits what Retry-After says; the limiter is paused', async () => {
    const paused: [number, unknown][] = []
    const limiter: RateLimiter = {
      acquire: async () => () => {},
      pause: (ms, scope) => void paused.push([ms, scope]),
    }
    server.script({
      kind: 'code',
      code: '429',
      msg: 'Too Many Requests',
      status: 429,
      headers: { 'Retry-After': '2' },
    })
    const t = transport({ rateLimiter: limiter })
    await t.request({ endpoint: fills })
    expect([t.waits, paused, calls().length]).toEqual([
      [2000],
      [[2000, { endpoint: 'unified.getFills' }]],
      2,
    ])
  })

  test('a GET is retried on a dropped connection, then gives up with NetworkError', async () => {
    server.script({ kind: 'drop' }, { kind: 'drop' }, { kind: 'drop' })
    const t = transport({ retry: { limit: 2 } })
    const error = await t.request({ endpoint: fills }).then(unexpected, caught)
    expect([NetworkError.isInstance(error), error.sent, calls().length, t.waits.length]).toEqual([
      true,
      true,
      3,
      2,
    ])
  })

  test('a Retry-After longer than maxRetryAfterMs fails at once with RateLimitedError', async () => {
    server.script({ kind: 'code', code: '429', status: 429, headers: { 'Retry-After': '120' } })
    const error = await transport().request({ endpoint: fills }).then(unexpected, caught)
    expect([RateLimitedError.isInstance(error), error.retryAfterMs, calls().length]).toEqual([
      true,
      120_000,
      1,
    ])
  })

  test('a Retry-After of an hour pauses the limiter for maxRetryAfterMs at most (every call of the scope waits on it, cancels too)', async () => {
    const paused: [number, unknown][] = []
    const limiter: RateLimiter = {
      acquire: async () => () => {},
      pause: (ms, scope) => void paused.push([ms, scope]),
    }
    server.script(
      { kind: 'code', code: '429', status: 429, headers: { 'Retry-After': '3600' } },
      { kind: 'code', code: '429', status: 429, headers: { 'Retry-After': '3600' } },
    )
    const read = await transport({ rateLimiter: limiter })
      .request({ endpoint: fills })
      .then(unexpected, caught)
    const write = await transport({ rateLimiter: limiter, retry: { maxRetryAfterMs: 5_000 } })
      .request({ endpoint: placeOrder, body: {} })
      .then(unexpected, caught)
    expect([read.retryAfterMs, write.retryAfterMs, paused]).toEqual([
      3_600_000,
      3_600_000,
      [
        [30_000, { endpoint: 'unified.getFills' }],
        [5_000, { endpoint: 'unified.placeOrder' }],
      ],
    ])
  })

  test('a POST answered 429 or 5xx is never retried', async () => {
    server.script({ kind: 'code', code: '429', status: 429, headers: { 'Retry-After': '1' } })
    const t = transport()
    const error = await t.request({ endpoint: placeOrder, body: {} }).then(unexpected, caught)
    expect([RateLimitedError.isInstance(error), calls().length, t.waits]).toEqual([true, 1, []])
  })

  test('each attempt takes and releases its own rate-limit slot and gets a fresh signature', async () => {
    const events: string[] = []
    const limiter: RateLimiter = {
      acquire: async ({ endpoint }) => {
        events.push(`acquire ${endpoint}`)
        return () => events.push('release')
      },
    }
    let now = 1_000
    server.script({ kind: 'status', status: 503, body: '' })
    await transport({ rateLimiter: limiter, clock: { now: () => (now += 10) } }).request({
      endpoint: fills,
    })
    expect(events).toEqual([
      'acquire unified.getFills',
      'release',
      'acquire unified.getFills',
      'release',
    ])
    const [first, second] = calls()
    expect(first?.headers['access-timestamp']).not.toBe(second?.headers['access-timestamp'])
    expect(first?.headers['access-sign']).not.toBe(second?.headers['access-sign'])
    expect([first?.signatureValid, second?.signatureValid]).toEqual([true, true])
  })

  test('a limiter that refuses fails the call before anything is sent', async () => {
    const limiter: RateLimiter = { acquire: async () => Promise.reject(new Error('limit reached')) }
    const error = await transport({ rateLimiter: limiter })
      .request({ endpoint: fills })
      .then(unexpected, caught)
    expect([error.message, calls().length]).toEqual(['limit reached', 0])
  })
})

describe('createTransport: 40008', () => {
  test('"40008 means nothing was applied": a POST resyncs the clock once and is sent once more', async () => {
    server.serverTime = () => 1_700_000_060_000
    server.script({ kind: 'code', code: '40008', msg: 'Request timestamp expired' })
    const t = transport({ clock: { now: () => 1_700_000_000_000 } })
    await t.request({ endpoint: placeOrder, body: { a: '1' } })
    const [first, second] = calls()
    expect([
      first?.headers['access-timestamp'],
      second?.headers['access-timestamp'],
      second?.signatureValid,
    ]).toEqual(['1700000000000', '1700000060000', true])
    expect(t.clock.offset).toBe(60_000)
  })

  test('a second 40008 is thrown as an ApiError', async () => {
    server.serverTime = () => Date.now()
    server.script({ kind: 'code', code: '40008' }, { kind: 'code', code: '40008' })
    const error = await transport()
      .request({ endpoint: placeOrder, body: {} })
      .then(unexpected, caught)
    expect([ApiError.isInstance(error), error.code, calls().length]).toEqual([true, '40008', 2])
  })
})

describe('createTransport: timeouts and aborts', () => {
  // The server never answers, so the timeout always fires; 250 ms (not 50) lets the request
  // reach the server first on a busy machine, which the count of one call asserts.
  test('a GET that times out throws TimeoutError', async () => {
    server.script({ kind: 'hang' })
    const error = await transport({ timeout: 250 })
      .request({ endpoint: fills })
      .then(unexpected, caught)
    expect([TimeoutError.isInstance(error), error.timeout, calls().length]).toEqual([true, 250, 1])
  })

  test('decision: "timeouts ... on order-changing calls become an UnknownOutcomeError"', async () => {
    server.script({ kind: 'hang' })
    const error = await transport()
      .request({ endpoint: placeOrder, body: {}, timeout: 250 })
      .then(unexpected, caught)
    expect([UnknownOutcomeError.isInstance(error), error.reason, calls().length]).toEqual([
      true,
      'timeout',
      1,
    ])
  })

  test('a POST aborted before sending rejects with the abort reason and sends nothing', async () => {
    const controller = new AbortController()
    controller.abort(new Error('early'))
    const error = await transport({ signal: controller.signal })
      .request({ endpoint: placeOrder, body: {} })
      .then(unexpected, caught)
    expect([error.message, UnknownOutcomeError.isInstance(error), calls().length]).toEqual([
      'early',
      false,
      0,
    ])
  })

  test('an aborted GET rejects with the abort reason', async () => {
    server.script({ kind: 'hang' })
    const controller = new AbortController()
    const pending = transport().request({ endpoint: fills, signal: controller.signal })
    await vi.waitUntil(() => calls().length === 1, { timeout: 10_000 })
    controller.abort(new Error('stop'))
    expect((await pending.then(unexpected, caught)).message).toBe('stop')
  })

  test('a POST aborted in flight throws UnknownOutcomeError', async () => {
    server.script({ kind: 'hang' })
    const controller = new AbortController()
    const pending = transport({ signal: controller.signal }).request({
      endpoint: placeOrder,
      body: {},
    })
    await vi.waitUntil(() => calls().length === 1, { timeout: 10_000 })
    controller.abort()
    const error = await pending.then(unexpected, caught)
    expect([UnknownOutcomeError.isInstance(error), error.reason]).toEqual([true, 'aborted'])
  })
})
