/**
 * bitget-api (tiagosiebler) `RestClientV3`, its stockplus (securities) order methods, against the
 * sandbox: each answer must carry every field the SDK's own response type declares, read from its
 * published `.d.ts` (see `test/declared.ts`), and the orders must behave (cancelled, modified,
 * filled).
 */
import { RestClientV3 } from 'bitget-api'
import { beforeAll, describe, expect, test } from 'vitest'
import { bitgetApiAgainstSandbox, declared } from './test/bitgetApi.js'

const stockplus = declared('types/response/v3/stockplus.d.ts')
const ctx = bitgetApiAgainstSandbox((options) => new RestClientV3(options))

const limitBuy = {
  symbol: 'AAPL.US',
  orderType: 'LO',
  side: 'Buy',
  submittedQuantity: '10',
  submittedPrice: '1.5',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
} as const

beforeAll(() => {
  ctx.sandbox.admin.setStockCash('100000')
})

describe('RestClientV3 stockplus orders against the sandbox', () => {
  test('placeStockPlusOrder, getStockPlusTodayOrders and getStockPlusOrderDetail answer their declared records', async () => {
    const placed = await ctx.client.placeStockPlusOrder(limitBuy)
    expect(stockplus.missing(placed.data, 'StockPlusPlaceOrderResponseV3')).toEqual([])
    const { orderId } = placed.data
    const today = await ctx.client.getStockPlusTodayOrders({ symbol: 'AAPL.US' })
    expect(stockplus.missing(today.data, 'StockPlusOrdersV3')).toEqual([])
    expect(stockplus.missingIn(today.data.orders, 'StockPlusOrderV3')).toEqual([])
    expect(today.data.orders.map((o) => o.orderId)).toContain(orderId)
    const detail = await ctx.client.getStockPlusOrderDetail({ orderId })
    // StockPlusOrderDetailV3 extends StockPlusOrderV3 with optional fields (the helper reads no `extends`).
    expect(stockplus.missing(detail.data, 'StockPlusOrderV3')).toEqual([])
    expect(Object.keys(detail.data)).toEqual(expect.arrayContaining(['history', 'chargeDetail']))
    expect(detail.data).toMatchObject({ orderId, status: 'NewStatus', quantity: '10' })
  })

  test('modifyStockPlusOrder changes a resting order; cancelStockPlusOrder cancels it', async () => {
    const { orderId } = (await ctx.client.placeStockPlusOrder(limitBuy)).data
    // The modify and cancel answers are declared as aliases of StockPlusPlaceOrderResponseV3.
    const modified = await ctx.client.modifyStockPlusOrder({
      orderId,
      quantity: '12',
      price: '1.4',
    })
    expect(stockplus.missing(modified.data, 'StockPlusPlaceOrderResponseV3')).toEqual([])
    expect((await ctx.client.getStockPlusOrderDetail({ orderId })).data).toMatchObject({
      quantity: '12',
      price: '1.4',
    })
    const cancelled = await ctx.client.cancelStockPlusOrder({ symbol: 'AAPL.US', orderId })
    expect(stockplus.missing(cancelled.data, 'StockPlusPlaceOrderResponseV3')).toEqual([])
    expect(cancelled.data.orderId).toBe(orderId)
    expect((await ctx.client.getStockPlusOrderDetail({ orderId })).data.status).toBe(
      'CanceledStatus',
    )
    // A second cancel is refused: bitget-api rejects with the exchange's envelope.
    await expect(
      ctx.client.cancelStockPlusOrder({ symbol: 'AAPL.US', orderId }),
    ).rejects.toMatchObject({ body: { code: '43020' } })
  })

  test('getStockPlusTodayExecutions lists each partial fill; getStockPlusHistoryOrders answers its page', async () => {
    const { orderId } = (await ctx.client.placeStockPlusOrder(limitBuy)).data
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '3' })
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '7' })
    const executions = await ctx.client.getStockPlusTodayExecutions({ orderId })
    expect(stockplus.missing(executions.data, 'StockPlusTodayExecutionsV3')).toEqual([])
    expect(stockplus.missingIn(executions.data.trades, 'StockPlusExecutionV3')).toEqual([])
    expect(executions.data.trades.map((t) => t.quantity)).toEqual(['3', '7'])
    const history = await ctx.client.getStockPlusHistoryOrders({ symbol: 'AAPL.US' })
    expect(stockplus.missing(history.data, 'StockPlusHistoryOrdersV3')).toEqual([])
    // Today's orders are not history yet.
    expect(history.data).toEqual({ hasMore: false, orders: [] })
  })
})
