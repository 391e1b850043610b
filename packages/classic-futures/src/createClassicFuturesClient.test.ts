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

  test('preset take-profit/stop-loss prices are tick-checked like the price: place, batch item and modify are refused before sending', async () => {
    const client = made.client()
    const presets = {
      presetStopSurplusPrice: '40000.03',
      presetStopLossPrice: '20000.01',
      presetStopSurplusExecutePrice: '40000.02',
    }
    const placed = await client.orders.place({ ...restingBuy, ...presets }).catch((e: unknown) => e)
    expect(ValidationError.isInstance(placed)).toBe(true)
    expect((placed as ValidationError).issues.map((i) => [i.type, ...i.path])).toEqual([
      ['tick', 'presetStopSurplusPrice'],
      ['tick', 'presetStopLossPrice'],
      ['tick', 'presetStopSurplusExecutePrice'],
    ])
    const { symbol, productType, marginMode, marginCoin, ...item } = restingBuy
    const batch = await client.batch
      .placeOne({
        symbol,
        productType,
        marginMode,
        marginCoin,
        orderList: [item, { ...item, presetStopLossPrice: '20000.01' }],
      })
      .catch((e: unknown) => e)
    expect((batch as ValidationError).issues.map((i) => i.path)).toEqual([
      ['orderList', 1, 'presetStopLossPrice'],
    ])
    const modified = await client.orders
      .modify({ symbol, productType, orderId: '1', newPresetStopSurplusPrice: '40000.03' })
      .catch((e: unknown) => e)
    expect((modified as ValidationError).issues.map((i) => i.path)).toEqual([
      ['newPresetStopSurplusPrice'],
    ])
    expect(client.sent).toEqual([])
  })

  test('a limit order worth less than minTradeUSDT (BTCUSDT: 5) is refused before sending, alone or in a batch; a market order is not valued', async () => {
    const client = made.client()
    const low = { ...restingBuy, size: '0.001', price: '100' }
    const error = await client.orders.place(low).catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path, i.message])).toEqual([
      [
        'minimum',
        ['size'],
        'size: expected an order value of at least 5 USDT (minTradeUSDT of BTCUSDT), received "0.1"',
      ],
    ])
    const batch = await client.batch.place([restingBuy, low]).catch((e: unknown) => e)
    expect((batch as ValidationError).issues.map((i) => i.path)).toEqual([[1, 'size']])
    expect(client.sent).toEqual([])
    const { price: _, ...rest } = low
    await client.orders.place({ ...rest, orderType: 'market' })
    expect(client.sent).toEqual(['classic.placeOrder'])
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

describe('X-CHANNEL-API-CODE: optional for place, reversal and batch place', () => {
  /** The broker code of the last `count` placements (single and batch), with their paths. */
  const placements = (count: number) =>
    made.sandbox.admin
      .requests()
      .filter((r) => r.path.startsWith('/api/v2/mix/order/') && r.path.includes('place-order'))
      .slice(-count)
      .map((r) => [r.path.split('/').at(-1), r.channelApiCode])

  test('batch.placeOne and batch.place send the broker code when asked, as orders.place does; not otherwise', async () => {
    const client = made.client({ channelApiCode: 'broker-7' })
    const { symbol, productType, marginMode, marginCoin, ...item } = restingBuy
    const one = { symbol, productType, marginMode, marginCoin, orderList: [item] }
    await client.batch.placeOne(one, { channelApiCode: true })
    await client.batch.place([restingBuy], { channelApiCode: true })
    await client.batch.placeOne(one)
    await client.orders.place(restingBuy, { channelApiCode: true })
    expect(placements(4)).toEqual([
      ['batch-place-order', 'broker-7'],
      ['batch-place-order', 'broker-7'],
      ['batch-place-order', undefined],
      ['place-order', 'broker-7'],
    ])
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
