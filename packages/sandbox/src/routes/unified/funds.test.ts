// POST /api/v3/account/transfer, GET /api/v3/account/funding-assets and max-transferable on a
// strict sandbox over real HTTP: a transfer really moves the unified balance (read back from
// assets) and the classic wallet on the other side (funding-assets for spot), writes its
// financial records, and each refusal answers its code with nothing moved.
import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixture, shapeIssues } from '../../test/shape.js'
import { btc, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let lenient: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
  lenient = await start({ strict: false })
})
afterAll(async () => {
  await ctx.sandbox.close()
  await lenient.sandbox.close()
})

const transfer = Unified.transfer.path
const fundingAssets = Unified.getFundingAssets.path
const maxTransferable = Unified.getMaxTransferable.path
const records = Unified.getFinancialRecords.path
const toSpot = { fromType: 'uta', toType: 'spot', coin: 'USDT' }
const toUta = { fromType: 'spot', toType: 'uta', coin: 'USDT' }

let accounts = 0
/** A fresh unified account (its own uid) with 1000 USDT. */
function account(on = ctx) {
  const uid = String(8_950_000_000 + ++accounts)
  const { admin } = on.sandbox
  const api = on.as(admin.addKey({ uid }))
  admin.setBalance('USDT', '1000', uid)
  return { uid, api }
}
type Account = ReturnType<typeof account>

/** The USDT of the unified account (assets) and of the funding account (funding-assets). */
async function usdt(a: Account) {
  const assets = (await a.api.get(paths.assets)).body.data.assets
  const funding = (await a.api.get(fundingAssets, { coin: 'USDT' })).body.data
  const coin = assets.find((item: { coin: string }) => item.coin === 'USDT')
  return {
    uta: { balance: coin?.balance, available: coin?.available },
    funding: funding[0]?.balance ?? 'none',
  }
}

describe('POST /api/v3/account/transfer', () => {
  test('uta to spot and back: the unified balance and the funding account move by the amount', async () => {
    const a = account()
    expect(await usdt(a)).toEqual({ uta: { balance: '1000', available: '1000' }, funding: 'none' })
    const out = await a.api.post(transfer, { ...toSpot, amount: '300' })
    expect(out.body.code).toBe('00000')
    expect(out.body.data).toEqual({ transferId: expect.stringMatching(/^\d+$/) })
    expect(await usdt(a)).toEqual({ uta: { balance: '700', available: '700' }, funding: '300' })
    const back = await a.api.post(transfer, { ...toUta, amount: '100.5' })
    expect(back.body.code).toBe('00000')
    expect(back.body.data.transferId).not.toBe(out.body.data.transferId)
    expect(await usdt(a)).toEqual({
      uta: { balance: '800.5', available: '800.5' },
      funding: '199.5',
    })
  })

  test('decision: each uta side is a TRANSFER_OUT / TRANSFER_IN financial record of category SPOT, with the balance after it', async () => {
    const a = account()
    await a.api.post(transfer, { ...toSpot, amount: '300' })
    await a.api.post(transfer, { ...toUta, amount: '100' })
    // A move between two classic wallets leaves the unified account's records alone.
    await a.api.post(transfer, { fromType: 'spot', toType: 'p2p', coin: 'USDT', amount: '50' })
    const { body } = await a.api.get(records, { category: 'SPOT', coin: 'USDT' })
    expect(
      body.data.list.map((r: Record<string, string>) => [
        r.category,
        r.type,
        r.amount,
        r.fee,
        r.balance,
        r.symbol,
      ]),
    ).toEqual([
      ['SPOT', 'TRANSFER_IN', '100', '0', '800', ''],
      ['SPOT', 'TRANSFER_OUT', '-300', '0', '700', ''],
    ])
    const ins = await a.api.get(records, { category: 'SPOT', type: 'TRANSFER_IN' })
    expect(ins.body.data.list).toHaveLength(1)
    expect(shapeIssues(fixture('uta.account.financial-records.json'), body)).toEqual([])
  })

  test('decision: more than the sending account has free is 43012 (the classic transfer code); nothing moves', async () => {
    const a = account()
    const tooMuch = await a.api.post(transfer, { ...toSpot, amount: '1000.01' })
    expect([tooMuch.body.code, tooMuch.body.msg]).toEqual(['43012', 'Insufficient balance'])
    // The funding account is empty: nothing comes back from it either.
    const empty = await a.api.post(transfer, { ...toUta, amount: '1' })
    expect(empty.body.code).toBe('43012')
    expect(await usdt(a)).toEqual({ uta: { balance: '1000', available: '1000' }, funding: 'none' })
    expect((await a.api.get(records, { category: 'SPOT' })).body.data.list).toEqual([])
  })

  test('what an open order holds cannot leave the unified account', async () => {
    const a = account()
    ctx.sandbox.admin.setBalance('USDT', '70000', a.uid)
    // A resting BTCUSDT buy of 1 at 60000, leverage 1: it holds 60000 USDT.
    const order = btc({ price: '60000', qty: '1' })
    expect((await a.api.post(paths.place, order)).body.code).toBe('00000')
    expect((await a.api.post(transfer, { ...toSpot, amount: '10000.01' })).body.code).toBe('43012')
    expect((await a.api.post(transfer, { ...toSpot, amount: '10000' })).body.code).toBe('00000')
    expect(await usdt(a)).toEqual({
      uta: { balance: '60000', available: '0' },
      funding: '10000',
    })
  })

  test('decision: every account type but uta is a wallet of its own, the classic futures accounts included: uta to usdt_futures to spot', async () => {
    const a = account()
    await a.api.post(transfer, { ...toSpot, toType: 'usdt_futures', amount: '400' })
    expect(await usdt(a)).toEqual({ uta: { balance: '600', available: '600' }, funding: 'none' })
    const hop = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT' }
    expect((await a.api.post(transfer, { ...hop, amount: '400.01' })).body.code).toBe('43012')
    expect((await a.api.post(transfer, { ...hop, amount: '400' })).body.code).toBe('00000')
    expect(await usdt(a)).toEqual({ uta: { balance: '600', available: '600' }, funding: '400' })
  })

  test('the rules refuse a malformed body with 40017 naming the field; nothing moves', async () => {
    const a = account()
    const cases = [
      [{ ...toSpot, toType: 'uta', amount: '1' }, 'toType'],
      [{ ...toSpot, toType: 'isolated_margin', amount: '1' }, 'symbol'],
      [{ ...toSpot, amount: '0' }, 'amount'],
      [{ ...toSpot, amount: 5 }, 'amount'],
      [{ ...toSpot, amount: '1', clientOid: 'move-1' }, 'clientOid'],
    ] as const
    for (const [request, field] of cases) {
      const { body } = await a.api.post(transfer, request)
      expect([body.code, body.msg.includes(field)], field).toEqual(['40017', true])
    }
    expect(await usdt(a)).toEqual({ uta: { balance: '1000', available: '1000' }, funding: 'none' })
  })

  test('an amount sent as a JSON number (as ccxt sends it) is read as the decimal written, unless strict', async () => {
    const a = account(lenient)
    const { body } = await a.api.postText(
      transfer,
      '{"fromType":"uta","toType":"spot","amount":0.1,"coin":"USDT"}',
    )
    expect(body.code).toBe('00000')
    expect(await usdt(a)).toEqual({
      uta: { balance: '999.9', available: '999.9' },
      funding: '0.1',
    })
  })

  test('a classic account is refused with 40084 before anything moves', async () => {
    const { admin } = ctx.sandbox
    const uid = '8950999999'
    const api = ctx.as(admin.addKey({ uid, accountMode: 'classic' }))
    admin.setBalance('USDT', '1000', uid)
    const { body } = await api.post(transfer, { ...toSpot, amount: '1' })
    expect(body.code).toBe('40084')
    expect(admin.state().balances[uid]?.USDT).toBe('1000')
  })
})

describe('GET /api/v3/account/funding-assets', () => {
  test('the funding account\'s coins with a balance, of one coin when asked; "0" coins left out', async () => {
    const a = account()
    ctx.sandbox.admin.setBalance('BTC', '2', a.uid)
    expect((await a.api.get(fundingAssets)).body.data).toEqual([])
    await a.api.post(transfer, { ...toSpot, coin: 'BTC', amount: '0.01' })
    await a.api.post(transfer, { ...toSpot, amount: '0.04' })
    const { body } = await a.api.get(fundingAssets)
    expect(body.data).toEqual([
      { coin: 'BTC', available: '0.01', frozen: '0', balance: '0.01' },
      { coin: 'USDT', available: '0.04', frozen: '0', balance: '0.04' },
    ])
    expect((await a.api.get(fundingAssets, { coin: 'BTC' })).body.data).toEqual([body.data[0]])
    // All of it back: the coin is no longer listed.
    await a.api.post(transfer, { ...toUta, coin: 'BTC', amount: '0.01' })
    expect((await a.api.get(fundingAssets)).body.data.map((c: { coin: string }) => c.coin)).toEqual(
      ['USDT'],
    )
    expect((await a.api.get(fundingAssets, { coin: 'ETH' })).body.data).toEqual([])
  })
})

describe('GET /api/v3/account/max-transferable', () => {
  test('decision: maxTransfer is the free unified balance rounded down to 8 decimals, borrowMaxTransfer the same: what open orders hold stays; the max is accepted, a unit of the 8th decimal more refused', async () => {
    const a = account()
    expect((await a.api.get(maxTransferable, { coin: 'USDT' })).body.data).toEqual({
      coin: 'USDT',
      maxTransfer: '1000',
      borrowMaxTransfer: '1000',
    })
    // A resting spot buy of 0.1 ETH at 3000 holds 300 USDT.
    const buy = { category: 'SPOT', symbol: 'ETHUSDT', side: 'buy', orderType: 'limit' }
    await a.api.post(paths.place, { ...buy, qty: '0.1', price: '3000' })
    const { data } = (await a.api.get(maxTransferable, { coin: 'USDT' })).body
    expect(data).toEqual({ coin: 'USDT', maxTransfer: '700', borrowMaxTransfer: '700' })
    expect((await a.api.post(transfer, { ...toSpot, amount: '700.00000001' })).body.code).toBe(
      '43012',
    )
    expect((await a.api.post(transfer, { ...toSpot, amount: '700' })).body.code).toBe('00000')
    expect((await a.api.get(maxTransferable, { coin: 'USDT' })).body.data.maxTransfer).toBe('0')
  })

  test('a coin the account does not hold: "0"; coin is required (40017)', async () => {
    const a = account()
    expect((await a.api.get(maxTransferable, { coin: 'DOGE' })).body.data).toEqual({
      coin: 'DOGE',
      maxTransfer: '0',
      borrowMaxTransfer: '0',
    })
    expect((await a.api.get(maxTransferable)).body.code).toBe('40017')
  })
})
