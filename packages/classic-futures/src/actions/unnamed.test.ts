/**
 * The changes that name no order, cancel-all and flash close, on core's engine (a change it cannot
 * look up), and the flash close's `holdSide` against the position mode. Against the sandbox over
 * HTTP.
 */
import { OrderOutcomeUnknownError, UnknownOutcomeError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
  made.sandbox.admin.setPrice('BTCUSDT', '65000.0')
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const marketBuy = { ...restingBuy, orderType: 'market', price: undefined } as never
const quick = { retry: { limit: 0 }, rateLimiter: false as const }

describe('closePositions: holdSide against the position mode', () => {
  test('"holdSide ... In one-way position mode: This field should be left blank. Will be ignored if filled in.": refused when the mode is one-way, nothing sent, the long stays', async () => {
    const client = made.client({ ...quick, positionMode: 'one_way' })
    await client.orders.place(marketBuy)
    const error = await client.orders
      .closePositions({ ...pair, holdSide: 'short' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues).toMatchObject([
      { type: 'forbidden', path: ['holdSide'], received: '"short"' },
    ])
    expect(client.sent).toEqual(['classic.placeOrder'])
    const [held] = await client.account.getPositions({ productType: 'USDT-FUTURES' })
    expect(held).toMatchObject({ holdSide: 'long', total: '0.01' })
    await client.orders.closePositions(pair)
    expect(await client.account.getPositions({ productType: 'USDT-FUTURES' })).toEqual([])
  })

  test('hedge mode takes holdSide: only that side closes', async () => {
    made.sandbox.admin.setClassicPositionMode('hedge')
    try {
      const client = made.client({ ...quick, positionMode: 'hedge' })
      await client.orders.place({ ...(marketBuy as object), tradeSide: 'open' } as never)
      await client.orders.place({
        ...(marketBuy as object),
        side: 'sell',
        tradeSide: 'open',
      } as never)
      await client.orders.closePositions({ ...pair, holdSide: 'short' })
      const held = await client.account.getPositions({ productType: 'USDT-FUTURES' })
      expect(held.map((p) => p.holdSide)).toEqual(['long'])
      await client.orders.closePositions(pair)
    } finally {
      made.sandbox.admin.setClassicPositionMode('one_way')
    }
  })
})

describe('decision: cancel-all and flash close are sent once; an unknown outcome is an UnknownOutcomeError without retryWith', () => {
  test('flash close applied, then 45001: UnknownOutcomeError (no lookup can tell its closing orders), sent once', async () => {
    const client = made.client(quick)
    await client.orders.place(marketBuy)
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/close-positions',
      kind: 'code-after',
      code: '45001',
    })
    const error = await client.orders.closePositions(pair).catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(false)
    expect(client.sent.filter((s) => s === 'classic.closePositions')).toHaveLength(1)
    expect(await client.account.getPositions({ productType: 'USDT-FUTURES' })).toEqual([])
  })

  test('cancel-all applied, then HTTP 500: UnknownOutcomeError, sent once', async () => {
    const client = made.client(quick)
    await client.orders.place({ ...restingBuy, price: '30700' })
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/cancel-all-orders',
      kind: 'http500',
      applied: true,
    })
    const error = await client.orders
      .cancelAll({ productType: 'USDT-FUTURES' })
      .catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(false)
    expect(client.sent.filter((s) => s === 'classic.cancelAllOrders')).toHaveLength(1)
    expect((await client.orders.getPending(pair)).entrustedList).toEqual([])
  })
})

describe('cancelAll of one symbol', () => {
  test("decision: with a symbol it is batch-cancel-orders without orderIdList (cancel-all-orders names no symbol): only that symbol's orders are cancelled", async () => {
    made.sandbox.admin.setInstrument({
      symbol: 'SOLUSDT',
      category: 'USDT-FUTURES',
      priceMultiplier: '0.01',
      pricePrecision: 2,
      sizeMultiplier: '0.1',
      minOrderAmount: '0.1',
      minTradeUSDT: '5',
    })
    made.sandbox.admin.setPrice('SOLUSDT', '150.00')
    const client = made.client(quick)
    const btc = await client.orders.place(restingBuy)
    const sol = await client.orders.place({
      ...restingBuy,
      symbol: 'SOLUSDT',
      size: '1',
      price: '140.00',
    })
    const cancelled = await client.orders.cancelAll(pair)
    expect(cancelled.successList.map((o) => o.orderId)).toEqual([btc.orderId])
    expect(client.sent.slice(-1)).toEqual(['classic.batchCancelOrders'])
    const pending = await client.orders.getPending({ productType: 'USDT-FUTURES' })
    expect(pending.entrustedList.map((o) => o.orderId)).toEqual([sol.orderId])
    await client.orders.cancelAll({ productType: 'USDT-FUTURES' })
    expect(client.sent.slice(-1)).toEqual(['classic.cancelAllOrders'])
    expect((await client.orders.getPending({ productType: 'USDT-FUTURES' })).entrustedList).toEqual(
      [],
    )
  })
})
