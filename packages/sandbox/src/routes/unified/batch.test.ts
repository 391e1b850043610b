import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { btc, ethBuy, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

describe('placeBatchRoute', () => {
  test('Batch endpoints return per-item code and msg: partial success', async () => {
    const { body } = await ctx.api.post(paths.placeBatch, [
      ethBuy({ clientOid: 'pb-1' }),
      ethBuy({ clientOid: 'pb-2', price: '3000.001' }),
      ethBuy({ clientOid: 'pb-1' }),
      ethBuy({ clientOid: 'pb-4', side: 'sell', qty: '1000', price: '3300.00' }),
    ])
    expect(body.code).toBe('00000')
    expect(body.data).toEqual([
      { orderId: expect.any(String), clientOid: 'pb-1', code: '00000', msg: 'success' },
      { orderId: null, clientOid: 'pb-2', code: '41103', msg: 'param price scale error' },
      { orderId: null, clientOid: 'pb-1', code: '43118', msg: 'Duplicate clientOid' },
      {
        orderId: null,
        clientOid: 'pb-4',
        code: '40762',
        msg: 'The order size is greater than the max open size',
      },
    ])
  })

  test('Error 40762 ... occurs when balance is insufficient for a futures item', async () => {
    ctx.sandbox.admin.setBalance('USDT', '1')
    const { body } = await ctx.api.post(paths.placeBatch, [btc()])
    expect(body.data[0]).toMatchObject({ orderId: null, clientOid: null, code: '40762' })
    ctx.sandbox.admin.setBalance('USDT', '100000')
  })

  test('category is required and must be identical for all orders of the batch: the whole request fails', async () => {
    const { body } = await ctx.api.post(paths.placeBatch, [ethBuy(), btc()])
    expect(body).toMatchObject({ code: '40017', data: null })
  })

  test('reduce-only orders are not supported in batch: the item fails', async () => {
    const { body } = await ctx.api.post(paths.placeBatch, [
      btc({ reduceOnly: 'yes', clientOid: 'pb-ro' }),
      btc({ clientOid: 'pb-ok' }),
    ])
    expect(body.data.map((item: { code: string }) => item.code)).toEqual(['40017', '00000'])
  })

  test('posSide ... hedge mode: the position-mode issue of an item answers 40774', async () => {
    const { body } = await ctx.api.post(paths.placeBatch, [btc({ posSide: 'long' })])
    expect(body.data[0].code).toBe('40774')
  })
})

describe('cancelBatchRoute', () => {
  test('Cancels up to 20 orders; partial success is allowed', async () => {
    const placed = await ctx.api.post(paths.place, ethBuy({ clientOid: 'cb-1' }))
    const { body } = await ctx.api.post(paths.cancelBatch, [
      { category: 'SPOT', symbol: 'ETHUSDT', clientOid: 'cb-1' },
      { category: 'SPOT', symbol: 'ETHUSDT', clientOid: 'cb-missing' },
    ])
    expect(body.data).toEqual([
      { orderId: placed.body.data.orderId, clientOid: 'cb-1', code: '00000', msg: 'success' },
      { orderId: null, clientOid: 'cb-missing', code: '43001', msg: 'The order does not exist' },
    ])
  })

  test('if a call mixes orderId and clientOid items, the clientOid is ignored', async () => {
    const a = (await ctx.api.post(paths.place, ethBuy({ clientOid: 'mix-a' }))).body.data
    await ctx.api.post(paths.place, ethBuy({ clientOid: 'mix-b' }))
    const { body } = await ctx.api.post(paths.cancelBatch, [
      { category: 'SPOT', symbol: 'ETHUSDT', orderId: a.orderId },
      { category: 'SPOT', symbol: 'ETHUSDT', clientOid: 'mix-b' },
    ])
    expect(body.data.map((item: { code: string }) => item.code)).toEqual(['00000', '43001'])
    const b = await ctx.api.get(paths.info, { clientOid: 'mix-b' })
    expect(b.body.data.orderStatus).toBe('live')
  })
})
