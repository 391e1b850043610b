/**
 * bitget-api (tiagosiebler) `RestClientV2`, its classic futures plan management and account
 * estimates, against the sandbox: position take-profit/stop-loss, a trailing stop, modify and
 * cancel of plans, max openable size and open count. Each answer must carry every field the
 * SDK's own response type declares, read from its published `.d.ts` (see `test/declared.ts`).
 */
import { describe, expect, test } from 'vitest'
import {
  futuresCoin as coin,
  futuresAgainstSandbox,
  futuresMarketBuy,
  futuresPair as pair,
} from './test/bitgetApi.js'

const { ctx, futures, methods } = futuresAgainstSandbox()

describe('RestClientV2 futures account estimates against the sandbox', () => {
  test('getFuturesMaxOpenableQuantity answers a FuturesMaxOpenV2; getFuturesOpenCount its declared { size }', async () => {
    ctx.sandbox.admin.setPrice('BTCUSDT', '65000')
    const max = await ctx.client.getFuturesMaxOpenableQuantity({
      ...coin,
      posSide: 'long',
      orderType: 'market',
    })
    expect(futures.missing(max.data, 'FuturesMaxOpenV2')).toEqual([])
    expect(Number(max.data.maxOpen)).toBeGreaterThan(0)
    const count = await ctx.client.getFuturesOpenCount({
      ...coin,
      openAmount: '6500',
      openPrice: '65000',
      leverage: '10',
    })
    expect(methods.missing(count.data, methods.returned('getFuturesOpenCount'))).toEqual([])
    // 6500 USDT at 10x buys 65000 USDT of BTC at 65000: 1 BTC
    expect(Number(count.data.size)).toBe(1)
  })
})

describe('RestClientV2 futures plan management against the sandbox', () => {
  test('futuresSubmitPositionTPSL answers its declared records; both plans are pending on the position', async () => {
    await ctx.client.futuresSubmitOrder(futuresMarketBuy)
    const { data } = await ctx.client.futuresSubmitPositionTPSL({
      ...coin,
      holdSide: 'buy',
      stopSurplusTriggerPrice: '70000',
      stopSurplusTriggerType: 'fill_price',
      stopLossTriggerPrice: '60000',
      stopLossTriggerType: 'fill_price',
    })
    const declaredItem = methods.returned('futuresSubmitPositionTPSL')
    expect(data.flatMap((item) => methods.missing(item, declaredItem))).toEqual([])
    const pending = await ctx.client.getFuturesPlanOrders({ ...pair, planType: 'profit_loss' })
    expect(futures.missingIn(pending.data.entrustedList, 'FuturesPendingPlanOrderV2')).toEqual([])
    expect(pending.data.entrustedList.map((plan) => plan.planType).sort()).toEqual([
      'pos_loss',
      'pos_profit',
    ])
  })

  test('futuresModifyTPSLPOrder moves the stop-loss; the pending plan carries the new trigger', async () => {
    const pending = await ctx.client.getFuturesPlanOrders({ ...pair, planType: 'profit_loss' })
    const stop = pending.data.entrustedList.find((plan) => plan.planType === 'pos_loss')!
    const { data } = await ctx.client.futuresModifyTPSLPOrder({
      ...coin,
      orderId: stop.orderId,
      triggerPrice: '61000',
      triggerType: 'fill_price',
      size: '',
    })
    expect(methods.missing(data, methods.returned('futuresModifyTPSLPOrder'))).toEqual([])
    const after = await ctx.client.getFuturesPlanOrders({ ...pair, planType: 'profit_loss' })
    expect(after.data.entrustedList.find((plan) => plan.orderId === stop.orderId)).toMatchObject({
      triggerPrice: '61000',
    })
  })

  test('a track_plan rests, futuresModifyPlanOrder changes its callback ratio, futuresCancelPlanOrder answers a FuturesCancelPlanOrderV2', async () => {
    const placed = await ctx.client.futuresSubmitPlanOrder({
      ...coin,
      planType: 'track_plan',
      marginMode: 'crossed',
      size: '0.01',
      triggerPrice: '66000',
      triggerType: 'fill_price',
      callbackRatio: '1',
      side: 'sell',
      orderType: 'market',
      clientOid: 'peer-v2-track-1',
    })
    const modified = await ctx.client.futuresModifyPlanOrder({
      ...pair,
      planType: 'track_plan',
      orderId: placed.data.orderId,
      newCallbackRatio: '2',
      newTriggerPrice: '66500',
      newTriggerType: 'fill_price',
    })
    expect(methods.missing(modified.data, methods.returned('futuresModifyPlanOrder'))).toEqual([])
    const pending = await ctx.client.getFuturesPlanOrders({ ...pair, planType: 'track_plan' })
    expect(futures.missingIn(pending.data.entrustedList, 'FuturesPendingPlanOrderV2')).toEqual([])
    expect(pending.data.entrustedList).toEqual([
      expect.objectContaining({
        orderId: placed.data.orderId,
        callbackRatio: '2',
        triggerPrice: '66500',
      }),
    ])
    const cancelled = await ctx.client.futuresCancelPlanOrder({
      ...coin,
      orderIdList: [{ orderId: placed.data.orderId }],
    })
    expect(futures.missing(cancelled.data, 'FuturesCancelPlanOrderV2')).toEqual([])
    expect(cancelled.data.successList.map((item) => item.orderId)).toEqual([placed.data.orderId])
    const history = await ctx.client.getFuturesHistoricPlanOrders({
      ...pair,
      planType: 'track_plan',
    })
    expect(futures.missingIn(history.data.entrustedList, 'FuturesHistoryPlanOrderV2')).toEqual([])
    expect(history.data.entrustedList.map(({ planStatus }) => planStatus)).toEqual(['cancelled'])
  })

  test('every call reached a served endpoint and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
  })
})
