/**
 * bitget-api (tiagosiebler) `RestClientV2`, its classic futures (v2 mix) account settings, ledger
 * and plan methods, against the sandbox: each answer must carry every field the SDK's own
 * response type declares, read from its published `.d.ts` (see `test/declared.ts`).
 */
import { describe, expect, test } from 'vitest'
import {
  futuresCoin as coin,
  futuresAgainstSandbox,
  futuresMarketBuy,
  futuresPair as pair,
} from './test/bitgetApi.js'

const { ctx, futures, methods } = futuresAgainstSandbox()

describe('RestClientV2 futures account settings against the sandbox', () => {
  test('setFuturesPositionMode (POST /api/v2/mix/account/set-position-mode) answers its declared { posMode }', async () => {
    const { data } = await ctx.client.setFuturesPositionMode({
      productType: 'USDT-FUTURES',
      posMode: 'one_way_mode',
    })
    expect(methods.missing(data, methods.returned('setFuturesPositionMode'))).toEqual([])
    expect(data.posMode).toBe('one_way_mode')
  })

  test('setFuturesMarginMode (POST /api/v2/mix/account/set-margin-mode) answers a SetMarginModeResponseV2', async () => {
    const { data } = await ctx.client.setFuturesMarginMode({ ...coin, marginMode: 'isolated' })
    expect(futures.missing(data, 'SetMarginModeResponseV2')).toEqual([])
    expect(data).toMatchObject({ symbol: 'BTCUSDT', marginMode: 'isolated' })
  })

  test('setFuturesLeverage (POST /api/v2/mix/account/set-leverage) answers a SetLeverageResponseV2', async () => {
    const { data } = await ctx.client.setFuturesLeverage({ ...coin, leverage: '5' })
    expect(futures.missing(data, 'SetLeverageResponseV2')).toEqual([])
    expect(data).toMatchObject({ symbol: 'BTCUSDT', marginMode: 'isolated' })
  })

  test('getFuturesAccountAsset (GET /api/v2/mix/account/account) answers a FuturesAccountV2 holding the settings just made', async () => {
    const { data } = await ctx.client.getFuturesAccountAsset(coin)
    expect(futures.missing(data, 'FuturesAccountV2')).toEqual([])
    expect(data).toMatchObject({
      marginCoin: 'USDT',
      marginMode: 'isolated',
      posMode: 'one_way_mode',
      isolatedLongLever: '5',
    })
  })

  test('getFuturesAccountAssets (GET /api/v2/mix/account/accounts) lists FuturesAccountsV2 records', async () => {
    const { data } = await ctx.client.getFuturesAccountAssets({ productType: 'USDT-FUTURES' })
    expect(data.length).toBeGreaterThan(0)
    expect(futures.missingIn(data, 'FuturesAccountsV2')).toEqual([])
    expect(data.map((account) => account.marginCoin)).toContain('USDT')
  })
})

describe('RestClientV2 futures ledger against the sandbox', () => {
  let orderId: string

  test('a market buy fills: getFuturesFills and getFuturesHistoricOrderFills list FuturesOrderFillV2 records of it', async () => {
    const placed = await ctx.client.futuresSubmitOrder({
      ...futuresMarketBuy,
      marginMode: 'isolated',
      clientOid: 'peer-v2-ledger-1',
    })
    // a market order fills at once, at the admin price
    orderId = placed.data.orderId
    const fills = await ctx.client.getFuturesFills({ ...pair, orderId })
    expect(methods.missing(fills.data, methods.returned('getFuturesFills'))).toEqual([])
    expect(fills.data.fillList.map((fill) => fill.orderId)).toEqual([orderId])
    const history = await ctx.client.getFuturesHistoricOrderFills({ ...pair, orderId })
    expect(methods.missing(history.data, methods.returned('getFuturesHistoricOrderFills'))).toEqual(
      [],
    )
    expect(history.data.fillList.map((fill) => fill.orderId)).toEqual([orderId])
  })

  test('getFuturesHistoricOrders (GET /api/v2/mix/order/orders-history) lists FuturesHistoryOrderV2 records', async () => {
    const { data } = await ctx.client.getFuturesHistoricOrders({ ...pair })
    expect(futures.missingIn(data.entrustedList, 'FuturesHistoryOrderV2')).toEqual([])
    expect(data.entrustedList.map((order) => [order.orderId, order.status])).toEqual([
      [orderId, 'filled'],
    ])
  })

  test('getFuturesAccountBills (GET /api/v2/mix/account/bill) lists the FuturesAccountBillV2 records of the fill', async () => {
    const { data } = await ctx.client.getFuturesAccountBills({ ...pair })
    expect(methods.missing(data, methods.returned('getFuturesAccountBills'))).toEqual([])
    expect(futures.missingIn(data.bills, 'FuturesAccountBillV2')).toEqual([])
    expect(data.bills.length).toBeGreaterThan(0)
    expect(data.bills.map((bill) => bill.symbol)).toContain('BTCUSDT')
  })

  test('getFuturesPosition and getFuturesPositions list FuturesPositionV2 records of the open position', async () => {
    const single = await ctx.client.getFuturesPosition(coin)
    expect(futures.missingIn(single.data, 'FuturesPositionV2')).toEqual([])
    expect(single.data.map(({ holdSide, total }) => ({ holdSide, total }))).toEqual([
      { holdSide: 'long', total: '0.01' },
    ])
    const all = await ctx.client.getFuturesPositions({ productType: 'USDT-FUTURES' })
    expect(futures.missingIn(all.data, 'FuturesPositionV2')).toEqual([])
  })

  test('futuresSubmitTPSLOrder (POST /api/v2/mix/order/place-tpsl-order) answers its declared { orderId, clientOid }; getFuturesPlanOrders lists it', async () => {
    const { data } = await ctx.client.futuresSubmitTPSLOrder({
      ...coin,
      planType: 'loss_plan',
      triggerPrice: '60000',
      triggerType: 'fill_price',
      // one-way mode: the side of the position's opening order, as the exchange documents
      holdSide: 'buy',
      size: '0.01',
      clientOid: 'peer-v2-sl-1',
    })
    expect(methods.missing(data, methods.returned('futuresSubmitTPSLOrder'))).toEqual([])
    const pending = await ctx.client.getFuturesPlanOrders({ ...pair, planType: 'profit_loss' })
    expect(futures.missingIn(pending.data.entrustedList, 'FuturesPendingPlanOrderV2')).toEqual([])
    expect(pending.data.entrustedList.map((plan) => plan.orderId)).toEqual([data.orderId])
  })

  test('futuresSubmitPlanOrder (POST /api/v2/mix/order/place-plan-order) answers its declared { orderId, clientOid }; it triggers when the price crosses', async () => {
    const { data } = await ctx.client.futuresSubmitPlanOrder({
      ...coin,
      planType: 'normal_plan',
      marginMode: 'isolated',
      size: '0.01',
      triggerPrice: '66000',
      triggerType: 'fill_price',
      side: 'buy',
      orderType: 'market',
      clientOid: 'peer-v2-plan-1',
    })
    expect(methods.missing(data, methods.returned('futuresSubmitPlanOrder'))).toEqual([])
    expect(data.clientOid).toBe('peer-v2-plan-1')
    const pending = await ctx.client.getFuturesPlanOrders({ ...pair, planType: 'normal_plan' })
    expect(futures.missingIn(pending.data.entrustedList, 'FuturesPendingPlanOrderV2')).toEqual([])
    expect(pending.data.entrustedList.map((plan) => plan.orderId)).toEqual([data.orderId])
    ctx.sandbox.admin.setPrice('BTCUSDT', '66100')
    const history = await ctx.client.getFuturesHistoricPlanOrders({
      ...pair,
      planType: 'normal_plan',
    })
    expect(futures.missingIn(history.data.entrustedList, 'FuturesHistoryPlanOrderV2')).toEqual([])
    expect(
      history.data.entrustedList.map(({ orderId, planStatus }) => [orderId, planStatus]),
    ).toEqual([[data.orderId, 'executed']])
  })

  test('getFuturesHistoricPositions (GET /api/v2/mix/position/history-position) lists FuturesHistoryPositionV2 records once a position closes', async () => {
    await ctx.client.futuresFlashClosePositions({ ...pair, holdSide: 'long' })
    const { data } = await ctx.client.getFuturesHistoricPositions({ ...pair })
    expect(methods.missing(data, methods.returned('getFuturesHistoricPositions'))).toEqual([])
    // The SDK declares `cTime`/`uTime` (the spelling of the documentation's field table); the
    // exchange sends `ctime`/`utime` (its documented response example, and the key ccxt reads its
    // `lastUpdateTimestamp` from), which is what the sandbox answers.
    expect(futures.missingIn(data.list, 'FuturesHistoryPositionV2')).toEqual([
      'FuturesHistoryPositionV2.cTime: missing',
      'FuturesHistoryPositionV2.uTime: missing',
    ])
    expect(data.list).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        holdSide: 'long',
        openTotalPos: '0.02',
        closeTotalPos: '0.02',
        ctime: expect.stringMatching(/^\d+$/),
        utime: expect.stringMatching(/^\d+$/),
      }),
    ])
  })

  test('every call reached a served endpoint and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
  })
})
