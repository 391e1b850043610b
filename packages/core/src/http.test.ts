// Which HTTP client sends, and the clients a user can plug in: undici by default in Node, fetch on
// request, a custom undici dispatcher, and ky through the `fetch` option.

import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Unified } from '@tradeline/rules'
import ky from 'ky'
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTransport } from './createTransport.js'
import { ApiError } from './Errors.js'
import { isNode, loadUndici } from './internal/send.js'
import {
  caught,
  startTestServer,
  type TestServer,
  testCredentials,
  unexpected,
} from './test/server.js'

const { getFills: fills, placeOrder } = Unified
const order = { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '1' }

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.received.length = 0
  server.script()
})

describe('HTTP client', () => {
  test('chosen automatically in Node when available: undici by default, fetch when asked or when `fetch` is given', async () => {
    const base = { baseUrl: server.url, credentials: testCredentials }
    expect(isNode()).toBe(true)
    expect(await loadUndici()).toBeDefined()
    expect(
      await Promise.all([
        createTransport(base).httpClient(),
        createTransport({ ...base, http: 'undici' }).httpClient(),
        createTransport({ ...base, http: 'fetch' }).httpClient(),
        createTransport({ ...base, fetch: (i, init) => fetch(i, init) }).httpClient(),
      ]),
    ).toEqual(['undici', 'undici', 'fetch', 'fetch'])
  })

  test('`fetch` and `http: undici` together are refused when the transport is created', () => {
    expect(() => createTransport({ fetch, http: 'undici' })).toThrow(
      "Give `fetch` or `http: 'undici'`, not both",
    )
  })

  test('each client sends the same signed request: same path, query, body and signature check', async () => {
    const seen: string[] = []
    for (const http of ['undici', 'fetch'] as const) {
      const transport = createTransport({ baseUrl: server.url, credentials: testCredentials, http })
      await transport.request({ endpoint: fills, query: { b: '2', a: '1' } })
      await transport.request({ endpoint: placeOrder, body: order })
    }
    for (const r of server.received)
      seen.push(`${r.method} ${r.path}?${r.rawQuery} ${r.body} ${r.signatureValid}`)
    expect(seen).toEqual([
      'GET /api/v3/trade/fills?a=1&b=2  true',
      `POST /api/v3/trade/place-order? ${JSON.stringify(order)} true`,
      'GET /api/v3/trade/fills?a=1&b=2  true',
      `POST /api/v3/trade/place-order? ${JSON.stringify(order)} true`,
    ])
  })

  test('a `dispatcher` carries every undici request (a pool of one connection here)', async () => {
    let dispatched = 0
    class Counting extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
        dispatched++
        return super.dispatch(options, handler)
      }
    }
    const dispatcher = new Counting({ connections: 1 })
    const transport = createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      dispatcher,
    })
    await Promise.all([1, 2, 3].map(() => transport.request({ endpoint: fills })))
    await dispatcher.close()
    expect([dispatched, server.received.length]).toEqual([3, 3])
  })

  test("by default undici sends through the transport's own keep-alive pool, not the global dispatcher; `dispatcher: getGlobalDispatcher()` opts in", async () => {
    let dispatched = 0
    class Counting extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
        dispatched++
        return super.dispatch(options, handler)
      }
    }
    const previous = getGlobalDispatcher()
    const counting = new Counting()
    setGlobalDispatcher(counting)
    try {
      const base = { baseUrl: server.url, credentials: testCredentials }
      await createTransport(base).request({ endpoint: fills })
      expect(dispatched).toBe(0)
      await createTransport({ ...base, dispatcher: getGlobalDispatcher() }).request({
        endpoint: fills,
      })
      expect([dispatched, server.received.length]).toEqual([1, 2])
    } finally {
      setGlobalDispatcher(previous)
      await counting.close()
    }
  })

  test('a base URL with a path prefix keeps it on both clients (a proxy at /bitget)', async () => {
    for (const http of ['undici', 'fetch'] as const)
      await createTransport({
        baseUrl: `${server.url}/bitget/`,
        credentials: testCredentials,
        http,
      })
        .request({ endpoint: fills, query: { limit: '5' } })
        .catch(() => undefined)
    expect(server.received.map((r) => `${r.path}?${r.rawQuery}`)).toEqual([
      '/bitget/api/v3/trade/fills?limit=5',
      '/bitget/api/v3/trade/fills?limit=5',
    ])
  })

  test('the pooled keep-alive connections do not hold the process open (the server allows 10 minutes of idle)', async () => {
    const idle = createServer((_, response) => {
      response.setHeader('content-type', 'application/json')
      response.end('{"code":"00000","msg":"success","requestTime":1,"data":{"serverTime":"1"}}')
    })
    idle.keepAliveTimeout = 600_000
    await new Promise<void>((resolve) => idle.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(idle.address() as AddressInfo).port}`
    let child: ChildProcess | undefined
    try {
      const script = `import { createTransport } from ${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)}
const transport = createTransport({ baseUrl: ${JSON.stringify(url)} })
console.log(await transport.httpClient(), await transport.serverTime())`
      child = spawn(process.execPath, ['--input-type=module', '-e', script])
      let out = ''
      child.stdout?.on('data', (chunk) => {
        out += chunk
      })
      const code = await new Promise((resolve) => child?.once('exit', resolve))
      expect([code, out.trim()]).toEqual([0, 'undici 1'])
    } finally {
      // A child left running by a failed or timed-out test is killed.
      if (child?.exitCode === null) child.kill('SIGKILL')
      idle.closeAllConnections()
      await new Promise((resolve) => idle.close(resolve))
    }
  })

  test("a Retry-After header is read from undici's header record as from fetch's Headers", async () => {
    const codes: number[] = []
    for (const http of ['undici', 'fetch'] as const) {
      server.script({
        kind: 'code',
        code: '429',
        status: 429,
        headers: { 'Retry-After': '7' },
      })
      const error = await createTransport({
        baseUrl: server.url,
        credentials: testCredentials,
        http,
        retry: { limit: 0 },
      })
        .request({ endpoint: fills })
        .then(unexpected, caught)
      codes.push(error.retryAfterMs)
    }
    expect(codes).toEqual([7000, 7000])
  })
})

describe('ky through the `fetch` option', () => {
  // ky throws on a 4xx or 5xx and retries and times out on its own unless told not to: the
  // transport reads the exchange's error envelopes and does its own retries (fresh signature
  // and rate-limit slot per attempt), so ky is created with those off.
  const api = (seen: string[]) =>
    ky.create({
      throwHttpErrors: false,
      retry: 0,
      timeout: false,
      hooks: {
        beforeRequest: [
          (request) => {
            seen.push(
              `${request.method} ${new URL(request.url).pathname} signed=${request.headers.has('ACCESS-SIGN')}`,
            )
          },
        ],
      },
    })

  test("ky ... plugs in through the transport's fetch option: its hooks see every signed attempt", async () => {
    const seen: string[] = []
    const transport = createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      fetch: api(seen),
    })
    expect(await transport.httpClient()).toBe('fetch')
    await transport.request({ endpoint: placeOrder, body: order })
    await transport.request({ endpoint: fills, query: { symbol: 'BTCUSDT' } })
    expect(seen).toEqual([
      'POST /api/v3/trade/place-order signed=true',
      'GET /api/v3/trade/fills signed=true',
    ])
    expect(server.received.map((r) => r.signatureValid)).toEqual([true, true])
  })

  test('an error envelope through ky is the same typed error, and a read is retried by the transport only', async () => {
    const seen: string[] = []
    server.script(
      { kind: 'code', code: '40762', msg: 'The order amount exceeds the balance', status: 400 },
      { kind: 'status', status: 503, body: 'unavailable' },
      { kind: 'ok', data: [] },
    )
    const transport = createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      fetch: api(seen),
      retry: { wait: async () => {} },
    })
    const error = await transport
      .request({ endpoint: placeOrder, body: order })
      .then(unexpected, caught)
    expect([ApiError.isInstance(error), error.code, error.status]).toEqual([true, '40762', 400])
    expect(await transport.request({ endpoint: fills })).toEqual([])
    expect(seen.length).toBe(3)
  })
})

describe('ky with its defaults (throwHttpErrors on)', () => {
  test("a refusal that ky throws as an HTTPError is read as the exchange's answer: the typed error with its code, not an unknown outcome", async () => {
    server.script({
      kind: 'code',
      code: '40762',
      msg: 'The order amount exceeds the balance',
      status: 400,
    })
    const transport = createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      fetch: ky,
    })
    const error = await transport
      .request({ endpoint: placeOrder, body: order })
      .then(unexpected, caught)
    expect([ApiError.isInstance(error), error.code, error.status]).toEqual([true, '40762', 400])
  })

  test('a 503 that ky throws is the transient error the transport retries for a read', async () => {
    server.script({ kind: 'status', status: 503, body: 'unavailable' }, { kind: 'ok', data: [] })
    const transport = createTransport({
      baseUrl: server.url,
      credentials: testCredentials,
      fetch: ky.create({ retry: 0 }),
      retry: { wait: async () => {} },
    })
    expect(await transport.request({ endpoint: fills })).toEqual([])
    expect(server.received.length).toBe(2)
  })
})
