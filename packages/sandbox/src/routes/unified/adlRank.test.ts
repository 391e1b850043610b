// GET /api/v3/position/adlRank on a strict sandbox over real HTTP: one entry per open futures
// position of the account, ranked among the open positions of its symbol and side (every
// account's) by profit ratio and leverage (README, Decisions); [] without a position.
import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { btc, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000'))

const adlRank = Unified.getAdlRank.path
const usdt = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }

let accounts = 0
/** A fresh account (one-way unless asked) with 1000000 USDT and BTCUSDT at `leverage`. */
async function account(leverage = '10', mode: 'one_way' | 'hedge' = 'one_way') {
  const uid = String(8_950_000_000 + ++accounts)
  const { admin } = ctx.sandbox
  const api = ctx.as(admin.addKey({ uid }))
  admin.setPositionMode(mode, { uid })
  admin.setBalance('USDT', '1000000', uid)
  expect((await api.post(Unified.setLeverage.path, { ...usdt, leverage })).body.code).toBe('00000')
  return { uid, api }
}
type Account = Awaited<ReturnType<typeof account>>

/** A market order of `qty` BTC at the sandbox price. */
async function trade(a: Account, overrides: Record<string, unknown> = {}) {
  const order = btc({ orderType: 'market', price: undefined, qty: '1', ...overrides })
  const { body } = await a.api.post(paths.place, order)
  expect(body.code).toBe('00000')
}

/** The account's ADL ranks, answered 00000. */
async function ranks(a: Account) {
  const { status, body } = await a.api.get(adlRank)
  expect({ status, code: body.code }).toEqual({ status: 200, code: '00000' })
  return body.data as Record<string, string>[]
}

describe('GET /api/v3/position/adlRank', () => {
  test('an account without a position answers []', async () => {
    expect(await ranks(await account())).toEqual([])
  })

  test('one entry per open position with the fields of the page; alone on its side it ranks "1"', async () => {
    // Its own symbol so that no other test's position shares the queue.
    const a = await account()
    ctx.sandbox.admin.setBalance('USDC', '100000', a.uid)
    ctx.sandbox.admin.setPrice('ETHPERP', '3000.00')
    const placed = await a.api.post(paths.place, {
      category: 'USDC-FUTURES',
      symbol: 'ETHPERP',
      side: 'sell',
      orderType: 'market',
      qty: '2',
    })
    expect(placed.body.code).toBe('00000')
    expect(await ranks(a)).toEqual([
      { symbol: 'ETHPERP', marginCoin: 'USDC', adlRank: '1', holdSide: 'short' },
    ])
    // Closed, it leaves the answer.
    await a.api.post(paths.place, {
      category: 'USDC-FUTURES',
      symbol: 'ETHPERP',
      side: 'buy',
      orderType: 'market',
      qty: '2',
      reduceOnly: 'yes',
    })
    expect(await ranks(a)).toEqual([])
  })

  test('in profit, the higher the leverage the nearer 1: ranked among every account on the symbol and side', async () => {
    // Three longs of 1 BTC opened at 65000 at leverages 5, 10 and 20; the price rises to 66000:
    // profitRate 1000 x leverage / 65000, score profitRate x leverage.
    const low = await account('5')
    const mid = await account('10')
    const high = await account('20')
    for (const a of [low, mid, high]) await trade(a)
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000')
    const rankOf = async (a: Account) =>
      (await ranks(a)).find((entry) => entry.symbol === 'BTCUSDT')?.adlRank
    expect([await rankOf(low), await rankOf(mid), await rankOf(high)]).toEqual([
      '0.3333',
      '0.6666',
      '1',
    ])
    // A short is in the other queue: alone there, it ranks 1 whatever its loss.
    const short = await account('20')
    await trade(short, { side: 'sell' })
    ctx.sandbox.admin.setPrice('BTCUSDT', '67000')
    expect(await ranks(short)).toEqual([
      { symbol: 'BTCUSDT', marginCoin: 'USDT', adlRank: '1', holdSide: 'short' },
    ])
    // The queue follows the price: below their common entry the three longs lose the same share
    // of their notional, so profitRate / leverage is the same score for all: ties share the
    // higher rank.
    ctx.sandbox.admin.setPrice('BTCUSDT', '64000')
    expect([await rankOf(low), await rankOf(mid), await rankOf(high)]).toEqual(['1', '1', '1'])
    for (const a of [low, mid, high, short])
      await trade(a, { side: a === short ? 'buy' : 'sell', reduceOnly: 'yes' })
  })

  test('a position in profit ranks above one at a loss, whatever the leverage', async () => {
    const early = await account('2')
    await trade(early)
    ctx.sandbox.admin.setPrice('BTCUSDT', '67000')
    const late = await account('50')
    await trade(late)
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000')
    expect((await ranks(early))[0]?.adlRank).toBe('1')
    expect((await ranks(late))[0]?.adlRank).toBe('0.5')
    for (const a of [early, late]) await trade(a, { side: 'sell', reduceOnly: 'yes' })
  })

  test('hedge mode: the long and the short of a symbol are two entries, long first', async () => {
    const a = await account('10', 'hedge')
    await trade(a, { side: 'sell', posSide: 'short' })
    await trade(a, { posSide: 'long' })
    const answer = await ranks(a)
    expect(answer.map((entry) => [entry.symbol, entry.holdSide, entry.marginCoin])).toEqual([
      ['BTCUSDT', 'long', 'USDT'],
      ['BTCUSDT', 'short', 'USDT'],
    ])
    for (const entry of answer) expect(Number(entry.adlRank)).toBeGreaterThan(0)
  })

  test('the page takes no parameter: a field is refused naming it (40017, strict)', async () => {
    const a = await account()
    const { body } = await a.api.get(adlRank, { category: 'USDT-FUTURES' })
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('category')
  })
})
