// account.getAdlRank against a strict sandbox over real HTTP: one entry per open futures position
// of the account, read as decimal strings, ranked among the positions of its symbol and side;
// [] without a position; a field (the page takes none) refused before sending.
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

const btc = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const

let accounts = 0
/** A client of a fresh account (its own uid) with 1000000 USDT and BTCUSDT at `leverage`. */
async function fresh(leverage: string) {
  const uid = String(9_820_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid })
  admin.setBalance('USDT', '1000000', uid)
  const client = made.client({ credentials })
  await client.account.setLeverage({ ...btc, leverage })
  return client
}

describe('account.getAdlRank', () => {
  test('[] while the account holds no position', async () => {
    const client = await fresh('10')
    expect(await client.account.getAdlRank()).toEqual([])
    expect(client.sent).toEqual(['unified.setLeverage', 'unified.getAdlRank'])
  })

  test("each open position's rank among its symbol and side: in profit, the more leverage the nearer 1", async () => {
    const low = await fresh('5')
    const high = await fresh('20')
    for (const client of [low, high])
      await client.orders.place({ ...btc, side: 'buy', orderType: 'market', qty: '0.1' })
    made.sandbox.admin.setPrice('BTCUSDT', '66000')
    expect(await high.account.getAdlRank()).toEqual([
      { symbol: 'BTCUSDT', marginCoin: 'USDT', adlRank: '1', holdSide: 'long' },
    ])
    expect(await getAdlRank(low)).toEqual([
      { symbol: 'BTCUSDT', marginCoin: 'USDT', adlRank: '0.5', holdSide: 'long' },
    ])
  })

  test('a field is refused before sending, naming it (the page takes no parameter)', async () => {
    const client = await fresh('10')
    const error = await client.account
      .getAdlRank({ category: 'USDT-FUTURES' } as never)
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['unknown', ['category']],
    ])
    expect(client.sent).toEqual(['unified.setLeverage'])
  })
})
