/**
 * ccxt's `bitget` exchange in unified-account mode (`options.uta`) against the sandbox: it loads
 * the markets, then places, fetches and cancels an order, and reads back ccxt's unified order
 * structures.
 */
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import ccxt from 'ccxt'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startRecorder } from './test/recorder.js'

let sandbox: RunningSandbox
let recorder: Awaited<ReturnType<typeof startRecorder>>
let exchange: InstanceType<typeof ccxt.bitget>

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false })
  recorder = await startRecorder(sandbox.url)
  const { apiKey, secret, passphrase } = sandbox.credentials
  exchange = new ccxt.bitget({ apiKey, secret, password: passphrase, options: { uta: true } })
  // ccxt keeps one URL per API group (spot, mix, uta, ...): every one goes to the sandbox.
  const api = exchange.urls.api as Record<string, string>
  for (const group of Object.keys(api)) api[group] = recorder.url
})

afterAll(async () => {
  await recorder?.close()
  await sandbox?.close()
})

describe('ccxt bitget (uta) against the sandbox', () => {
  let id: string

  test('loadMarkets reads the sandbox instruments as ccxt markets', async () => {
    const markets = await exchange.loadMarkets()
    expect(markets['ETH/USDT']).toMatchObject({
      id: 'ETHUSDT',
      type: 'spot',
      spot: true,
      base: 'ETH',
      quote: 'USDT',
      precision: { price: 0.01, amount: 0.0001 },
      limits: { amount: { min: 0.0001 }, cost: { min: 1 } },
    })
    expect(markets['BTC/USDT:USDT']).toMatchObject({
      id: 'BTCUSDT',
      type: 'swap',
      linear: true,
      settle: 'USDT',
    })
  })

  test('createOrder places a spot limit order', async () => {
    const order = await exchange.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 3000)
    expect(order.id).toMatch(/^\d+$/)
    id = order.id!
  })

  test('fetchOrder reads it back open', async () => {
    const order = await exchange.fetchOrder(id, 'ETH/USDT')
    expect(order).toMatchObject({
      id,
      symbol: 'ETH/USDT',
      type: 'limit',
      side: 'buy',
      status: 'open',
      price: 3000,
      amount: 0.01,
      filled: 0,
      remaining: 0.01,
      reduceOnly: false,
    })
  })

  test('cancelOrder cancels it, and fetchOrder then reads it canceled', async () => {
    const cancelled = await exchange.cancelOrder(id, 'ETH/USDT')
    expect(cancelled.id).toBe(id)
    expect(JSON.parse(recorder.exchanges.at(-1)!.body)).toEqual({ symbol: 'ETHUSDT', orderId: id })
    const order = await exchange.fetchOrder(id, 'ETH/USDT')
    expect(order).toMatchObject({ id, status: 'canceled', price: 3000, amount: 0.01, filled: 0 })
  })

  test('fetchBalance reads the account assets (GET /api/v3/account/assets) as ccxt balances', async () => {
    const balance = await exchange.fetchBalance()
    const usdt = balance.USDT as { free?: number; used?: number; total?: number } | undefined
    expect(usdt?.total).toBeGreaterThan(0)
    expect(usdt?.free).toBeLessThanOrEqual(usdt?.total ?? 0)
  })

  test('every call reached a served endpoint and succeeded', () => {
    expect(recorder.failures()).toEqual([])
    // The four instrument reads of loadMarkets go out together: their order is not fixed.
    expect(
      recorder.exchanges.map(({ method, path, query }) => `${method} ${path}?${query}`).sort(),
    ).toEqual([
      'GET /api/v2/spot/public/coins?',
      'GET /api/v3/account/assets?',
      'GET /api/v3/market/instruments?category=COIN-FUTURES',
      'GET /api/v3/market/instruments?category=SPOT',
      'GET /api/v3/market/instruments?category=USDC-FUTURES',
      'GET /api/v3/market/instruments?category=USDT-FUTURES',
      `GET /api/v3/trade/order-info?orderId=${id}`,
      `GET /api/v3/trade/order-info?orderId=${id}`,
      'POST /api/v3/trade/cancel-order?',
      'POST /api/v3/trade/place-order?',
    ])
  })
})
