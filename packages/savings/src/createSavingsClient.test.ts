/** The savings client against the sandbox over HTTP (strict), and the redeemDelay parser. */
import { RateLimits, Securities } from '@tradeline/rules'
import { startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSavingsClient, parseRedeemDelay } from './index.js'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
let client: ReturnType<typeof createSavingsClient>
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false, strict: true })
  client = createSavingsClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })
})
afterAll(() => sandbox.close())

describe('subscribeInfo', () => {
  test('a ladder product: apyList steps as decimal strings, times in Unix ms, redeemDelay parsed', async () => {
    const info = await client.getSubscribeInfo({ productId: '1001', periodType: 'flexible' })
    expect(info).toMatchObject({
      singleMinAmount: '10',
      singleMaxAmount: '100000',
      subscribePrecision: 2,
      expireTime: null,
      redeemTime: null,
      redeemDelay: { days: 0, raw: 'D+0' },
    })
    expect(typeof info.subscribeTime).toBe('number')
    expect(info.apyList.length).toBe(2)
    expect(info.apyList[0]).toMatchObject({ currentApy: '6.00', rateLevel: expect.any(String) })
    for (const step of info.apyList) expect(typeof step.minStepVal).toBe('string')
  })

  test('a fixed product: "redeemDelay (string such as D+1 meaning one day delay)"', async () => {
    const info = await client.getSubscribeInfo({ productId: '1002', periodType: 'fixed' })
    expect(info.redeemDelay).toEqual({ days: 1, raw: 'D+1' })
    expect(typeof info.expireTime).toBe('number')
  })
})

describe('subscribeResult', () => {
  test('success, and fail with its msg', async () => {
    sandbox.admin.setBalance('USDT', '1000')
    const ok = sandbox.admin.subscribeSavings({ productId: '1001', amount: '100' })
    const low = sandbox.admin.subscribeSavings({ productId: '1001', amount: '1' })
    expect(
      await client.getSubscribeResult({ orderId: ok.orderId, periodType: 'flexible' }),
    ).toEqual({
      result: 'success',
      msg: null,
    })
    const failed = await client.getSubscribeResult({ orderId: low.orderId, periodType: 'flexible' })
    expect(failed.result).toBe('fail')
    expect(failed.msg).toMatch(/\S/)
  })
})

describe('parseRedeemDelay', () => {
  test.each([
    ['D+1', { days: 1, raw: 'D+1' }],
    ['D+0', { days: 0, raw: 'D+0' }],
    ['T+2', { days: 2, raw: 'T+2' }],
    ['D', { days: 0, raw: 'D' }],
    ['soon', { days: null, raw: 'soon' }],
    ['', null],
    [null, null],
  ])('%j is %j', (value, expected) => {
    expect(parseRedeemDelay(value)).toEqual(expected)
  })
})

describe('products', () => {
  test('docs/records.md: the product list, apyList steps as decimal strings, a fixed period as a number, of one coin', async () => {
    const all = await client.getProducts()
    expect(all.map((p) => [p.productId, p.periodType, p.period])).toEqual([
      ['1001', 'flexible', null],
      ['1002', 'fixed', 30],
      ['1003', 'flexible', null],
    ])
    expect(all[0]?.apyList.map((step) => step.currentApy)).toEqual(['6.00', '2.00'])
    expect((await client.getProducts({ coin: 'BTC' })).map((p) => p.productId)).toEqual(['1003'])
    const refused = await client.getProducts({ filter: 'some' as never }).catch((e: unknown) => e)
    expect(refused).toMatchObject({ name: 'ValidationError' })
  })
})

describe('the default rate limiter', () => {
  test("it holds the savings and public rows only (it held every line's): a securities endpoint is refused before anything is sent", async () => {
    const sent: string[] = []
    const own = createSavingsClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      hooks: { request: (view) => void sent.push(view.endpoint) },
    })
    await own.products({})
    const error = await own.transport
      .request({ endpoint: Securities.getDepth, query: { symbol: 'AAPL.US' } })
      .catch((e: unknown) => e)
    expect(RateLimits.UnknownEndpointError.isInstance(error)).toBe(true)
    expect(sent).toEqual(['savings.getProducts'])
  })
})
