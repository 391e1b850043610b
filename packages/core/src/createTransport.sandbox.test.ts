import { generateKeyPairSync } from 'node:crypto'
import { thrown } from '@tradeline/fuzz/options'
import { BaseError, Endpoint, Unified, type ValidationError } from '@tradeline/rules'
import { startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  ApiError,
  HookError,
  NetworkError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
} from './Errors.js'
import { createTransport } from './test/http.js'
import { caught, unexpected } from './test/server.js'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>

const unfilled = {
  id: 'unified.getUnfilledOrders',
  method: 'GET',
  path: '/api/v3/trade/unfilled-orders',
  auth: true,
} as const
const marketStates = {
  id: 'unified.getMarketStates',
  method: 'GET',
  path: '/api/v3/reality/market/states',
  auth: false,
} as const

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false, seed: 7, strict: true })
})
afterAll(() => sandbox.close())
beforeEach(() => sandbox.admin.clearFaults())

function transport(options: Parameters<typeof createTransport>[0] = {}) {
  const waits: number[] = []
  const instance = createTransport({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    ...options,
    retry: { wait: async (ms) => void waits.push(ms), ...options.retry },
  })
  return Object.assign(instance, { waits })
}

const codeOf = (error: unknown) => (ApiError.isInstance(error) ? error.code : String(error))

describe('createTransport against the sandbox', () => {
  test('a signed GET is accepted', async () => {
    expect(
      await transport().request({ endpoint: unfilled, query: { category: 'SPOT' } }),
    ).toBeDefined()
  })

  test.each(['pkcs8', 'pkcs1'] as const)(
    'the exchange docs: "The exchange also accepts RSA keys": a %s privateKey places an order and reads it; a key the sandbox does not hold for it gets 40009',
    async (type) => {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
      const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
      const { apiKey, passphrase } = sandbox.admin.addKey({ publicKey: pem })
      const rsa = createTransport({
        baseUrl: sandbox.url,
        credentials: {
          apiKey,
          passphrase,
          privateKey: privateKey.export({ type, format: 'pem' }).toString(),
        },
      })
      const order = (await rsa.request({
        endpoint: Unified.placeOrder,
        body: Endpoint.assert(Unified.placeOrder, {
          category: 'spot',
          symbol: 'ETHUSDT',
          side: 'buy',
          orderType: 'limit',
          qty: '0.01',
          price: '3000.00',
          clientOid: `rsa-${type}`,
        }),
      })) as { orderId: string }
      expect(
        await rsa.request({ endpoint: Unified.getOrderInfo, query: { orderId: order.orderId } }),
      ).toMatchObject({ orderId: order.orderId, clientOid: `rsa-${type}` })
      const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
      const error = await createTransport({
        baseUrl: sandbox.url,
        credentials: {
          apiKey,
          passphrase,
          privateKey: stranger.export({ type, format: 'pem' }).toString(),
        },
      })
        .request({ endpoint: unfilled })
        .catch((e: unknown) => e)
      expect(codeOf(error)).toBe('40009')
    },
  )

  test('decision: "a field typed `number` (`requestId`, ...) goes out as a JSON number written from its exact decimal text": an 18-digit requestId reaches the sandbox with every digit', async () => {
    sandbox.admin.setPrice('ETHUSDT', '3200.00')
    sandbox.admin.setBalance('USDT', '100000000')
    sandbox.admin.holdModifications(true)
    try {
      const t = transport()
      const order = (await t.request({
        endpoint: Unified.placeOrder,
        body: Endpoint.assert(Unified.placeOrder, {
          category: 'spot',
          symbol: 'ETHUSDT',
          side: 'buy',
          orderType: 'limit',
          qty: '1',
          price: '3000.00',
          clientOid: 'json-number-1',
        }),
      })) as { orderId: string }
      const body = Endpoint.assert(Unified.modifyOrder, {
        orderId: order.orderId,
        qty: '2',
        requestId: '123456789012345678',
      })
      const views: (string | undefined)[] = []
      await createTransport({
        baseUrl: sandbox.url,
        credentials: sandbox.credentials,
        hooks: { request: (view) => void views.push(view.body) },
      }).request({ endpoint: Unified.modifyOrder, body })
      expect(views).toEqual([
        `{"orderId":"${order.orderId}","qty":"2","requestId":123456789012345678}`,
      ])
      expect(sandbox.admin.state().modifications.map((m) => m.requestId)).toEqual([
        '123456789012345678',
      ])
    } finally {
      sandbox.admin.holdModifications(false)
    }
  })

  test('a public GET is accepted', async () => {
    expect(await transport().request({ endpoint: marketStates })).toBeDefined()
  })

  test.each([
    ['a wrong key', { apiKey: 'bg_nope' }, '40006'],
    ['a wrong secret', { secret: 'wrong' }, '40009'],
    ['a wrong passphrase', { passphrase: 'wrong' }, '40012'],
  ])('%s gives %s', async (_, change, code) => {
    const t = createTransport({
      baseUrl: sandbox.url,
      credentials: { ...sandbox.credentials, ...change },
    })
    const error = await t
      .request({ endpoint: unfilled, query: { category: 'SPOT' } })
      .then(unexpected, caught)
    expect([codeOf(error), error.retrySafe]).toEqual([code, true])
  })

  test.each([
    ['an empty key', { apiKey: '' }, 'credentials.apiKey'],
    ['no key', { apiKey: undefined }, 'credentials.apiKey'],
    ['an empty passphrase', { passphrase: '' }, 'credentials.passphrase'],
  ])(
    '%s is refused at the factory, naming it (the exchange would answer 40001 or 40011)',
    (_, change, path) => {
      const error = thrown(() =>
        createTransport({
          baseUrl: sandbox.url,
          credentials: { ...sandbox.credentials, ...change } as never,
        }),
      ) as ValidationError
      expect(error.issues.map((issue) => issue.path.join('.'))).toEqual([path])
    },
  )

  test('a key without trade permission gives 40014', async () => {
    const key = sandbox.admin.addKey({ permissions: [] })
    const error = await createTransport({ baseUrl: sandbox.url, credentials: key })
      .request({ endpoint: unfilled, query: { category: 'SPOT' } })
      .then(unexpected, caught)
    expect(codeOf(error)).toBe('40014')
  })

  test('a demo key needs demoTrading (40099 without it)', async () => {
    const key = sandbox.admin.addKey({ demo: true })
    const without = await createTransport({ baseUrl: sandbox.url, credentials: key })
      .request({ endpoint: unfilled, query: { category: 'SPOT' } })
      .then(unexpected, caught)
    const withHeader = await createTransport({
      baseUrl: sandbox.url,
      credentials: key,
      demoTrading: true,
    }).request({
      endpoint: unfilled,
      query: { category: 'SPOT' },
    })
    expect([codeOf(without), withHeader !== undefined]).toEqual(['40099', true])
  })
})

describe('createTransport: a key of the other account mode (40084 / 40085)', () => {
  const classicPending = {
    id: 'classic.getOrdersPending',
    method: 'GET',
    path: '/api/v2/mix/order/orders-pending',
    auth: true,
  } as const
  const setMarginMode = {
    id: 'classic.setMarginMode',
    method: 'POST',
    path: '/api/v2/mix/account/set-margin-mode',
    auth: true,
  } as const

  test('a unified key on the classic API: an ApiError 40085, rejected (safe, not retried), whose message says the account is unified', async () => {
    const sent = transport()
    for (const request of [
      sent.request({ endpoint: classicPending, query: { productType: 'USDT-FUTURES' } }),
      sent.request({
        endpoint: setMarginMode,
        body: {
          symbol: 'BTCUSDT',
          productType: 'USDT-FUTURES',
          marginCoin: 'USDT',
          marginMode: 'isolated',
        },
      }),
    ]) {
      const error = await request.then(unexpected, caught)
      expect(ApiError.isInstance(error) && error.name).toBe('ApiError')
      expect(error).toMatchObject({ code: '40085', status: 400, retrySafe: true })
      expect((error as ApiError).hint).toBe(
        "This key's account is in unified (UTA) mode, which the classic API (/api/v2/mix) refuses: use @tradeline/unified, or a key of a classic account.",
      )
      expect((error as ApiError).message).toContain(
        "Hint: This key's account is in unified (UTA) mode",
      )
    }
    expect(sent.waits).toEqual([])
  })

  test('a classic key on the unified API: an ApiError 40084 whose message says the account is classic', async () => {
    const key = sandbox.admin.addKey({ accountMode: 'classic' })
    const error = await createTransport({ baseUrl: sandbox.url, credentials: key })
      .request({ endpoint: unfilled, query: { category: 'SPOT' } })
      .then(unexpected, caught)
    expect(error).toMatchObject({ code: '40084', status: 400, retrySafe: true })
    expect((error as ApiError).hint).toBe(
      "This key's account is in classic mode, which the unified API (/api/v3) refuses: use @tradeline/classic-futures, or a key of a unified account.",
    )
  })
})

describe('createTransport: sandbox faults on a read', () => {
  const path = unfilled.path
  const query = { category: 'SPOT' }

  test.each(['40010', '40725', '45001'] as const)(
    'code %s on a GET is a retry-safe ApiError, retried',
    async (code) => {
      sandbox.admin.injectFault({ path, kind: 'code-before', code, times: 3 })
      const t = transport({ retry: { limit: 2 } })
      const error = await t.request({ endpoint: unfilled, query }).then(unexpected, caught)
      expect([codeOf(error), error.retrySafe, t.waits.length]).toEqual([code, true, 2])
    },
  )

  test('code-after then success: the retry returns data', async () => {
    sandbox.admin.injectFault({ path, kind: 'code-after', code: '40725' })
    const t = transport()
    expect(await t.request({ endpoint: unfilled, query })).toBeDefined()
    expect(t.waits.length).toBe(1)
  })

  test('http500 is retried, then a ResponseError with status 500', async () => {
    sandbox.admin.injectFault({ path, kind: 'http500', times: 2 })
    const t = transport({ retry: { limit: 1 } })
    const error = await t.request({ endpoint: unfilled, query }).then(unexpected, caught)
    expect([ResponseError.isInstance(error), error.status, t.waits.length]).toEqual([true, 500, 1])
  })

  test('malformed is a ResponseError, not retried', async () => {
    sandbox.admin.injectFault({ path, kind: 'malformed' })
    const t = transport()
    const error = await t.request({ endpoint: unfilled, query }).then(unexpected, caught)
    expect([ResponseError.isInstance(error), error.problem, t.waits.length]).toEqual([
      true,
      'not JSON',
      0,
    ])
  })

  test('drop is a NetworkError after the retries', async () => {
    sandbox.admin.injectFault({ path, kind: 'drop', times: 3 })
    const t = transport({ retry: { limit: 2 } })
    const error = await t.request({ endpoint: unfilled, query }).then(unexpected, caught)
    expect([NetworkError.isInstance(error), t.waits.length]).toEqual([true, 2])
  })

  test('delay beyond the timeout is a TimeoutError', async () => {
    sandbox.admin.injectFault({ path, kind: 'delay', delayMs: 300 })
    const error = await transport({ timeout: 50 })
      .request({ endpoint: unfilled, query })
      .then(unexpected, caught)
    expect(TimeoutError.isInstance(error)).toBe(true)
  })
})

describe('createTransport: sandbox clock', () => {
  test('sync() and serverTime() read the sandbox clock', async () => {
    const skewed = await startSandbox({ port: 0, rateLimits: false, seed: 2, strict: true })
    try {
      skewed.admin.advanceClock(90_000)
      const t = createTransport({ baseUrl: skewed.url })
      expect(await t.clock.sync()).toBeGreaterThan(80_000)
      expect(Math.abs((await t.serverTime()) - t.clock.now())).toBeLessThan(10_000)
    } finally {
      await skewed.close()
    }
  })

  test('40008: a stale clock is resynchronised once and the call succeeds', async () => {
    const skewed = await startSandbox({ port: 0, rateLimits: false, seed: 3, strict: true })
    try {
      skewed.admin.advanceClock(120_000)
      const stamps: string[] = []
      const t = createTransport({
        baseUrl: skewed.url,
        credentials: skewed.credentials,
        hooks: {
          request: (view) => void stamps.push(view.headers['ACCESS-TIMESTAMP'] ?? 'public'),
        },
      })
      expect(await t.request({ endpoint: unfilled, query: { category: 'SPOT' } })).toBeDefined()
      expect([
        t.clock.synced,
        stamps.length,
        Number(stamps[2]) - Number(stamps[0]) > 100_000,
      ]).toEqual([true, 3, true])
    } finally {
      await skewed.close()
    }
  })
})

describe('createTransport: sandbox rate limits', () => {
  test('a 429 from the sandbox is a RateLimitedError with Retry-After; reads wait that long before retrying', async () => {
    const limited = await startSandbox({ port: 0, rateLimits: true, seed: 1, strict: true })
    try {
      const waits: number[] = []
      const t = createTransport({
        baseUrl: limited.url,
        credentials: limited.credentials,
        retry: { limit: 1, wait: async (ms) => void waits.push(ms) },
      })
      const results = await Promise.all(
        Array.from({ length: 40 }, () => t.request({ endpoint: marketStates }).catch(caught)),
      )
      const limitedErrors = results.filter((r) => RateLimitedError.isInstance(r))
      expect(limitedErrors.length).toBeGreaterThan(0)
      expect(limitedErrors[0]?.status).toBe(429)
      expect(waits.length).toBeGreaterThan(0)
      expect(waits.every((ms) => ms > 0 && ms % 1000 === 0)).toBe(true)
    } finally {
      await limited.close()
    }
  })
})

describe('createTransport: a hook that throws never changes the outcome of the call', () => {
  const buy = (clientOid: string) =>
    Endpoint.assert(Unified.placeOrder, {
      category: 'spot',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: '3000.00',
      clientOid,
    })
  const ordersOf = (clientOid: string) =>
    sandbox.admin.state().orders.filter((order) => order.clientOid === clientOid)

  test.each([
    [
      'throws',
      () => {
        throw new Error('hook bug')
      },
    ],
    [
      'rejects',
      async () => {
        throw new Error('hook bug')
      },
    ],
  ] as const)(
    'hook isolation: a response hook that %s after a placement was sent: the call resolves with the placed order (no reconciliation needed), and the hook error reaches the error hook as a typed HookError',
    async (_, hook) => {
      const clientOid = `hook-response-${_}`
      const reported: unknown[] = []
      const t = transport({
        hooks: { response: hook, error: (event) => void reported.push(event.error) },
      })
      const placed = (await t.request({ endpoint: Unified.placeOrder, body: buy(clientOid) })) as {
        orderId: string
      }
      expect(ordersOf(clientOid).map((order) => order.orderId)).toEqual([placed.orderId])
      expect(reported).toHaveLength(1)
      const error = reported[0]
      expect(HookError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ hook: 'response', endpoint: 'unified.placeOrder' })
      expect((error as HookError).cause).toMatchObject({ message: 'hook bug' })
    },
  )

  test('hook isolation: a request hook that throws: the placement is still sent once and resolves', async () => {
    const clientOid = 'hook-request'
    const reported: unknown[] = []
    const placed = await transport({
      hooks: {
        request: () => {
          throw new Error('hook bug')
        },
        error: (event) => void reported.push(event.error),
      },
    }).request({ endpoint: Unified.placeOrder, body: buy(clientOid) })
    expect(ordersOf(clientOid)).toHaveLength(1)
    expect(placed).toMatchObject({ orderId: ordersOf(clientOid)[0]?.orderId })
    expect(reported.map((e) => HookError.isInstance(e) && e.hook)).toEqual(['request'])
  })

  test('hook isolation: a retry hook that throws: the read is retried and returns data', async () => {
    sandbox.admin.injectFault({ path: unfilled.path, kind: 'code-after', code: '40725' })
    const reported: unknown[] = []
    const t = transport({
      hooks: {
        retry: () => {
          throw new Error('hook bug')
        },
        error: (event) => void reported.push(event.error),
      },
    })
    expect(await t.request({ endpoint: unfilled, query: { category: 'SPOT' } })).toBeDefined()
    expect(t.waits).toHaveLength(1)
    expect(reported.map((e) => HookError.isInstance(e) && e.hook)).toEqual(['retry'])
  })

  test('hook isolation: an error hook that throws: the call rejects with its own typed error, not the hook error', async () => {
    const error = await createTransport({
      baseUrl: sandbox.url,
      credentials: { ...sandbox.credentials, secret: 'wrong' },
      hooks: {
        error: () => {
          throw new Error('hook bug')
        },
      },
    })
      .request({ endpoint: unfilled, query: { category: 'SPOT' } })
      .then(unexpected, caught)
    expect(BaseError.isInstance(error)).toBe(true)
    expect(codeOf(error)).toBe('40009')
  })

  test('hook isolation: every hook throwing, also the error hook: the placement resolves and nothing escapes', async () => {
    const clientOid = 'hook-all'
    const fail = () => {
      throw new Error('hook bug')
    }
    const placed = await transport({
      hooks: { request: fail, response: fail, retry: fail, error: fail },
    }).request({ endpoint: Unified.placeOrder, body: buy(clientOid) })
    expect(placed).toMatchObject({ orderId: ordersOf(clientOid)[0]?.orderId })
  })
})
