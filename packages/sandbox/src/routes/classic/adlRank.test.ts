// GET /api/v2/mix/position/adlRank on a strict sandbox over real HTTP: one entry per open
// classic position of the account in the product type asked, ranked among the open classic
// positions of its symbol and side (every account's; the unified positions are another queue)
// by profit ratio and leverage, `rank` with the deprecated `adlRank` = 1 - rank (README,
// Classic decisions); [] without a position.
import { ClassicFutures, Unified } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, pair } from '../../test/classic.js'
import { fixture, shapeIssues } from '../../test/shape.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000'))

const adlRank = ClassicFutures.getAdlRank.path
const usdt = { productType: 'USDT-FUTURES' }

type Account = ReturnType<typeof classicAccount>

/** A fresh classic account at `leverage` on BTCUSDT, in the position mode asked. */
async function account(leverage = '10', mode: 'one_way' | 'hedge' = 'one_way') {
  const a = classicAccount(ctx, mode)
  const sides = mode === 'hedge' ? ['long', 'short'] : [undefined]
  for (const holdSide of sides) {
    const { body } = await a.api.post(ClassicFutures.setLeverage.path, {
      ...pair,
      marginCoin: 'USDT',
      leverage,
      ...(holdSide === undefined ? {} : { holdSide }),
    })
    expect(body.code).toBe('00000')
  }
  return a
}

/** The account's ADL ranks of a product type, answered 00000. */
async function ranks(a: Account, query: Record<string, string> = usdt) {
  const { status, body } = await a.api.get(adlRank, query)
  expect({ status, code: body.code }).toEqual({ status: 200, code: '00000' })
  return body.data as Record<string, string>[]
}

/** The `rank` of the account's BTCUSDT entry. */
const rankOf = async (a: Account) =>
  (await ranks(a)).find((entry) => entry.symbol === 'BTCUSDT')?.rank

describe('GET /api/v2/mix/position/adlRank', () => {
  test('an account without a position answers []; a read-only key (trade_ro) reads it', async () => {
    expect(await ranks(await account())).toEqual([])
    expect(await ranks(classicAccount(ctx, 'one_way', { permissions: ['trade_ro'] }))).toEqual([])
  })

  test('one entry per open position with the page\'s fields; alone on its side rank "1", adlRank "0"; of the product type asked', async () => {
    // Its own symbol (ETHUSDT) so that no other test's position shares the queue.
    const a = await account()
    ctx.sandbox.admin.setPrice('ETHUSDT', '3000')
    ctx.sandbox.admin.setPosition({
      uid: a.uid,
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'ETHUSDT',
      side: 'net',
      size: '-2',
      entryPrice: '3000',
      marginMode: 'crossed',
    })
    const answer = await ranks(a)
    expect(answer).toEqual([
      { symbol: 'ETHUSDT', marginCoin: 'USDT', adlRank: '0', rank: '1', holdSide: 'short' },
    ])
    // The documented example's keys and JSON types.
    const { body } = await a.api.get(adlRank, usdt)
    expect(shapeIssues(fixture('classic.mix.position.adl-rank.json'), body)).toEqual([])
    // Another product type holds nothing; productType in either case.
    expect(await ranks(a, { productType: 'COIN-FUTURES' })).toEqual([])
    expect(await ranks(a, { productType: 'usdt-futures' })).toEqual(answer)
    // Closed, it leaves the answer.
    ctx.sandbox.admin.setPosition({
      uid: a.uid,
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'ETHUSDT',
      side: 'net',
      size: '0',
      entryPrice: '3000',
    })
    expect(await ranks(a)).toEqual([])
  })

  test('in profit, the higher the leverage the nearer 1: ranked among every account on the symbol and side', async () => {
    // Three longs of 1 BTC opened at 65000 at leverages 5, 10 and 20; the price rises to 66000.
    const low = await account('5')
    const mid = await account('10')
    const high = await account('20')
    for (const a of [low, mid, high]) a.hold('net', '1')
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000')
    expect([await rankOf(low), await rankOf(mid), await rankOf(high)]).toEqual([
      '0.3333',
      '0.6666',
      '1',
    ])
    expect((await ranks(low))[0]).toEqual({
      symbol: 'BTCUSDT',
      marginCoin: 'USDT',
      adlRank: '0.6667',
      rank: '0.3333',
      holdSide: 'long',
    })
    // A short is in the other queue: alone there, it ranks 1 whatever its loss.
    const short = await account('20')
    short.hold('net', '-1')
    expect(await ranks(short)).toEqual([
      { symbol: 'BTCUSDT', marginCoin: 'USDT', adlRank: '0', rank: '1', holdSide: 'short' },
    ])
    // At a loss the three longs lose the same share of their notional: ties share the higher rank.
    ctx.sandbox.admin.setPrice('BTCUSDT', '64000')
    expect([await rankOf(low), await rankOf(mid), await rankOf(high)]).toEqual(['1', '1', '1'])
    for (const a of [low, mid, high, short]) a.hold('net', '0')
  })

  test('hedge mode: the long and the short of a symbol are two entries, long first', async () => {
    const a = await account('10', 'hedge')
    a.hold('short', '1')
    a.hold('long', '2')
    const answer = await ranks(a)
    expect(answer.map((entry) => [entry.symbol, entry.holdSide, entry.marginCoin])).toEqual([
      ['BTCUSDT', 'long', 'USDT'],
      ['BTCUSDT', 'short', 'USDT'],
    ])
    for (const entry of answer) expect(Number(entry.rank)).toBeGreaterThan(0)
    a.hold('short', '0')
    a.hold('long', '0')
  })

  test('the classic and unified lines are two queues: neither ranks a position of the other', async () => {
    // A unified long at leverage 50 in profit would lead any queue it shared.
    const uid = '8960000001'
    const { admin } = ctx.sandbox
    const unified = ctx.as(admin.addKey({ uid }))
    admin.setBalance('USDT', '1000000', uid)
    const lever = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '50' }
    expect((await unified.post(Unified.setLeverage.path, lever)).body.code).toBe('00000')
    admin.setPosition({
      uid,
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '1',
      entryPrice: '65000',
    })
    const low = await account('2')
    const high = await account('20')
    for (const a of [low, high]) a.hold('net', '1')
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000')
    // The classic queue holds the two classic longs only.
    expect([await rankOf(low), await rankOf(high)]).toEqual(['0.5', '1'])
    // The unified answer holds the unified position only, alone in its queue.
    const { body } = await unified.get(Unified.getAdlRank.path)
    expect(body.data).toEqual([
      { symbol: 'BTCUSDT', marginCoin: 'USDT', adlRank: '1', holdSide: 'long' },
    ])
    // And each line's route refuses the other line's account (the account mode).
    expect((await unified.get(adlRank, usdt)).body.code).not.toBe('00000')
    expect((await low.api.get(Unified.getAdlRank.path)).body.code).not.toBe('00000')
    for (const a of [low, high]) a.hold('net', '0')
    admin.setPosition({ uid, category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'net', size: '0' })
  })

  test('the rules check the query first: productType missing, wrong or another field is named in a 40017', async () => {
    const a = await account()
    const cases: [Record<string, string>, string][] = [
      [{}, 'productType'],
      [{ productType: 'SPOT' }, 'productType'],
      [{ ...usdt, symbol: 'BTCUSDT' }, 'symbol'],
    ]
    for (const [query, field] of cases) {
      const { body } = await a.api.get(adlRank, query)
      expect(body.code, field).toBe('40017')
      expect(body.msg, field).toContain(field)
    }
  })
})
