import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isLoopback } from './adminRoutes.js'
import { createSandboxApp } from './app.js'
import { type RunningSandbox, startSandbox } from './server.js'
import { fixedClock, signedHeaders } from './test/helpers.js'

const T0 = Date.UTC(2026, 6, 1, 14, 0)
const clock = fixedClock(T0)
let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ clock, seed: 11, rateLimits: false, strict: true })
})
afterAll(() => sandbox.close())

const admin = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.url}/sandbox${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  })
  return { status: response.status, body: await response.json() }
}

describe('admin routes', () => {
  test('GET /sandbox/state reads the seeded state', async () => {
    const { status, body } = await admin('GET', '/state')
    expect(status).toBe(200)
    expect(body.code).toBe('00000')
    expect(body.data).toMatchObject({ now: T0, clockOffset: 0, seed: 11, orders: [], faults: [] })
    expect(body.data.keys[0]).toMatchObject({
      apiKey: sandbox.credentials.apiKey,
      permissions: ['trade_rw'],
    })
    expect(body.data.instruments.map((i: { symbol: string }) => i.symbol)).toContain('BTCUSDT')
  })

  test('POST /sandbox/prices sets prices as decimal strings', async () => {
    expect(
      (await admin('POST', '/prices', { symbol: 'BTCUSDT', price: '70000.5' })).body.data.BTCUSDT,
    ).toBe('70000.5')
    expect(
      (await admin('POST', '/prices', { prices: { ETHUSDT: '3000' } })).body.data.ETHUSDT,
    ).toBe('3000')
    const refused = await admin('POST', '/prices', { symbol: 'BTCUSDT', price: 70000 })
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 400,
      code: '40017',
    })
  })

  test('POST /sandbox/clock/advance moves the sandbox clock', async () => {
    const { body } = await admin('POST', '/clock/advance', { ms: 2500 })
    expect(body.data.now).toBe(T0 + 2500)
    const time = await (await fetch(`${sandbox.url}/api/v3/public/time`)).json()
    expect(time.data.serverTime).toBe(String(T0 + 2500))
    clock.set(T0 - 2500)
  })

  test('POST and DELETE /sandbox/faults inject and clear faults', async () => {
    const injected = await admin('POST', '/faults', {
      path: '/api/v3/public/time',
      kind: 'http500',
      times: 2,
    })
    expect(injected.body.data).toMatchObject({ kind: 'http500', remaining: 2 })
    expect((await fetch(`${sandbox.url}/api/v3/public/time`)).status).toBe(500)
    await admin('DELETE', '/faults')
    expect((await fetch(`${sandbox.url}/api/v3/public/time`)).status).toBe(200)
    expect((await admin('POST', '/faults', { path: '/x', kind: 'nope' })).body.code).toBe('40017')
  })

  test('POST /sandbox/keys adds a key that signs requests', async () => {
    const { body } = await admin('POST', '/keys', { uid: '42', permissions: ['trade_rw', 'rpi'] })
    expect(body.data).toMatchObject({ uid: '42', permissions: ['trade_rw', 'rpi'], demo: false })
    const path = '/api/v3/trade/unfilled-orders'
    const response = await fetch(`${sandbox.url}${path}`, {
      headers: signedHeaders(body.data, { method: 'GET', path, timestamp: clock.now() }),
    })
    expect((await response.json()).code).toBe('00000')
  })

  test('POST /sandbox/keys with an RSA publicKey adds a key verified with RSA; a private key is refused', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
    const { body } = await admin('POST', '/keys', { publicKey: pem })
    expect(body.data).toMatchObject({ publicKey: pem, secret: '', permissions: ['trade_rw'] })
    const path = '/api/v3/trade/unfilled-orders'
    const response = await fetch(`${sandbox.url}${path}`, {
      headers: signedHeaders(
        { ...body.data, privateKey },
        { method: 'GET', path, timestamp: clock.now() },
      ),
    })
    expect((await response.json()).code).toBe('00000')
    const refused = await admin('POST', '/keys', {
      publicKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    })
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: '40017',
        msg: 'publicKey must be an RSA public key as PEM ("-----BEGIN PUBLIC KEY-----"), not a private key',
      }),
    })
  })

  test('POST /sandbox/instruments and /sandbox/orders seed instruments and orders', async () => {
    const instrument = {
      symbol: 'SOLUSDT',
      category: 'SPOT',
      priceMultiplier: '0.001',
      pricePrecision: 3,
    }
    expect((await admin('POST', '/instruments', instrument)).body.data).toContainEqual(instrument)
    const order = await admin('POST', '/orders', {
      symbol: 'SOLUSDT',
      category: 'SPOT',
      side: 'buy',
      orderType: 'limit',
      price: '1',
      qty: '1',
    })
    expect(order.body.data).toMatchObject({
      status: 'live',
      filledQty: '0',
      createdTime: sandbox.admin.now(),
    })
    expect((await admin('GET', '/state')).body.data.orders).toHaveLength(1)
  })

  test('POST /sandbox/classic/position-mode sets the classic mode per account and product type, apart from the unified mode', async () => {
    const uid = (await admin('GET', '/state')).body.data.accounts[0].uid
    await admin('POST', '/classic/position-mode', { mode: 'hedge', productType: 'usdc-futures' })
    await admin('POST', '/classic/position-mode', { mode: 'hedge', uid: '8800000999' })
    const accounts = (await admin('GET', '/state')).body.data.accounts
    expect(accounts.find((a: { uid: string }) => a.uid === uid)).toMatchObject({
      positionMode: 'one_way',
      classicPositionModes: { 'USDC-FUTURES': 'hedge' },
    })
    expect(accounts.find((a: { uid: string }) => a.uid === '8800000999')).toMatchObject({
      classicPositionMode: 'hedge',
    })
    expect(sandbox.sandbox.state.classicModeOf(uid, 'USDT-FUTURES')).toBe('one_way')
    expect(sandbox.sandbox.state.classicModeOf(uid, 'USDC-FUTURES')).toBe('hedge')
  })

  test('POST /sandbox/classic/settings switches rule 3 and the elite-trader pairs; bad values answer 40017', async () => {
    const { body } = await admin('POST', '/classic/settings', {
      hedgeClose: 'error',
      eliteTraderPairs: ['ETHPERP'],
    })
    expect(body.data).toEqual({ hedgeClose: 'error', eliteTraderPairs: ['ETHPERP'] })
    expect((await admin('GET', '/state')).body.data.classic).toEqual(body.data)
    expect((await admin('POST', '/classic/settings', { hedgeClose: 'maybe' })).body.code).toBe(
      '40017',
    )
    await admin('POST', '/classic/settings', { hedgeClose: 'remainder', eliteTraderPairs: [] })
  })

  test("POST /sandbox/keys with eliteTrader adds an elite trader's copy-trading key", async () => {
    const { body } = await admin('POST', '/keys', { eliteTrader: true })
    expect(body.data).toMatchObject({ eliteTrader: true })
  })

  test('an unknown admin path answers 40404 in the envelope', async () => {
    expect((await admin('GET', '/nothing')).body.code).toBe('40404')
  })

  test('admin calls from a non-loopback address are refused', async () => {
    const embedded = createSandboxApp({ rateLimits: false })
    const remote = { incoming: { socket: { remoteAddress: '10.1.2.3' } } }
    const response = await embedded.app.request('/sandbox/state', {}, remote as never)
    expect(response.status).toBe(403)
    expect((await response.json()).data).toBeNull()
    const local = { incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } } }
    expect((await embedded.app.request('/sandbox/state', {}, local as never)).status).toBe(200)
  })
})

describe('isLoopback', () => {
  test.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:192.168.1.2', false],
  ])('%s -> %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected)
  })
})

describe('admin handle', () => {
  test('the programmatic handle does what the routes do', () => {
    const { admin: handle } = createSandboxApp({
      clock: fixedClock(1000),
      rateLimits: false,
      seed: 2,
    })
    handle.setPrice('BTCUSDT', '1.5')
    expect(handle.advanceClock(10)).toBe(1010)
    handle.injectFault({ path: '/p', kind: 'malformed' })
    expect(handle.state()).toMatchObject({
      now: 1010,
      prices: { BTCUSDT: '1.5' },
      faults: [{ path: '/p' }],
    })
    expect(() => handle.setPrice('BTCUSDT', '1e5')).toThrow(/decimal string/)
  })

  test('the same seed gives the same credentials and ids', () => {
    const a = createSandboxApp({ seed: 'alpha' })
    const b = createSandboxApp({ seed: 'alpha' })
    expect(a.admin.state().keys).toEqual(b.admin.state().keys)
    const order = {
      symbol: 'BTCUSDT',
      category: 'SPOT',
      side: 'buy',
      orderType: 'market',
      qty: '1',
    } as const
    expect(a.admin.addOrder(order).orderId).toBe(b.admin.addOrder(order).orderId)
    expect(createSandboxApp({ seed: 'beta' }).admin.state().keys).not.toEqual(a.admin.state().keys)
  })
  test('a seeded order keeps a clientOid set elsewhere (`BITGET#1`); a control character is refused', () => {
    const { admin: handle } = createSandboxApp({ seed: 3 })
    const order = {
      symbol: 'BTCUSDT',
      category: 'SPOT',
      side: 'buy',
      orderType: 'limit',
      qty: '1',
      price: '1',
    } as const
    expect(handle.addOrder({ ...order, clientOid: 'BITGET#1' }).clientOid).toBe('BITGET#1')
    expect(handle.addOrder({ ...order, clientOid: 'a b+c/d' }).clientOid).toBe('a b+c/d')
    expect(() => handle.addOrder({ ...order, clientOid: 'a\nb' })).toThrow(
      'clientOid: expected 1 to 64 characters, no control characters',
    )
  })
})
