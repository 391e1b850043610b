// account.getAdlRank against a strict sandbox over real HTTP: one entry per open classic
// position of the product type, read as decimal strings (`rank`, and the deprecated `adlRank`),
// ranked among the positions of its symbol and side; [] without a position; productType
// required and checked before sending.
import { ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getAdlRank } from '../index.js'
import { setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
  made.sandbox.admin.setPrice('BTCUSDT', '65000')
})
afterAll(async () => {
  await made.sandbox.close()
})

const usdt = { productType: 'USDT-FUTURES' } as const
const btc = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT' } as const

let accounts = 0
/** A client of a fresh classic account (its own uid) with 1000000 USDT and BTCUSDT at `leverage`. */
async function fresh(leverage: string) {
  const uid = String(9_830_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid, accountMode: 'classic' })
  admin.setBalance('USDT', '1000000', uid)
  const client = made.client({ credentials, positionMode: 'one_way' })
  await client.account.setLeverage({ ...btc, leverage })
  return client
}

describe('account.getAdlRank', () => {
  test('[] while the account holds no position', async () => {
    const client = await fresh('10')
    expect(await client.account.getAdlRank(usdt)).toEqual([])
    expect(client.sent).toEqual(['classic.setLeverage', 'classic.getAdlRank'])
  })

  test("each open position's rank among its symbol and side: in profit, the more leverage the nearer 1", async () => {
    const low = await fresh('5')
    const high = await fresh('20')
    for (const client of [low, high])
      await client.orders.place({
        ...btc,
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'market',
        size: '0.1',
      })
    made.sandbox.admin.setPrice('BTCUSDT', '66000')
    expect(await high.account.getAdlRank(usdt)).toEqual([
      { symbol: 'BTCUSDT', marginCoin: 'USDT', adlRank: '0', rank: '1', holdSide: 'long' },
    ])
    expect(await getAdlRank(low, { productType: 'usdt-futures' })).toEqual([
      { symbol: 'BTCUSDT', marginCoin: 'USDT', adlRank: '0.5', rank: '0.5', holdSide: 'long' },
    ])
    expect(await low.account.getAdlRank({ productType: 'COIN-FUTURES' })).toEqual([])
  })

  test('productType is required and checked before sending, naming it; another field is refused', async () => {
    const client = await fresh('10')
    const issues = async (query: unknown) => {
      const error = await client.account.getAdlRank(query as never).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      return (error as ValidationError).issues.map((i) => [i.type, i.path])
    }
    expect(await issues({})).toEqual([['missing', ['productType']]])
    expect(await issues({ ...usdt, symbol: 'BTCUSDT' })).toEqual([['unknown', ['symbol']]])
    expect(client.sent).toEqual(['classic.setLeverage'])
  })
})
