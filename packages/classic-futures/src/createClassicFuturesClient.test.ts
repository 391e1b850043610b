import { ValidationError } from '@tradeline/core'
import { RateLimits, Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from './test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

describe('createClassicFuturesClient: instruments', () => {
  test('contracts load per product type from GET /api/v2/mix/market/contracts, mapped to the rules attributes', async () => {
    const client = made.client()
    const btc = await client.instruments.get('BTCUSDT', 'usdt-futures')
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT',
      priceMultiplier: '0.1',
      sizeMultiplier: '0.001',
    })
    await client.instruments.get('ETHUSDT', 'USDT-FUTURES')
    expect(client.loads).toEqual(['classic.getContracts'])
  })

  test('an off-tick price and an off-lot size are refused before anything is sent', async () => {
    const client = made.client()
    const error = await client.orders
      .place({ ...restingBuy, price: '30000.05', size: '0.0105' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['price'], ['size']])
    expect(client.sent).toEqual([])
  })

  test("the positionMode option overrides the account's mode: hedge requires tradeSide, one_way forbids it (rule 1)", async () => {
    const hedge = made.client({ positionMode: 'hedge', instruments: false })
    const error = await hedge.orders.place(restingBuy).catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['tradeSide']])
    const oneWay = made.client({ positionMode: { 'USDT-FUTURES': 'one_way' }, instruments: false })
    const refused = await oneWay.orders
      .place({ ...restingBuy, tradeSide: 'open' })
      .catch((e: unknown) => e)
    expect((refused as ValidationError).issues.map((i) => i.path)).toEqual([['tradeSide']])
    expect(hedge.sent).toEqual([])
    expect(oneWay.sent).toEqual([])
  })

  test('a batch of any number is checked whole before the first is sent, issues at input indexes', async () => {
    const client = made.client()
    const orders = Array.from({ length: 60 }, (_, i) => ({
      ...restingBuy,
      price: i === 55 ? '30000.01' : '30000',
    }))
    const error = await client.batch.place(orders).catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([[55, 'price']])
    expect(client.sent).toEqual([])
  })

  test('a wrong top-level argument is a ValidationError', async () => {
    const client = made.client()
    await expect(client.orders.place(null as never)).rejects.toThrow(
      'parameters: expected an object',
    )
    await expect(client.batch.place({} as never)).rejects.toThrow('orders: expected an array')
  })
})

describe('createClassicFuturesClient: the default rate limiter', () => {
  test("it holds the classic and public rows only (it held every line's): a unified endpoint is refused before anything is sent", async () => {
    const client = made.client()
    await client.transport.serverTime()
    expect(await client.orders.getPending({ productType: 'USDT-FUTURES' })).toBeDefined()
    const error = await client.transport
      .request({ endpoint: Unified.getUnfilledOrders, query: {} })
      .catch((e: unknown) => e)
    expect(RateLimits.UnknownEndpointError.isInstance(error)).toBe(true)
    expect(client.sent).toEqual(['public.getTime', 'classic.getOrdersPending'])
  })
})
