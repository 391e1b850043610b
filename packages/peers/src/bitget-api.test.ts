/**
 * bitget-api (tiagosiebler) `RestClientV3`, the unified-account client, against the sandbox:
 * each answer must carry every field the SDK's own response type declares. The field lists are
 * read from the SDK's published `.d.ts` (see `test/declared.ts`), not copied here.
 */
import { RestClientV3 } from 'bitget-api'
import { describe, expect, test } from 'vitest'
import { bitgetApiAgainstSandbox, declared } from './test/bitgetApi.js'

const trade = declared('types/response/v3/trade.d.ts')
const ctx = bitgetApiAgainstSandbox((options) => new RestClientV3(options))

/** A spot limit buy of ETHUSDT below the market (3200): it rests until the sandbox fills it. */
const spotBuy = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
  timeInForce: 'gtc',
} as const

describe('RestClientV3 against the sandbox', () => {
  let orderId: string

  test('submitNewOrder (POST /api/v3/trade/place-order) answers a PlaceOrderResponseV3', async () => {
    const { data } = await ctx.client.submitNewOrder({ ...spotBuy, clientOid: 'peer-bitget-1' })
    expect(trade.missing(data, 'PlaceOrderResponseV3')).toEqual([])
    expect(data.clientOid).toBe('peer-bitget-1')
    orderId = data.orderId
  })

  test('getOrderInfo (GET /api/v3/trade/order-info) answers an OrderInfoV3', async () => {
    const { data } = await ctx.client.getOrderInfo({ orderId })
    expect(trade.missing(data, 'OrderInfoV3')).toEqual([])
    expect(data).toMatchObject({
      orderId,
      clientOid: 'peer-bitget-1',
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      price: '3000',
      qty: '0.01',
      orderStatus: 'live',
    })
  })

  test('getUnfilledOrders (GET /api/v3/trade/unfilled-orders) lists UnfilledOrderV3 records', async () => {
    const { data } = await ctx.client.getUnfilledOrders({ category: 'SPOT', symbol: 'ETHUSDT' })
    expect(data.list.map((order) => order.orderId)).toEqual([orderId])
    expect(data.list.flatMap((order) => trade.missing(order, 'UnfilledOrderV3'))).toEqual([])
  })

  test('getTradeFills (GET /api/v3/trade/fills) lists FillV3 records after a fill', async () => {
    ctx.sandbox.admin.fill(orderId)
    const { data } = await ctx.client.getTradeFills({ orderId })
    expect(data.list).toHaveLength(1)
    expect(data.list.flatMap((fill) => trade.missing(fill, 'FillV3'))).toEqual([])
    expect(data.list[0]).toMatchObject({ orderId, execPrice: '3000', execQty: '0.01' })
  })

  test('cancelOrder and getHistoryOrders answer CancelOrderResponseV3 and HistoryOrderV3', async () => {
    const placed = await ctx.client.submitNewOrder({ ...spotBuy, clientOid: 'peer-bitget-2' })
    const { data } = await ctx.client.cancelOrder({ orderId: placed.data.orderId })
    expect(trade.missing(data, 'CancelOrderResponseV3')).toEqual([])
    const history = await ctx.client.getHistoryOrders({ category: 'SPOT', symbol: 'ETHUSDT' })
    expect(history.data.list.flatMap((order) => trade.missing(order, 'HistoryOrderV3'))).toEqual([])
    expect(history.data.list.map(({ orderId, orderStatus }) => ({ orderId, orderStatus }))).toEqual(
      [
        { orderId: placed.data.orderId, orderStatus: 'cancelled' },
        { orderId, orderStatus: 'filled' },
      ],
    )
  })

  test('getCurrentPosition (GET /api/v3/position/current-position) lists CurrentPositionV3 records', async () => {
    const placed = await ctx.client.submitNewOrder({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: '62000',
    })
    ctx.sandbox.admin.fill(placed.data.orderId)
    const { data } = await ctx.client.getCurrentPosition({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
    })
    expect(data.list).toHaveLength(1)
    expect(data.list.flatMap((position) => trade.missing(position, 'CurrentPositionV3'))).toEqual(
      [],
    )
    expect(data.list[0]).toMatchObject({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      total: '0.01',
    })
  })

  test('every call reached a served endpoint and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
    expect(ctx.recorder.calls()).toEqual([
      'POST /api/v3/trade/place-order',
      'GET /api/v3/trade/order-info',
      'GET /api/v3/trade/unfilled-orders',
      'GET /api/v3/trade/fills',
      'POST /api/v3/trade/place-order',
      'POST /api/v3/trade/cancel-order',
      'GET /api/v3/trade/history-orders',
      'POST /api/v3/trade/place-order',
      'GET /api/v3/position/current-position',
    ])
  })
})
