/**
 * ccxt's `bitget` exchange in unified-account mode (`options.uta`) against the sandbox: it loads
 * the markets, then places, fetches and cancels an order, and reads back ccxt's unified order
 * structures.
 */
import { describe, expect, test } from 'vitest'
import { ccxtAgainstSandbox } from './test/ccxt.js'

const ctx = ccxtAgainstSandbox({ uta: true })

describe('ccxt bitget (uta) against the sandbox', () => {
  let id: string

  test('loadMarkets reads the sandbox instruments as ccxt markets', async () => {
    const markets = await ctx.exchange.loadMarkets()
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
    const order = await ctx.exchange.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 3000)
    expect(order.id).toMatch(/^\d+$/)
    id = order.id!
  })

  test('fetchOrder reads it back open', async () => {
    const order = await ctx.exchange.fetchOrder(id, 'ETH/USDT')
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
    const cancelled = await ctx.exchange.cancelOrder(id, 'ETH/USDT')
    expect(cancelled.id).toBe(id)
    expect(JSON.parse(ctx.recorder.exchanges.at(-1)!.body)).toEqual({
      symbol: 'ETHUSDT',
      orderId: id,
    })
    const order = await ctx.exchange.fetchOrder(id, 'ETH/USDT')
    expect(order).toMatchObject({ id, status: 'canceled', price: 3000, amount: 0.01, filled: 0 })
  })

  test('fetchBalance reads the account assets (GET /api/v3/account/assets) as ccxt balances', async () => {
    const balance = await ctx.exchange.fetchBalance()
    const usdt = balance.USDT as { free?: number; used?: number; total?: number } | undefined
    expect(usdt?.total).toBeGreaterThan(0)
    expect(usdt?.free).toBeLessThanOrEqual(usdt?.total ?? 0)
  })

  test('every call reached a served endpoint and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
    // The four instrument reads of loadMarkets go out together: their order is not fixed.
    expect(
      ctx.recorder.exchanges.map(({ method, path, query }) => `${method} ${path}?${query}`).sort(),
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
