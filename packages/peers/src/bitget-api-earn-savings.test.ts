/**
 * bitget-api (tiagosiebler) `RestClientV2`, its savings (v2 earn) methods, against the sandbox:
 * each answer must carry every field the SDK's own response type declares, read from its
 * published `.d.ts` (see `test/declared.ts`), and the money moves as the sandbox's book says.
 */
import { RestClientV2 } from 'bitget-api'
import { describe, expect, test } from 'vitest'
import { bitgetApiAgainstSandbox, declared } from './test/bitgetApi.js'

const ctx = bitgetApiAgainstSandbox((options) => new RestClientV2(options))
const earn = declared('types/response/v2/earn.d.ts')
const methods = declared('rest-client-v2.d.ts')

/** The spot balance of a coin of the sandbox's (only) account. */
const spot = (coin: string) => Object.values(ctx.sandbox.admin.state().balances)[0]?.[coin]

describe('RestClientV2 savings against the sandbox', () => {
  let subscription: string
  let redemption: string

  test('earnSubscribeSavings (POST /api/v2/earn/savings/subscribe) answers { orderId, status } and debits spot', async () => {
    expect(spot('USDT')).toBe('100000')
    const { data } = await ctx.client.earnSubscribeSavings({
      productId: '1001',
      periodType: 'flexible',
      amount: '600',
    })
    // The SDK declares { orderId, status }, as the live page's response table and example do
    // (https://www.bitget.com/api-doc/earn/savings/Savings-Subscribe); the sandbox answers both.
    expect(methods.missing(data, methods.returned('earnSubscribeSavings'))).toEqual([])
    subscription = data.orderId
    expect(spot('USDT')).toBe('99400')
  })

  test('getEarnSavingsSubscriptionResult (GET .../subscribe-result) reads success for that orderId', async () => {
    // The SDK types the query as { productId, periodType } (the page's parameter table); the
    // page's request example and the exchange read `orderId`, which the SDK sends as given.
    const { data } = await ctx.client.getEarnSavingsSubscriptionResult({
      orderId: subscription,
      periodType: 'flexible',
    } as never)
    expect(methods.missing(data, methods.returned('getEarnSavingsSubscriptionResult'))).toEqual([])
    expect(data).toEqual({ result: 'success', msg: '' })
  })

  test('getEarnSavingsAssets (GET .../assets) answers EarnSavingsAssetsV2 holding the subscription', async () => {
    const { data } = await ctx.client.getEarnSavingsAssets({ periodType: 'flexible' })
    expect(earn.missing(data, 'EarnSavingsAssetsV2')).toEqual([])
    expect(data.resultList.map((asset) => [asset.productId, asset.holdAmount])).toEqual([
      ['1001', '600'],
    ])
  })

  test('earnRedeemSavings (POST .../redeem) answers its declared { orderId, status } and credits spot', async () => {
    const { data } = await ctx.client.earnRedeemSavings({
      productId: '1001',
      periodType: 'flexible',
      amount: '200',
    })
    expect(methods.missing(data, methods.returned('earnRedeemSavings'))).toEqual([])
    redemption = data.orderId
    expect(spot('USDT')).toBe('99600')
  })

  test('getEarnSavingsRedemptionResult (GET .../redeem-result) reads success for that orderId', async () => {
    const { data } = await ctx.client.getEarnSavingsRedemptionResult({
      orderId: redemption,
      periodType: 'flexible',
    })
    expect(methods.missing(data, methods.returned('getEarnSavingsRedemptionResult'))).toEqual([])
    expect(data.result).toBe('success')
  })

  test('getEarnSavingsRecords (GET .../records) answers EarnSavingsRecordsV2: the redemption, then the subscription', async () => {
    const { data } = await ctx.client.getEarnSavingsRecords({ periodType: 'flexible' })
    expect(earn.missing(data, 'EarnSavingsRecordsV2')).toEqual([])
    expect(data.resultList.map((r) => [r.orderId, r.orderType, r.amount])).toEqual([
      [redemption, 'redeem', '200'],
      [subscription, 'subscribe', '600'],
    ])
  })

  test('getEarnSavingsAccount (GET .../account) answers EarnSavingsAccountV2 with the holding in USDT', async () => {
    const { data } = await ctx.client.getEarnSavingsAccount()
    expect(earn.missing(data, 'EarnSavingsAccountV2')).toEqual([])
    expect(data.usdtAmount).toBe('400.00000000')
  })

  test('getEarnSavingsProducts and getEarnSavingsSubscription answer their declared records', async () => {
    const products = await ctx.client.getEarnSavingsProducts({ filter: 'held' })
    expect(earn.missingIn(products.data, 'EarnSavingsProductsV2')).toEqual([])
    expect(products.data.map((p) => p.productId)).toEqual(['1001'])
    const info = await ctx.client.getEarnSavingsSubscription({
      productId: '1001',
      periodType: 'flexible',
    })
    expect(earn.missing(info.data, 'EarnSavingsSubscriptionDetailV2')).toEqual([])
  })
})
