// GET /api/v3/account/info, max-withdrawal, open-interest-limit and transferable-coins on a strict
// sandbox over real HTTP: the info answers the signing key's own permissions and the uid; the max
// withdrawal and the transferable coins read the unified balance and the classic wallets as
// transfers move them; the OI limit answers a listed futures symbol and refuses any other.
import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(async () => {
  await ctx.sandbox.close()
})

const info = Unified.getAccountInfo.path
const maxWithdrawal = Unified.getMaxWithdrawal.path
const transfer = Unified.transfer.path

let accounts = 0
const nextUid = () => String(8_970_000_000 + ++accounts)

/** Sets the uid's unified balance to these coins alone (the sandbox seeds every account with some). */
function holdOnly(uid: string, coins: Readonly<Record<string, string>>) {
  const { admin } = ctx.sandbox
  for (const coin of Object.keys(admin.state().balances[uid] ?? {}))
    admin.setBalance(coin, '0', uid)
  for (const [coin, amount] of Object.entries(coins)) admin.setBalance(coin, amount, uid)
}

describe('GET /api/v3/account/info', () => {
  test('decision: a trade_rw key is read-and-write with uta_mgt and uta_trade; the uid is userId; no inviter, parent, channel or IP whitelist', async () => {
    const uid = nextUid()
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] }))
    const { body } = await api.get(info)
    expect(body.code).toBe('00000')
    expect(body.data).toEqual({
      userId: uid,
      inviterId: '',
      parentId: '',
      channelCode: '',
      channel: '',
      ips: '',
      permType: 'read-and-write',
      permissions: ['uta_mgt', 'uta_trade'],
      regisTime: String(ctx.clock.now()),
    })
  })

  test('decision: a trade_ro key is read-only; each key of a uid answers its own permissions', async () => {
    const uid = nextUid()
    const { admin } = ctx.sandbox
    const reader = ctx.as(admin.addKey({ uid, permissions: ['trade_ro'] }))
    const trader = ctx.as(admin.addKey({ uid, permissions: ['trade_rw'] }))
    const read = (await reader.get(info)).body.data
    expect([read.userId, read.permType, read.permissions]).toEqual([
      uid,
      'read-only',
      ['uta_mgt', 'uta_trade'],
    ])
    expect((await trader.get(info)).body.data.permType).toBe('read-and-write')
  })

  test('decision: an elite trader key adds copy_futures_position and copy_futures_order; never withdraw', async () => {
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid: nextUid(), eliteTrader: true }))
    expect((await api.get(info)).body.data.permissions).toEqual([
      'uta_mgt',
      'uta_trade',
      'copy_futures_position',
      'copy_futures_order',
    ])
  })

  test('decision: "No permission required": a key with only a whitelist (countdown) reads it, read-only with no permissions', async () => {
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid: nextUid(), permissions: ['countdown'] }))
    const { body } = await api.get(info)
    expect(body.code).toBe('00000')
    expect([body.data.permType, body.data.permissions]).toEqual(['read-only', []])
    // The same key may not read the assets (a read needs trade_ro or trade_rw).
    expect((await api.get(paths.assets)).body.code).toBe('40014')
  })

  test('decision: regisTime is the sandbox clock when the uid is first asked, the same afterwards', async () => {
    const uid = nextUid()
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid }))
    const first = (await api.get(info)).body.data.regisTime
    expect(first).toBe(String(ctx.clock.now()))
    ctx.clock.set(ctx.clock.now() + 60_000)
    expect((await api.get(info)).body.data.regisTime).toBe(first)
  })

  test('the rules refuse a parameter the page does not list (40017)', async () => {
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid: nextUid() }))
    expect((await api.get(info, { uid: '1' })).body.code).toBe('40017')
  })
})

describe('GET /api/v3/account/max-withdrawal', () => {
  test('decision: uta the free unified balance, spot the funding wallet, otc the p2p wallet, total their sum; each moves with the transfers', async () => {
    const uid = nextUid()
    const { admin } = ctx.sandbox
    const api = ctx.as(admin.addKey({ uid }))
    admin.setBalance('USDT', '1000', uid)
    expect((await api.get(maxWithdrawal, { coin: 'USDT' })).body.data).toEqual({
      coin: 'USDT',
      otcMaxWithdrawal: '0',
      spotMaxWithdrawal: '0',
      utaMaxWithdrawal: '1000',
      totalMaxWithdrawal: '1000',
    })
    await api.post(transfer, { fromType: 'uta', toType: 'spot', coin: 'USDT', amount: '600' })
    await api.post(transfer, { fromType: 'spot', toType: 'p2p', coin: 'USDT', amount: '100.5' })
    // A resting spot buy of 0.1 ETH at 3000 holds 300 USDT of the unified balance.
    const buy = { category: 'SPOT', symbol: 'ETHUSDT', side: 'buy', orderType: 'limit' }
    expect((await api.post(paths.place, { ...buy, qty: '0.1', price: '3000' })).body.code).toBe(
      '00000',
    )
    expect((await api.get(maxWithdrawal, { coin: 'USDT' })).body.data).toEqual({
      coin: 'USDT',
      otcMaxWithdrawal: '100.5',
      spotMaxWithdrawal: '499.5',
      utaMaxWithdrawal: '100',
      totalMaxWithdrawal: '700',
    })
  })

  test('the unified part is what max-transferable answers, rounded down to 8 decimals', async () => {
    const uid = nextUid()
    const { admin } = ctx.sandbox
    const api = ctx.as(admin.addKey({ uid }))
    admin.setBalance('BTC', '0.123456789', uid)
    const { data } = (await api.get(maxWithdrawal, { coin: 'BTC' })).body
    const transferable = (await api.get(Unified.getMaxTransferable.path, { coin: 'BTC' })).body.data
    expect([data.utaMaxWithdrawal, data.totalMaxWithdrawal]).toEqual(['0.12345678', '0.12345678'])
    expect(data.utaMaxWithdrawal).toBe(transferable.maxTransfer)
  })

  test('a coin not held: all "0"; coin is required (40017)', async () => {
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid: nextUid() }))
    expect((await api.get(maxWithdrawal, { coin: 'DOGE' })).body.data).toEqual({
      coin: 'DOGE',
      otcMaxWithdrawal: '0',
      spotMaxWithdrawal: '0',
      utaMaxWithdrawal: '0',
      totalMaxWithdrawal: '0',
    })
    expect((await api.get(maxWithdrawal)).body.code).toBe('40017')
  })
})

describe('GET /api/v3/account/open-interest-limit', () => {
  const oiLimit = Unified.getOpenInterestLimit.path
  test('decision: no limit is imposed: singleUserLimit and masterSubLimit "", marketMakerLimit "0", for every futures category', async () => {
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid: nextUid() }))
    const { body } = await api.get(oiLimit, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
    expect(body.code).toBe('00000')
    expect(body.data).toEqual({
      symbol: 'BTCUSDT',
      singleUserLimit: '',
      masterSubLimit: '',
      marketMakerLimit: '0',
    })
    // The instruments endpoint writes the same "no maximum" for the symbol.
    const instruments = (
      await api.get('/api/v3/market/instruments', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
    ).body.data
    expect(instruments[0].maxOrderQty).toBe('')
    const futures = [...ctx.sandbox.admin.state().instruments].filter((i) =>
      ['COIN-FUTURES', 'USDC-FUTURES'].includes(i.category),
    )
    expect(futures.length).toBeGreaterThan(0)
    for (const { category, symbol } of futures) {
      const answer = (await api.get(oiLimit, { category, symbol })).body
      expect([answer.code, answer.data.symbol], symbol).toEqual(['00000', symbol])
    }
  })

  test('a symbol not listed in the category answers 40034, as the other market reads; a spot category is refused by the rules (40017)', async () => {
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid: nextUid() }))
    const unknown = (await api.get(oiLimit, { category: 'USDT-FUTURES', symbol: 'NOPEUSDT' })).body
    expect([unknown.code, unknown.msg]).toEqual(['40034', 'Parameter NOPEUSDT does not exist'])
    const spotSymbol = (await api.get(oiLimit, { category: 'USDT-FUTURES', symbol: 'ETHUSDT' }))
      .body
    expect(spotSymbol.code).toBe('40034')
    expect((await api.get(oiLimit, { category: 'SPOT', symbol: 'ETHUSDT' })).body.code).toBe(
      '40017',
    )
    expect((await api.get(oiLimit, { category: 'USDT-FUTURES' })).body.code).toBe('40017')
  })
})

describe('GET /api/v3/account/transferable-coins', () => {
  const coins = Unified.getTransferableCoins.path
  test('decision: the coins the sending account holds free, in the order it first held them; none between an account and itself', async () => {
    const uid = nextUid()
    const { admin } = ctx.sandbox
    const api = ctx.as(admin.addKey({ uid }))
    holdOnly(uid, { USDT: '1000', BTC: '1' })
    const held = (fromType: string, toType: string) =>
      api.get(coins, { fromType, toType }).then((r) => r.body.data)
    expect(await held('uta', 'spot')).toEqual(['USDT', 'BTC'])
    expect(await held('spot', 'uta')).toEqual([])
    await api.post(transfer, { fromType: 'uta', toType: 'spot', coin: 'BTC', amount: '0.5' })
    expect(await held('spot', 'uta')).toEqual(['BTC'])
    expect(await held('spot', 'p2p')).toEqual(['BTC'])
    expect(await held('uta', 'uta')).toEqual([])
    // All BTC out of uta: only USDT is left to move from it.
    await api.post(transfer, { fromType: 'uta', toType: 'p2p', coin: 'BTC', amount: '0.5' })
    expect(await held('uta', 'spot')).toEqual(['USDT'])
    expect(await held('p2p', 'uta')).toEqual(['BTC'])
  })

  test('what open orders hold is not free: a coin all held by an order is not listed, a coin of no balance neither', async () => {
    const uid = nextUid()
    const { admin } = ctx.sandbox
    const api = ctx.as(admin.addKey({ uid }))
    holdOnly(uid, { USDT: '300', BTC: '1' })
    const buy = { category: 'SPOT', symbol: 'ETHUSDT', side: 'buy', orderType: 'limit' }
    expect((await api.post(paths.place, { ...buy, qty: '0.1', price: '3000' })).body.code).toBe(
      '00000',
    )
    expect((await api.get(coins, { fromType: 'uta', toType: 'spot' })).body.data).toEqual(['BTC'])
  })

  test('fromType and toType are required and checked by the rules (40017)', async () => {
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid: nextUid() }))
    expect((await api.get(coins, { fromType: 'uta' })).body.code).toBe('40017')
    expect((await api.get(coins, { fromType: 'uta', toType: 'funding' })).body.code).toBe('40017')
  })
})
