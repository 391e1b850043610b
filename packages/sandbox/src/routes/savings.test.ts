/**
 * The savings routes over HTTP (docs/exchange-conventions.md, "Savings"; docs/records.md).
 */
import { Savings } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start, T0 } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let accounts = 0

beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

function account(permissions: ('trade_rw' | 'trade_ro' | 'optionQuote')[] = ['trade_rw']) {
  const uid = String(5_500_000_000 + ++accounts)
  return { uid, api: ctx.as(ctx.sandbox.admin.addKey({ uid, permissions })) }
}

const info = Savings.getSubscribeInfo.path
const result = Savings.getSubscribeResult.path

describe('subscribe-info', () => {
  it('"apyList (step rates), redeemDelay (string such as D+1 meaning one day delay)", precisions and times', async () => {
    const { api } = account()
    const { body } = await api.get(info, { productId: '1002', periodType: 'fixed' })
    expect(body.code).toBe('00000')
    expect(body.data).toMatchObject({
      singleMinAmount: '100',
      singleMaxAmount: '50000',
      remainingAmount: '0',
      subscribePrecision: '0',
      profitPrecision: '8',
      settleMethod: 'maturity',
      redeemDelay: 'D+1',
      subscribeTime: String(T0),
    })
    for (const time of ['interestTime', 'settleTime', 'expireTime', 'redeemTime'])
      expect(body.data[time]).toMatch(/^\d{13}$/)
    expect(body.data.apyList).toEqual([
      { rateLevel: '1', minStepVal: '0', maxStepVal: '50000', currentApy: '8.00' },
    ])
  })

  it('"Step rate item (apyList): rateLevel, minStepVal, maxStepVal, currentApy (all strings)"; flexible times "may be empty"', async () => {
    const { body } = await account().api.get(info, { productId: '1001', periodType: 'flexible' })
    expect(body.data.apyList).toHaveLength(2)
    for (const step of body.data.apyList)
      for (const value of Object.values(step)) expect(typeof value).toBe('string')
    expect(body.data.expireTime).toBe('')
    expect(body.data.redeemTime).toBe('')
  })

  it('an unknown product, or one of the other periodType, is refused with 40034', async () => {
    const { api } = account()
    expect((await api.get(info, { productId: '9', periodType: 'fixed' })).body.code).toBe('40034')
    expect((await api.get(info, { productId: '1001', periodType: 'fixed' })).body.code).toBe(
      '40034',
    )
  })

  it('"periodType (required; flexible, fixed)": another value is refused with 40017', async () => {
    const { body } = await account().api.get(info, { productId: '1001', periodType: 'daily' })
    expect(body.code).toBe('40017')
  })
})

describe('subscribe-info remainingAmount: "remainingAmount (total held)"', () => {
  it("is the caller's amount held of the product: 0 on a fresh account, 110 after subscribing 110, less after a redemption, another account's apart", async () => {
    const { uid, api } = account()
    const other = account()
    const held = async (caller = api, productId = '1001', periodType = 'flexible') =>
      (await caller.get(info, { productId, periodType })).body.data.remainingAmount
    expect(await held()).toBe('0')
    ctx.sandbox.admin.setBalance('USDT', '1000', uid)
    const made = ctx.sandbox.admin.subscribeSavings({ uid, productId: '1001', amount: '110' })
    expect(made.result).toBe('success')
    expect(await held()).toBe('110')
    expect(await held(other.api)).toBe('0')
    // A fixed product: its own holdings, apart from the flexible one.
    ctx.sandbox.admin.subscribeSavings({ uid, productId: '1002', amount: '200' })
    ctx.sandbox.admin.subscribeSavings({ uid, productId: '1002', amount: '300' })
    expect(await held(api, '1002', 'fixed')).toBe('500')
    const redeemed = await api.post(Savings.redeem.path, {
      productId: '1001',
      periodType: 'flexible',
      amount: '10.5',
    })
    expect(redeemed.body.code).toBe('00000')
    expect(await held()).toBe('99.5')
  })

  it('decision: the product-wide quota is an internal sandbox rule: a subscription beyond it fails, and subscribe-info never answers it', async () => {
    const own = await start()
    try {
      // Product 1003: 10 BTC at most per subscription, 100 BTC for all accounts together.
      const callers = Array.from({ length: 11 }, (_, i) => {
        const uid = String(5_600_000_000 + i)
        own.sandbox.admin.setBalance('BTC', '10', uid)
        return { uid, api: own.as(own.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] })) }
      })
      for (const { uid } of callers.slice(0, 10))
        expect(
          own.sandbox.admin.subscribeSavings({ uid, productId: '1003', amount: '10' }).result,
        ).toBe('success')
      const last = callers[10]!
      const refused = own.sandbox.admin.subscribeSavings({
        uid: last.uid,
        productId: '1003',
        amount: '10',
      })
      expect(refused).toMatchObject({
        result: 'fail',
        msg: 'The subscription amount exceeds the remaining amount',
      })
      const query = { productId: '1003', periodType: 'flexible' }
      expect((await last.api.get(info, query)).body.data.remainingAmount).toBe('0')
      expect((await callers[0]!.api.get(info, query)).body.data.remainingAmount).toBe('10')
    } finally {
      await own.sandbox.close()
    }
  })
})

describe('subscribe-result', () => {
  it('"result (success, fail), msg (error text when result is fail)"', async () => {
    const { uid, api } = account()
    const ok = ctx.sandbox.admin.subscribeSavings({ uid, productId: '1001', amount: '50.5' })
    const low = ctx.sandbox.admin.subscribeSavings({ uid, productId: '1001', amount: '5' })
    const precise = ctx.sandbox.admin.subscribeSavings({ uid, productId: '1002', amount: '150.5' })
    const high = ctx.sandbox.admin.subscribeSavings({ uid, productId: '1002', amount: '60000' })
    ctx.sandbox.admin.setBalance('BTC', '1', uid)
    const poor = ctx.sandbox.admin.subscribeSavings({ uid, productId: '1003', amount: '9' })
    const read = async (orderId: string, periodType: string) =>
      (await api.get(result, { orderId, periodType })).body
    expect(await read(ok.orderId, 'flexible')).toMatchObject({
      code: '00000',
      data: { result: 'success', msg: '' },
    })
    for (const [failed, periodType] of [
      [low, 'flexible'],
      [precise, 'fixed'],
      [high, 'fixed'],
      [poor, 'flexible'],
    ] as const) {
      const { data } = await read(failed.orderId, periodType)
      expect(data.result).toBe('fail')
      expect(data.msg).not.toBe('')
    }
    // The success took the amount from the spot balance into the account's holding.
    const { body } = await api.get(info, { productId: '1001', periodType: 'flexible' })
    expect(body.data.remainingAmount).toBe('50.5')
  })

  it("another account's order or an unknown orderId is refused with 40034", async () => {
    const owner = account()
    const other = account()
    const made = ctx.sandbox.admin.subscribeSavings({
      uid: owner.uid,
      productId: '1001',
      amount: '20',
    })
    const query = { orderId: made.orderId, periodType: 'flexible' }
    expect((await other.api.get(result, query)).body.code).toBe('40034')
    expect((await owner.api.get(result, { ...query, orderId: '1' })).body.code).toBe('40034')
  })

  it('"savings endpoints | authenticated": a read-only key reads; a key without a trade permission is refused with 40014', async () => {
    const ro = account(['trade_ro'])
    expect((await ro.api.get(info, { productId: '1001', periodType: 'flexible' })).body.code).toBe(
      '00000',
    )
    const none = account(['optionQuote'])
    expect(
      (await none.api.get(info, { productId: '1001', periodType: 'flexible' })).body.code,
    ).toBe('40014')
  })
})

describe('product', () => {
  const product = Savings.getProducts.path

  it('docs/records.md: the product list with `apyList`, of one coin, and `held` after a successful subscription', async () => {
    const { uid, api } = account()
    const { body } = await api.get(product, {})
    expect(body.code).toBe('00000')
    expect(body.data.map((p: { productId: string }) => p.productId)).toEqual([
      '1001',
      '1002',
      '1003',
    ])
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'productId',
        'coin',
        'periodType',
        'period',
        'apyType',
        'advanceRedeem',
        'settleMethod',
        'apyList',
        'status',
        'productLevel',
      ].sort(),
    )
    const btc = await api.get(product, { coin: 'BTC' })
    expect(btc.body.data.map((p: { productId: string }) => p.productId)).toEqual(['1003'])
    expect((await api.get(product, { filter: 'held' })).body.data).toEqual([])
    ctx.sandbox.admin.setBalance('USDT', '1000', uid)
    ctx.sandbox.admin.subscribeSavings({ productId: '1001', amount: '50', uid })
    const held = await api.get(product, { filter: 'held' })
    expect(held.body.data.map((p: { productId: string }) => p.productId)).toEqual(['1001'])
  })
})
