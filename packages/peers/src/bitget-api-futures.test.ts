/**
 * bitget-api (tiagosiebler) `RestClientV2`, its classic futures (v2 mix) methods, against the
 * sandbox: each answer must carry every field the SDK's own response type declares, read from
 * its published `.d.ts` (see `test/declared.ts`): the named interfaces of
 * `types/response/v2/futures.d.ts` and the inline result types of `rest-client-v2.d.ts`.
 */
import { RestClientV2 } from 'bitget-api'
import { describe, expect, test } from 'vitest'
import { bitgetApiAgainstSandbox, declared } from './test/bitgetApi.js'

const futures = declared('types/response/v2/futures.d.ts')
const methods = declared('rest-client-v2.d.ts')
const ctx = bitgetApiAgainstSandbox((options) => new RestClientV2(options), {
  accountMode: 'classic',
})

/** A classic limit buy of BTCUSDT far below the market: it rests until the sandbox fills it. */
const futuresBuy = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  side: 'buy',
  orderType: 'limit',
  price: '30000',
  force: 'gtc',
} as const

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const

describe('RestClientV2 futures against the sandbox', () => {
  let orderId: string

  test('futuresSubmitOrder (POST /api/v2/mix/order/place-order) answers its declared { orderId, clientOid }', async () => {
    const { data } = await ctx.client.futuresSubmitOrder({ ...futuresBuy, clientOid: 'peer-v2-1' })
    expect(methods.missing(data, methods.returned('futuresSubmitOrder'))).toEqual([])
    expect(data.clientOid).toBe('peer-v2-1')
    orderId = data.orderId
  })

  test('getFuturesOrder (GET /api/v2/mix/order/detail) answers a FuturesOrderDetailV2, by orderId and by clientOid', async () => {
    const { data } = await ctx.client.getFuturesOrder({ ...pair, orderId })
    expect(futures.missing(data, 'FuturesOrderDetailV2')).toEqual([])
    expect(data).toMatchObject({
      orderId,
      clientOid: 'peer-v2-1',
      symbol: 'BTCUSDT',
      size: '0.01',
      price: '30000',
      side: 'buy',
      orderType: 'limit',
      marginMode: 'crossed',
      marginCoin: 'USDT',
      state: 'live',
      reduceOnly: 'NO',
    })
    const byClientOid = await ctx.client.getFuturesOrder({ ...pair, clientOid: 'peer-v2-1' })
    expect(byClientOid.data.orderId).toBe(orderId)
  })

  test('getFuturesOpenOrders (GET /api/v2/mix/order/orders-pending) lists FuturesOpenOrderV2 records', async () => {
    const { data } = await ctx.client.getFuturesOpenOrders({ ...pair })
    expect(data.entrustedList.map((order) => order.orderId)).toEqual([orderId])
    expect(
      data.entrustedList.flatMap((order) => futures.missing(order, 'FuturesOpenOrderV2')),
    ).toEqual([])
    expect(data.entrustedList[0]?.status).toBe('live')
  })

  test('futuresCancelOrder (POST /api/v2/mix/order/cancel-order) answers its declared { orderId, clientOid }; the detail is then canceled', async () => {
    const { data } = await ctx.client.futuresCancelOrder({ ...pair, marginCoin: 'USDT', orderId })
    expect(methods.missing(data, methods.returned('futuresCancelOrder'))).toEqual([])
    expect(data).toEqual({ orderId, clientOid: 'peer-v2-1' })
    const detail = await ctx.client.getFuturesOrder({ ...pair, orderId })
    expect(futures.missing(detail.data, 'FuturesOrderDetailV2')).toEqual([])
    expect(detail.data.state).toBe('canceled')
  })

  test('futuresBatchSubmitOrders and futuresBatchCancelOrders answer FuturesBatchOrderResponseV2', async () => {
    const placed = await ctx.client.futuresBatchSubmitOrders({
      ...pair,
      marginMode: 'crossed',
      marginCoin: 'USDT',
      orderList: [
        { size: '0.01', side: 'buy', orderType: 'limit', price: '30000', clientOid: 'peer-v2-b1' },
        { size: '0.01', side: 'buy', orderType: 'limit', price: '30100', clientOid: 'peer-v2-b2' },
      ],
    })
    expect(futures.missing(placed.data, 'FuturesBatchOrderResponseV2')).toEqual([])
    expect(placed.data.successList.map((item) => item.clientOid)).toEqual([
      'peer-v2-b1',
      'peer-v2-b2',
    ])
    const cancelled = await ctx.client.futuresBatchCancelOrders({
      ...pair,
      marginCoin: 'USDT',
      orderIdList: placed.data.successList.map(({ orderId }) => ({ orderId })),
    })
    expect(futures.missing(cancelled.data, 'FuturesBatchOrderResponseV2')).toEqual([])
    expect(cancelled.data.successList.map((item) => item.clientOid)).toEqual([
      'peer-v2-b1',
      'peer-v2-b2',
    ])
  })

  test('futuresModifyOrder (POST /api/v2/mix/order/modify-order) answers its declared { orderId, clientOid }; the new order is live', async () => {
    const placed = await ctx.client.futuresSubmitOrder({ ...futuresBuy, clientOid: 'peer-v2-m1' })
    const { data } = await ctx.client.futuresModifyOrder({
      ...pair,
      orderId: placed.data.orderId,
      newClientOid: 'peer-v2-m2',
      newSize: '0.02',
      newPrice: '30200',
    })
    expect(methods.missing(data, methods.returned('futuresModifyOrder'))).toEqual([])
    const renewed = await ctx.client.getFuturesOrder({ ...pair, clientOid: 'peer-v2-m2' })
    expect(futures.missing(renewed.data, 'FuturesOrderDetailV2')).toEqual([])
    expect(renewed.data).toMatchObject({ size: '0.02', price: '30200', state: 'live' })
  })

  test('futuresCancelAllOrders answers a FuturesCancelAllOrdersV2; getFuturesOpenOrders with nothing pending answers entrustedList null (docs/records.md), which the SDK types as an array', async () => {
    const all = await ctx.client.futuresCancelAllOrders({
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
    })
    expect(futures.missing(all.data, 'FuturesCancelAllOrdersV2')).toEqual([])
    expect(all.data.successList).toHaveLength(1)
    const { data } = await ctx.client.getFuturesOpenOrders({ ...pair })
    // Declared `entrustedList: FuturesOpenOrderV2[]`; a caller of bitget-api must guard for null.
    expect(data).toEqual({ entrustedList: null, endId: null })
  })

  test('every call reached a served endpoint and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
    expect(ctx.recorder.calls()).toEqual([
      'POST /api/v2/mix/order/place-order',
      'GET /api/v2/mix/order/detail',
      'GET /api/v2/mix/order/detail',
      'GET /api/v2/mix/order/orders-pending',
      'POST /api/v2/mix/order/cancel-order',
      'GET /api/v2/mix/order/detail',
      'POST /api/v2/mix/order/batch-place-order',
      'POST /api/v2/mix/order/batch-cancel-orders',
      'POST /api/v2/mix/order/place-order',
      'POST /api/v2/mix/order/modify-order',
      'GET /api/v2/mix/order/detail',
      'POST /api/v2/mix/order/cancel-all-orders',
      'GET /api/v2/mix/order/orders-pending',
    ])
  })
})
