import { afterAll, beforeAll, expect, test } from 'vitest'
import { paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const strategy = (orderId: string) =>
  ctx.sandbox.admin.state().strategies.find((s) => s.orderId === orderId)!

test('type=trailing_stop: activated at its price, it follows the best price and places its order when the price turns back by trailVariance', async () => {
  ctx.sandbox.admin.setPrice('ETHUSDT', '3200.00')
  const { body } = await ctx.api.post(paths.placeStrategy, {
    category: 'SPOT',
    symbol: 'ETHUSDT',
    type: 'trailing_stop',
    side: 'buy',
    qty: '1',
    trailingStopParams: [
      {
        activationPrice: '3100',
        activationType: 'market',
        trailType: 'spread',
        trailVariance: '50',
        preOrderType: 'market',
      },
    ],
  })
  expect(body.code).toBe('00000')
  const { orderId } = body.data
  ctx.sandbox.admin.setPrice('ETHUSDT', '3150.00') // not activated: a rise of 50 from here does nothing
  ctx.sandbox.admin.setPrice('ETHUSDT', '3210.00')
  expect(strategy(orderId).status).toBe('live')
  ctx.sandbox.admin.setPrice('ETHUSDT', '3100.00') // activated, best 3100
  ctx.sandbox.admin.setPrice('ETHUSDT', '3000.00') // best 3000
  ctx.sandbox.admin.setPrice('ETHUSDT', '3040.00') // 40 above the best: still live
  expect(strategy(orderId).status).toBe('live')
  ctx.sandbox.admin.setPrice('ETHUSDT', '3050.00')
  const triggered = strategy(orderId)
  expect(triggered).toMatchObject({ status: 'triggered', triggeredLeg: 'trigger' })
  const order = await ctx.api.get(paths.info, { orderId: triggered.orderIds![0]! })
  expect(order.body.data).toMatchObject({ orderStatus: 'filled', side: 'buy', avgPrice: '3050' })
})
