import { generateKeyPairSync } from 'node:crypto'
import { ApiError, BaseError, ValidationError } from '@tradeline/core'
import { Session } from '@tradeline/rules'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getMarketStates } from './actions/getMarketStates.js'
import { getOpenOrders } from './actions/getOpenOrders.js'
import { createUnifiedClient } from './createUnifiedClient.js'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false })
})
afterAll(async () => {
  await sandbox.close()
})

describe('createUnifiedClient', () => {
  test('groups actions by resource over one transport', () => {
    const client = createUnifiedClient({ baseUrl: sandbox.url })
    expect(
      Object.fromEntries(
        Object.entries(client).map(([k, v]) => [k, Object.keys(v as object).sort()]),
      ),
    ).toMatchInlineSnapshot(`
      {
        "account": [
          "getAdlRank",
          "getAssets",
          "getDepositAddress",
          "getDepositRecords",
          "getFeeRate",
          "getFinancialRecords",
          "getFundingAssets",
          "getInfo",
          "getMaxOpenAvailable",
          "getMaxTransferable",
          "getMaxWithdrawal",
          "getOpenInterestLimit",
          "getPositionHistory",
          "getPositions",
          "getRealityFills",
          "getSettings",
          "getTransferableCoins",
          "getWithdrawalRecords",
          "setHoldMode",
          "setLeverage",
          "setMargin",
          "transfer",
          "withdraw",
        ],
        "batch": [
          "cancel",
          "cancelOne",
          "modify",
          "modifyOne",
          "place",
          "placeOne",
        ],
        "config": [],
        "countdown": [
          "arm",
          "disarm",
          "keep",
          "set",
        ],
        "instruments": [
          "clear",
          "get",
          "load",
        ],
        "loaded": [
          "clear",
          "clearSettings",
          "instrument",
          "load",
          "modeReadWithin",
          "peekInstrument",
          "peekPositionMode",
          "positionMode",
          "reloadInstruments",
          "setHoldMode",
        ],
        "market": [
          "getCandles",
          "getFundingRate",
          "getFundingRateHistory",
          "getHistoryCandles",
          "getInstruments",
          "getOpenInterest",
          "getOrderBook",
          "getPositionTier",
          "getPublicFills",
          "getRiskReserve",
          "getStates",
          "getTickers",
        ],
        "orders": [
          "cancel",
          "cancelAll",
          "closePositions",
          "get",
          "getFills",
          "getHistory",
          "getOpen",
          "modify",
          "place",
        ],
        "strategy": [
          "cancel",
          "getHistory",
          "getOpen",
          "modify",
          "place",
        ],
        "symbols": [],
        "transport": [
          "baseUrl",
          "clock",
          "httpClient",
          "redact",
          "request",
          "serverTime",
        ],
      }
    `)
    expect(client.transport.baseUrl).toBe(sandbox.url)
  })

  test('the clientOid option makes the ids of orders without one', async () => {
    let n = 0
    const client = createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      clientOid: () => `mine-${++n}`,
    })
    const order = {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: '3000',
    } as const
    expect(await client.orders.place(order)).toMatchObject({ clientOid: 'mine-1' })
    expect((await client.batch.place([order, order])).map((o) => o.clientOid)).toEqual([
      'mine-2',
      'mine-3',
    ])
  })

  test('the signal option aborts every call', async () => {
    const controller = new AbortController()
    const client = createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      signal: controller.signal,
    })
    controller.abort()
    await expect(client.orders.getOpen()).rejects.toBeDefined()
  })

  test('a shared transport serves several clients', async () => {
    const first = createUnifiedClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })
    const second = createUnifiedClient({ transport: first.transport, positionMode: 'hedge' })
    expect(second.transport).toBe(first.transport)
    expect(second.config.positionMode).toBe('hedge')
    await expect(second.orders.getOpen()).resolves.toHaveProperty('list')
  })

  test("by default every call waits for its endpoint's budget: a burst against strict server limits gets no 429", async () => {
    const strict = await startSandbox({ port: 0, rateLimits: true })
    try {
      const statuses: number[] = []
      const client = createUnifiedClient({
        baseUrl: strict.url,
        credentials: strict.credentials,
        hooks: { response: ({ status }) => void statuses.push(status) },
      })
      // market/states is limited to 1 per second per IP: 3 calls need 2 waits.
      await Promise.all([1, 2, 3].map(() => client.market.getStates()))
      expect(statuses).toEqual([200, 200, 200])
    } finally {
      await strict.close()
    }
  })

  test('rateLimiter: false sends at once, and the server answers the excess with 429', async () => {
    const strict = await startSandbox({ port: 0, rateLimits: true })
    try {
      const client = createUnifiedClient({
        baseUrl: strict.url,
        rateLimiter: false,
        retry: { limit: 0 },
      })
      const results = await Promise.allSettled([1, 2, 3].map(() => client.market.getStates()))
      expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0)
    } finally {
      await strict.close()
    }
  })

  test('the exchange docs: "The exchange also accepts RSA keys": credentials with a privateKey place an order and read it', async () => {
    // Generated per run: no key file is committed.
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const key = sandbox.admin.addKey({
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    })
    const client = createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: {
        apiKey: key.apiKey,
        passphrase: key.passphrase,
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    })
    const placed = await client.orders.place({
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: '3000',
      clientOid: 'rsa-unified-1',
    })
    expect(await client.orders.get({ orderId: placed.orderId })).toMatchObject({
      orderId: placed.orderId,
      clientOid: 'rsa-unified-1',
      symbol: 'ETHUSDT',
    })
  })

  test('a wrong passphrase surfaces as the exchange error 40012, naming no secret', async () => {
    const client = createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: { ...sandbox.credentials, passphrase: 'not-the-passphrase' },
    })
    const error = await client.orders.getOpen({ category: 'SPOT' }).catch((e: unknown) => e)
    expect(ApiError.isInstance(error)).toBe(true)
    expect((error as ApiError).code).toBe('40012')
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`
    expect(text).not.toContain(sandbox.credentials.secret)
    expect(text).not.toContain('not-the-passphrase')
  })
})

describe('getMarketStates', () => {
  test('No authentication and no permission. No parameters. — the schedule of the sandbox clock', async () => {
    const client = createUnifiedClient({ baseUrl: sandbox.url })
    const states = await getMarketStates(client)
    const now = sandbox.admin.now()
    expect(states).toEqual(Session.marketStates(now))
    expect(states[0]?.stateList.map((s) => s.state)).toEqual([
      'pre_market',
      'regular',
      'after_hours',
      'overnight',
    ])
  })
})

describe('getOpenOrders', () => {
  test('a signed read returns the empty first page', async () => {
    const client = createUnifiedClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })
    // The sandbox answers the exchange's paging: a cursor on every page, "" on an empty one.
    expect(await getOpenOrders(client, { category: 'usdc-futures' })).toEqual({
      list: [],
      cursor: '',
    })
  })

  test('a bad request is refused before anything is sent', async () => {
    let sent = 0
    const client = createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      hooks: { request: () => void sent++ },
    })
    const error = await client.orders
      .getOpen({ category: 'OPTIONS', limit: '500' } as never)
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(BaseError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['category', 'limit']),
    )
    expect(sent).toBe(0)
  })
})
