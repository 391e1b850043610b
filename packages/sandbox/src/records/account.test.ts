import { Decimal } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { btc, ethBuy, paths, start } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const settings = async () => (await ctx.api.get(paths.settings)).body.data
const positions = async (query: Record<string, string> = {}) =>
  (await ctx.api.get(paths.position, { category: 'USDT-FUTURES', ...query })).body

describe('GET /api/v3/account/settings', () => {
  test('docs/records.md: "holdMode: one_way_mode, hedge_mode (position mode)" follows the account', async () => {
    expect(await settings()).toMatchObject({
      accountMode: 'unified',
      holdMode: 'one_way_mode',
      stpMode: 'none',
      symbolConfigList: expect.arrayContaining([
        { category: 'USDT-FUTURES', symbol: 'BTCUSDT', marginMode: 'crossed', leverage: '1' },
      ]),
    })
    ctx.sandbox.admin.setPositionMode('hedge')
    expect((await settings()).holdMode).toBe('hedge_mode')
    ctx.sandbox.admin.setPositionMode('one_way')
    expect((await settings()).holdMode).toBe('one_way_mode')
  })
})

describe('GET /api/v3/position/current-position', () => {
  test('docs/records.md: `{ list }` of the open positions, sizes and margin as decimal strings', async () => {
    expect(await positions()).toMatchObject({ code: '00000', data: { list: [] } })
    const buy = btc({ orderType: 'market', price: undefined, qty: '0.01', clientOid: 'p-1' })
    expect((await ctx.api.post(paths.place, buy)).body.code).toBe('00000')
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const close = btc({ side: 'sell', reduceOnly: 'yes', qty: '0.004', price: '70000.0' })
    expect((await ctx.api.post(paths.place, close)).body.code).toBe('00000')
    const { data } = await positions()
    expect(data).toEqual({
      list: [
        expect.objectContaining({
          category: 'USDT-FUTURES',
          symbol: 'BTCUSDT',
          marginCoin: 'USDT',
          holdMode: 'one_way_mode',
          posSide: 'long',
          marginMode: 'crossed',
          total: '0.01',
          frozen: '0.004',
          available: '0.006',
          avgPrice: '65000',
          markPrice: '66000.0',
          unrealisedPnl: '10',
          positionBalance: '650',
          leverage: '1',
          positionStatus: 'normal',
          createdTime: String(ctx.sandbox.admin.now()),
        }),
      ],
    })
    expect((await positions({ posSide: 'short' })).data.list).toEqual([])
    expect((await positions({ symbol: 'BTCUSDT', posSide: 'long' })).data.list).toHaveLength(1)
  })

  test('hedge mode answers one position per side', async () => {
    const hedger = ctx.sandbox.admin.addKey({ uid: 'hedge-1' })
    ctx.sandbox.admin.setPositionMode('hedge', { uid: 'hedge-1' })
    const api = ctx.as(hedger)
    const market = { orderType: 'market', price: undefined, qty: '0.01' }
    await api.post(paths.place, btc({ ...market, posSide: 'long' }))
    await api.post(paths.place, btc({ ...market, side: 'sell', posSide: 'short' }))
    const { list } = (await api.get(paths.position, { category: 'USDT-FUTURES' })).body.data
    expect(list.map((p: { posSide: string; holdMode: string }) => [p.posSide, p.holdMode])).toEqual(
      [
        ['long', 'hedge_mode'],
        ['short', 'hedge_mode'],
      ],
    )
  })

  test('"category (required, futures only)": SPOT answers 40017; an unlisted symbol 40034', async () => {
    expect((await ctx.api.get(paths.position, { category: 'SPOT' })).body.code).toBe('40017')
    expect((await positions({ symbol: 'ETHUSDT' })).code).toBe('40034')
  })
})

describe('GET /api/v3/account/assets', () => {
  test('UTA "Get Account Assets": coins with a balance, available after what open orders hold, equity in USD', async () => {
    const made = await start()
    try {
      await made.api.post(paths.place, ethBuy({ clientOid: 'assets-1' }))
      const { body } = await made.api.get(paths.assets)
      expect(body.code).toBe('00000')
      expect(Object.keys(body.data).sort()).toEqual(
        [
          'accountEquity',
          'usdtEquity',
          'btcEquity',
          'unrealisedPnl',
          'usdtUnrealisedPnl',
          'btcUnrealizedPnl',
          'effEquity',
          'mmr',
          'imr',
          'mgnRatio',
          'positionMgnRatio',
          'assets',
        ].sort(),
      )
      const usdt = body.data.assets.find((a: { coin: string }) => a.coin === 'USDT')
      expect(Object.keys(usdt).sort()).toEqual(
        ['coin', 'equity', 'usdValue', 'balance', 'available', 'debt', 'locked'].sort(),
      )
      // The resting buy holds its value: locked = balance - available > 0.
      expect(Decimal.compare(usdt.locked, '0')).toBe(1)
      expect(Decimal.compare(usdt.balance, usdt.available)).toBe(1)
    } finally {
      await made.sandbox.close()
    }
  })
  test("an open position's unrealised result is in the coin's equity and the account's, as the classic account read adds it", async () => {
    const made = await start()
    try {
      const before = (await made.api.get(paths.assets)).body.data
      const usdtOf = (data: { assets: { coin: string }[] }) =>
        data.assets.find((a) => a.coin === 'USDT') as Record<string, string>
      // A long of 0.5 BTC filled at 65000, then the price falls to 50000: -7500 unrealised.
      const placed = await made.api.post(
        paths.place,
        btc({ orderType: 'market', price: undefined, qty: '0.5', clientOid: 'upl-1' }),
      )
      expect(placed.body.code).toBe('00000')
      made.sandbox.admin.setPrice('BTCUSDT', '50000.0')
      const [position] = (await made.api.get(paths.position, { category: 'USDT-FUTURES' })).body
        .data.list
      expect(position.unrealisedPnl).toBe('-7500')
      const after = (await made.api.get(paths.assets)).body.data
      const usdt = usdtOf(after)
      expect(after.unrealisedPnl).toBe('-7500')
      expect(after.usdtUnrealisedPnl).toBe('-7500')
      expect(after.btcUnrealizedPnl).toBe('-0.15')
      expect(usdt.equity).toBe(Decimal.subtract(usdt.balance as string, '7500'))
      // The account's equity is the sum of its coins' equity in USD.
      const sum = after.assets.reduce(
        (total: string, a: { usdValue: string }) => Decimal.add(total, a.usdValue),
        '0',
      )
      expect(Decimal.compare(after.accountEquity, sum)).toBe(0)
      expect(before.unrealisedPnl).toBe('0')
    } finally {
      await made.sandbox.close()
    }
  })
})
