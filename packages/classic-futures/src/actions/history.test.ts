import { ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'
import { getFills } from './getFills.js'
import { getOrderHistory } from './getOrderHistory.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const

describe('getOrderHistory', () => {
  test('the orders that ended, newest first, with status filled / canceled as decimal strings; pages by endId', async () => {
    const client = made.client({ instruments: false })
    const a = await client.orders.place(restingBuy)
    made.sandbox.admin.advanceClock(5)
    const b = await client.orders.place(restingBuy)
    await client.orders.cancel({ ...pair, orderId: a.orderId })
    made.sandbox.admin.fill(b.orderId as string)
    const page = await client.orders.getHistory({ productType: 'USDT-FUTURES', limit: '1' })
    expect(page.entrustedList.map((o) => [o.orderId, o.status, o.baseVolume])).toEqual([
      [b.orderId, 'filled', '0.01'],
    ])
    const older = await getOrderHistory(client, {
      productType: 'USDT-FUTURES',
      idLessThan: page.endId as string,
    })
    expect(older.entrustedList.map((o) => [o.orderId, o.status])).toEqual([[a.orderId, 'canceled']])
    expect(client.sent).toContain('classic.getOrdersHistory')
  })

  test('no history: entrustedList null is read as []', async () => {
    const client = made.client({ instruments: false })
    expect(await client.orders.getHistory({ productType: 'USDC-FUTURES' })).toEqual({
      entrustedList: [],
      endId: null,
    })
  })

  test('a bad query is a ValidationError naming the field before anything is sent', async () => {
    const client = made.client({ instruments: false })
    const error = await client.orders
      .getHistory({ productType: 'USDT-FUTURES', limit: '500' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['range', ['limit']],
    ])
    expect(client.sent).toEqual([])
  })
})

describe('getFills', () => {
  test("an order's fills, newest first: tradeId, baseVolume, price, feeDetail as a list", async () => {
    const client = made.client({ instruments: false })
    const ack = await client.orders.place(restingBuy)
    made.sandbox.admin.fill(ack.orderId as string, '0.004')
    made.sandbox.admin.advanceClock(5)
    made.sandbox.admin.fill(ack.orderId as string)
    const { fillList, endId } = await client.orders.getFills({
      productType: 'USDT-FUTURES',
      orderId: ack.orderId as string,
    })
    expect(fillList.map((f) => [f.orderId, f.baseVolume, f.price])).toEqual([
      [ack.orderId, '0.006', '30000'],
      [ack.orderId, '0.004', '30000'],
    ])
    expect(fillList[0]?.feeDetail[0]).toMatchObject({ feeCoin: 'USDT', totalFee: '0' })
    expect(endId).toBe(fillList[1]?.tradeId)
    const none = await getFills(client, {
      productType: 'USDT-FUTURES',
      orderId: ack.orderId as string,
      idLessThan: endId as string,
    })
    expect(none).toEqual({ fillList: [], endId: null })
  })

  test('productType is required: a ValidationError, nothing sent', async () => {
    const client = made.client({ instruments: false })
    await expect(getFills(client, {} as never)).rejects.toThrow('productType')
    expect(client.sent).toEqual([])
  })
})
