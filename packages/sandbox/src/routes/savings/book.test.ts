/**
 * The savings book over HTTP: subscribe, redeem, redeem-result, assets, records and account,
 * with interest driven by the admin clock (`POST /sandbox/clock/advance`).
 */
import { Savings } from '@tradeline/rules'
import { afterEach, describe, expect, it } from 'vitest'
import { dailyInterest } from '../../exchange/savingsInterest.js'
import { savingsProduct } from '../../exchange/savingsProducts.js'
import { type Caller, start, T0 } from '../../test/unified.js'

const day = 86_400_000
let ctx: Awaited<ReturnType<typeof start>> | undefined
afterEach(() => ctx?.sandbox.close())

/** A fresh sandbox and a funded account's caller. */
async function open(usdt = '10000', btc = '2') {
  ctx = await start()
  const uid = '5600000001'
  const api = ctx.as(ctx.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] }))
  ctx.sandbox.admin.setBalance('USDT', usdt, uid)
  ctx.sandbox.admin.setBalance('BTC', btc, uid)
  const sandbox = ctx.sandbox
  const advance = async (ms: number) => {
    const response = await fetch(`${sandbox.url}/sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ms }),
    })
    expect(response.status).toBe(200)
  }
  const spot = (coin: string) => sandbox.admin.state().balances[uid]?.[coin]
  return { uid, api, advance, spot }
}

const subscribeOf = (api: Caller, productId: string, periodType: string, amount: string) =>
  api.post(Savings.subscribe.path, { productId, periodType, amount })

/** Hours from T0 (14:00 UTC) to the next UTC midnight. */
const toMidnight = 10 * 3_600_000

describe('subscribe', () => {
  it('answers the orderId that subscribe-result reads; the spot balance moves into a holding and a record, exactly', async () => {
    const { api, spot } = await open('1000.55')
    const { body } = await subscribeOf(api, '1001', 'flexible', '600.55')
    expect(body.code).toBe('00000')
    // The page's data: { orderId, status }, status an amount with six places ("2000.000000").
    expect(body.data).toEqual({ orderId: expect.stringMatching(/^\d+$/), status: '600.550000' })
    const { orderId } = body.data
    const result = await api.get(Savings.getSubscribeResult.path, {
      orderId,
      periodType: 'flexible',
    })
    expect(result.body.data).toEqual({ result: 'success', msg: '' })
    expect(spot('USDT')).toBe('400')
    const assets = await api.get(Savings.getAssets.path, { periodType: 'flexible' })
    expect(assets.body.data.resultList).toMatchObject([
      { productId: '1001', orderId: '', holdAmount: '600.55', productCoin: 'USDT' },
    ])
    const records = await api.get(Savings.getRecords.path, { periodType: 'flexible' })
    expect(records.body.data.resultList).toMatchObject([
      { orderId, orderType: 'subscribe', amount: '600.55', coinName: 'USDT', ts: String(T0) },
    ])
  })

  it('beyond the product: more decimals than subscribePrecision, below the minimum, above the maximum or the balance: an orderId whose result is fail, nothing moved', async () => {
    const { api, spot } = await open('1000')
    for (const [productId, periodType, amount, msg] of [
      ['1001', 'flexible', '10.125', 'more than 2 decimals'],
      ['1002', 'fixed', '150.5', 'more than 0 decimals'],
      ['1001', 'flexible', '9.99', 'below the minimum 10'],
      ['1002', 'fixed', '50001', 'above the maximum 50000'],
      ['1001', 'flexible', '1000.01', 'Insufficient balance'],
    ] as const) {
      const { body } = await subscribeOf(api, productId, periodType, amount)
      const result = await api.get(Savings.getSubscribeResult.path, {
        orderId: body.data.orderId,
        periodType,
      })
      expect(result.body.data.result).toBe('fail')
      expect(result.body.data.msg).toContain(msg)
    }
    expect(spot('USDT')).toBe('1000')
    expect((await api.get(Savings.getAssets.path, { periodType: 'flexible' })).body.data).toEqual({
      resultList: [],
      endId: null,
    })
  })

  it('an unknown product or the other periodType is refused with 40034; a malformed amount with 40017 by the rules', async () => {
    const { api } = await open()
    expect((await subscribeOf(api, '9', 'flexible', '10')).body.code).toBe('40034')
    expect((await subscribeOf(api, '1001', 'fixed', '10')).body.code).toBe('40034')
    expect((await subscribeOf(api, '1001', 'flexible', '1e3')).body.code).toBe('40017')
  })
})

describe('interest on the admin clock', () => {
  it('a flexible ladder holding earns from the next midnight: each step at its rate over 365, rounded down to profitPrecision, credited to spot', async () => {
    const { api, advance, spot } = await open('1000')
    await subscribeOf(api, '1001', 'flexible', '600')
    await advance(toMidnight)
    expect(spot('USDT')).toBe('400')
    await advance(day)
    // 500 at 6% and 100 at 2%: 32 a year, 0.0876712328... a day, rounded down to 8 places.
    expect(dailyInterest(savingsProduct('1001')!, '600')).toBe('0.08767123')
    expect(spot('USDT')).toBe('400.08767123')
    await advance(day)
    expect(spot('USDT')).toBe('400.17534246')
    const records = await api.get(Savings.getRecords.path, {
      periodType: 'flexible',
      orderType: 'pay_interest',
    })
    expect(records.body.data.resultList.map((r: { amount: string }) => r.amount)).toEqual([
      '0.08767123',
      '0.08767123',
    ])
    const [asset] = (await api.get(Savings.getAssets.path, { periodType: 'flexible' })).body.data
      .resultList
    expect(asset).toMatchObject({ lastProfit: '0.08767123', totalProfit: '0.17534246' })
  })

  it('a fixed holding keeps its interest and pays principal and interest at maturity, after its redeemDelay (D+1)', async () => {
    const { api, advance, spot } = await open('1000')
    const { body } = await subscribeOf(api, '1002', 'fixed', '1000')
    expect(spot('USDT')).toBe('0')
    // Interest from the next midnight: 1000 at 8% is 0.21917808 a day (rounded down).
    await advance(toMidnight + 29 * day)
    const [asset] = (await api.get(Savings.getAssets.path, { periodType: 'fixed' })).body.data
      .resultList
    expect(asset).toMatchObject({ orderId: body.data.orderId, totalProfit: '6.35616432' })
    // Maturity (the 30th day): nothing credited before the D+1 delay.
    await advance(day)
    expect(spot('USDT')).toBe('0')
    await advance(day - 1)
    expect(spot('USDT')).toBe('0')
    await advance(1)
    expect(spot('USDT')).toBe('1006.5753424')
    const records = await api.get(Savings.getRecords.path, { periodType: 'fixed' })
    expect(
      records.body.data.resultList.map((r: { orderType: string; amount: string }) => [
        r.orderType,
        r.amount,
      ]),
    ).toEqual([
      ['pay_interest', '6.5753424'],
      ['redeem', '1000'],
      ['subscribe', '1000'],
    ])
    expect(
      (await api.get(Savings.getAssets.path, { periodType: 'fixed' })).body.data.resultList,
    ).toEqual([])
  })
})

describe('redeem', () => {
  it('a flexible redemption (D+0) credits spot at once; its orderId reads success; the next within a minute is refused with 40054', async () => {
    const { api, advance, spot } = await open('1000')
    await subscribeOf(api, '1001', 'flexible', '600')
    const request = { productId: '1001', periodType: 'flexible', amount: '100.5' }
    const { body } = await api.post(Savings.redeem.path, request)
    expect(body.data).toEqual({ orderId: expect.stringMatching(/^\d+$/), status: '100.500000' })
    expect(spot('USDT')).toBe('500.5')
    const result = await api.get(Savings.getRedeemResult.path, {
      orderId: body.data.orderId,
      periodType: 'flexible',
    })
    expect(result.body.data).toEqual({ result: 'success', msg: '' })
    expect((await api.post(Savings.redeem.path, request)).body.code).toBe('40054')
    await advance(60_000)
    expect((await api.post(Savings.redeem.path, request)).body.code).toBe('00000')
    expect(spot('USDT')).toBe('601')
  })

  it('more than held (40055), more decimals than the precision (40020), no holding (40034)', async () => {
    const { api } = await open('1000')
    const redeemOf = (amount: string, productId = '1001') =>
      api.post(Savings.redeem.path, { productId, periodType: 'flexible', amount })
    expect((await redeemOf('10', '1003')).body.code).toBe('40034')
    await subscribeOf(api, '1001', 'flexible', '50')
    expect((await redeemOf('50.01')).body.code).toBe('40055')
    expect((await redeemOf('1.001')).body.code).toBe('40020')
    expect((await redeemOf('50')).body.code).toBe('00000')
  })

  it('a D+1 product credits the redemption one day later; a fixed one before maturity is refused with 40056; fixed without orderId with 40017', async () => {
    const { api, advance, spot } = await open('1000', '2')
    await subscribeOf(api, '1003', 'flexible', '1.5')
    await api.post(Savings.redeem.path, {
      productId: '1003',
      periodType: 'flexible',
      amount: '0.5',
    })
    expect(spot('BTC')).toBe('0.5')
    await advance(day - 1)
    expect(spot('BTC')).toBe('0.5')
    await advance(1)
    expect(spot('BTC')).toBe('1')
    const fixed = await subscribeOf(api, '1002', 'fixed', '100')
    const early = { productId: '1002', periodType: 'fixed', amount: '100' }
    expect((await api.post(Savings.redeem.path, early)).body.code).toBe('40017')
    const named = { ...early, orderId: fixed.body.data.orderId }
    expect((await api.post(Savings.redeem.path, named)).body.code).toBe('40056')
  })
})

describe('assets, records and account', () => {
  it('lists newest first, `limit` per page and `idLessThan` the previous endId', async () => {
    const { api } = await open('100000')
    const ids: string[] = []
    for (const amount of ['100', '200', '300'])
      ids.push((await subscribeOf(api, '1002', 'fixed', amount)).body.data.orderId)
    const first = await api.get(Savings.getAssets.path, { periodType: 'fixed', limit: '2' })
    expect(first.body.data.resultList.map((a: { orderId: string }) => a.orderId)).toEqual([
      ids[2],
      ids[1],
    ])
    expect(first.body.data.endId).toBe(ids[1])
    const next = await api.get(Savings.getAssets.path, {
      periodType: 'fixed',
      limit: '2',
      idLessThan: first.body.data.endId,
    })
    expect(next.body.data.resultList.map((a: { orderId: string }) => a.orderId)).toEqual([ids[0]])
    const records = await api.get(Savings.getRecords.path, {
      periodType: 'fixed',
      coin: 'BTC',
    })
    expect(records.body.data.resultList).toEqual([])
  })

  it('account: the holdings and the interest in USDT and in BTC at the BTCUSDT price, eight places rounded down', async () => {
    const { api, advance } = await open('1000', '1')
    ctx!.sandbox.admin.setPrice('BTCUSDT', '60000')
    await subscribeOf(api, '1001', 'flexible', '600')
    await subscribeOf(api, '1003', 'flexible', '0.5')
    await advance(toMidnight + day)
    const { body } = await api.get(Savings.getAccount.path, {})
    // BTC: 0.5 at 1.5% a year is 0.00002054 a day (rounded down), 1.2324 USDT; USDT 0.08767123.
    expect(body.data).toEqual({
      usdtAmount: '30600.00000000',
      btcAmount: '0.51000000',
      usdt24hEarning: '1.32007123',
      btc24hEarning: '0.00002200',
      usdtTotalEarning: '1.32007123',
      btcTotalEarning: '0.00002200',
    })
    // A day later the earnings of the last 24 hours are that day's, the total both days'.
    await advance(day)
    const later = (await api.get(Savings.getAccount.path, {})).body.data
    expect([later.usdt24hEarning, later.usdtTotalEarning]).toEqual(['1.32007123', '2.64014246'])
  })
})
