// GET /api/v3/account/deposit-address, deposit-records, withdrawal-records and POST
// /api/v3/account/withdrawal on a strict sandbox over real HTTP: an address per coin and chain
// that stays the same, deposits the admin makes credited to the funding wallet (read back from
// funding-assets), a withdrawal that really leaves the funding wallet and is recorded, and each
// refusal answering its code with nothing moved.
import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixture, shapeIssues } from '../../test/shape.js'
import { start, T0 } from '../../test/unified.js'

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

const address = Unified.getDepositAddress.path
const deposits = Unified.getDepositRecords.path
const withdrawal = Unified.withdraw.path
const withdrawals = Unified.getWithdrawalRecords.path
const fundingAssets = Unified.getFundingAssets.path
const assets = Unified.getAccountAssets.path
/** A day around the sandbox clock's start. */
const window = { startTime: String(T0 - 3_600_000), endTime: String(T0 + 86_400_000) }
const out = { coin: 'USDT', transferType: 'internal_transfer', address: '234234242', size: '100' }

let accounts = 0
/** A fresh unified account (its own uid) with 1000 USDT in its unified balance. */
function account(on = ctx) {
  const uid = String(8_970_000_000 + ++accounts)
  const { admin } = on.sandbox
  const api = on.as(admin.addKey({ uid }))
  admin.setBalance('USDT', '1000', uid)
  return { uid, api, admin }
}
type Account = ReturnType<typeof account>

/** The USDT of the funding account (funding-assets) and of the unified account (assets). */
async function usdt(a: Account) {
  const funding = (await a.api.get(fundingAssets, { coin: 'USDT' })).body.data
  const uta = (await a.api.get(assets)).body.data.assets
  return {
    funding: funding[0]?.balance ?? 'none',
    uta: uta.find((c: { coin: string }) => c.coin === 'USDT')?.balance,
  }
}

describe('GET /api/v3/account/deposit-address', () => {
  test('one address per account, coin and chain, the same on every call; the coin answered in upper case', async () => {
    const a = account()
    const first = await a.api.get(address, { coin: 'usdt', chain: 'trc20' })
    expect(first.body.data).toEqual({
      address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      chain: 'trc20',
      coin: 'USDT',
      tag: null,
      url: '',
    })
    expect(shapeIssues(fixture('uta.account.deposit-address.json'), first.body)).toEqual([])
    const again = await a.api.get(address, { coin: 'USDT', chain: 'trc20' })
    expect(again.body.data).toEqual(first.body.data)
    const otherChain = await a.api.get(address, { coin: 'USDT', chain: 'erc20' })
    expect(otherChain.body.data.address).not.toBe(first.body.data.address)
    const otherAccount = await account().api.get(address, { coin: 'USDT', chain: 'trc20' })
    expect(otherAccount.body.data.address).not.toBe(first.body.data.address)
  })

  test('decision: without chain the sandbox picks erc20 (btc for BTC); coin is required (40017)', async () => {
    const a = account()
    const usdtAddress = (await a.api.get(address, { coin: 'USDT' })).body.data
    expect(usdtAddress.chain).toBe('erc20')
    expect(usdtAddress.address).toBe(
      (await a.api.get(address, { coin: 'USDT', chain: 'erc20' })).body.data.address,
    )
    expect((await a.api.get(address, { coin: 'BTC' })).body.data.chain).toBe('btc')
    const { body } = await a.api.get(address, {})
    expect([body.code, body.msg.includes('coin')]).toEqual(['40017', true])
  })

  test('decision: a coin the sandbox does not list answers 40034 "Parameter <coin> does not exist", as its market reads do; no address is made for it', async () => {
    const a = account()
    const unknown = await a.api.get(address, { coin: 'DOGE', chain: 'erc20' })
    expect([unknown.body.code, unknown.body.msg, unknown.body.data]).toEqual([
      '40034',
      'Parameter DOGE does not exist',
      null,
    ])
    // Every coin of the sandbox's instruments is listed, in any letter case.
    expect((await a.api.get(address, { coin: 'raapl' })).body.code).toBe('00000')
    expect((await a.api.get(address, { coin: 'USDC' })).body.code).toBe('00000')
  })

  test('a listed coin asked in another letter case is answered in the spelling it is listed in, with the same address (it answered RAAPL for raapl and for rAAPL)', async () => {
    const a = account()
    const lower = await a.api.get(address, { coin: 'raapl' })
    const listed = await a.api.get(address, { coin: 'rAAPL' })
    expect([lower.body.data.coin, listed.body.data.coin]).toEqual(['rAAPL', 'rAAPL'])
    expect(lower.body.data.address).toBe(listed.body.data.address)
    expect((await a.api.get(address, { coin: 'usdc' })).body.data.coin).toBe('USDC')
  })
})

describe('deposits: admin.addDeposit and GET /api/v3/account/deposit-records', () => {
  test('a successful deposit credits the funding wallet and is listed, newest first, to the account address', async () => {
    const a = account()
    const one = a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '25.5', chain: 'trc20' })
    ctx.sandbox.admin.advanceClock(1000)
    const two = a.admin.addDeposit({ uid: a.uid, coin: 'usdt', size: '4.5' })
    expect(await usdt(a)).toEqual({ funding: '30', uta: '1000' })
    const { body } = await a.api.get(deposits, window)
    expect(shapeIssues(fixture('uta.account.deposit-records.json'), body)).toEqual([])
    expect(body.data.map((r: Record<string, string>) => [r.orderId, r.size, r.chain])).toEqual([
      [two.orderId, '4.5', 'erc20'],
      [one.orderId, '25.5', 'trc20'],
    ])
    const trc20 = (await a.api.get(address, { coin: 'USDT', chain: 'trc20' })).body.data.address
    expect(body.data[1]).toMatchObject({
      coin: 'USDT',
      type: 'deposit',
      dest: 'on_chain',
      status: 'success',
      toAddress: trc20,
      createdTime: String(one.createdTime),
    })
  })

  test('a pending or failed deposit is listed and moves nothing', async () => {
    const a = account()
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '5', status: 'pending' })
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '6', status: 'fail' })
    expect(await usdt(a)).toEqual({ funding: 'none', uta: '1000' })
    const { data } = (await a.api.get(deposits, window)).body
    expect(data.map((r: { status: string }) => r.status)).toEqual(['fail', 'pending'])
  })

  test('filters: coin, orderId, the time window; limit and cursor page by orderId', async () => {
    const a = account()
    const made = ['1', '2', '3'].map((size) =>
      a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size }),
    )
    const btc = a.admin.addDeposit({ uid: a.uid, coin: 'BTC', size: '0.1' })
    const sizes = async (query: Record<string, string>) =>
      (await a.api.get(deposits, { ...window, ...query })).body.data.map(
        (r: { size: string }) => r.size,
      )
    expect(await sizes({})).toEqual(['0.1', '3', '2', '1'])
    expect(await sizes({ coin: 'usdt' })).toEqual(['3', '2', '1'])
    expect(await sizes({ orderId: btc.orderId })).toEqual(['0.1'])
    expect(await sizes({ limit: '2' })).toEqual(['0.1', '3'])
    expect(await sizes({ limit: '2', cursor: made[2]?.orderId ?? '' })).toEqual(['2', '1'])
    const later = { startTime: String(T0 + 86_400_001), endTime: String(T0 + 2 * 86_400_000) }
    expect((await a.api.get(deposits, later)).body.data).toEqual([])
    // Another account sees none of them.
    expect((await account().api.get(deposits, window)).body.data).toEqual([])
  })

  test('POST /sandbox/deposits makes a deposit over HTTP; a bad size is refused 400', async () => {
    const a = account()
    const post = (body: unknown) =>
      fetch(`${ctx.sandbox.url}/sandbox/deposits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const made = await post({ uid: a.uid, coin: 'USDT', size: '7' })
    expect(made.status).toBe(200)
    expect(await usdt(a)).toEqual({ funding: '7', uta: '1000' })
    expect((await post({ uid: a.uid, coin: 'USDT', size: 7 })).status).toBe(400)
    expect((await post({ uid: a.uid, coin: 'USDT', size: '1', status: 'done' })).status).toBe(400)
  })
})

describe('POST /api/v3/account/withdrawal', () => {
  test('leaves the funding wallet by size, answers orderId and clientOid, and is recorded', async () => {
    const a = account()
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '300' })
    const sent = await a.api.post(withdrawal, { ...out, coin: 'usdt', clientOid: 'w-1' })
    expect(sent.body.code).toBe('00000')
    expect(sent.body.data).toEqual({ orderId: expect.stringMatching(/^\d+$/), clientOid: 'w-1' })
    expect(shapeIssues(fixture('uta.account.withdrawal.json'), sent.body)).toEqual([])
    expect(await usdt(a)).toEqual({ funding: '200', uta: '1000' })
    const { body } = await a.api.get(withdrawals, { ...window, clientOid: 'w-1' })
    expect(shapeIssues(fixture('uta.account.withdrawal-records.json'), body)).toEqual([])
    expect(body.data).toEqual([
      {
        orderId: sent.body.data.orderId,
        clientOid: 'w-1',
        recordId: sent.body.data.orderId,
        coin: 'USDT',
        type: 'withdraw',
        dest: 'internal_transfer',
        size: '100',
        status: 'success',
        fromAddress: a.uid,
        toAddress: '234234242',
        chain: '',
        fee: '0',
        confirm: '0',
        tag: '',
        createdTime: String(ctx.sandbox.admin.now()),
        updatedTime: String(ctx.sandbox.admin.now()),
      },
    ])
  })

  test('on chain: the chain and the address are recorded, the record id a transaction hash; without clientOid it answers ""', async () => {
    const a = account()
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '50' })
    const chain = { ...out, transferType: 'on_chain', chain: 'trc20', address: 'TXYZ', size: '50' }
    const sent = await a.api.post(withdrawal, chain)
    expect(sent.body.data.clientOid).toBe('')
    const [record] = (await a.api.get(withdrawals, window)).body.data
    expect(record).toMatchObject({ dest: 'on_chain', chain: 'trc20', toAddress: 'TXYZ' })
    expect(record.recordId).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await usdt(a)).toEqual({ funding: 'none', uta: '1000' })
  })

  test('decision: more than the funding wallet holds is 43012 (the sandbox code of a short transfer): the unified balance is not drawn on; nothing moves, nothing is recorded', async () => {
    const a = account()
    const none = await a.api.post(withdrawal, out)
    expect([none.body.code, none.body.msg]).toEqual(['43012', 'Insufficient balance'])
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '99.99' })
    expect((await a.api.post(withdrawal, out)).body.code).toBe('43012')
    expect(await usdt(a)).toEqual({ funding: '99.99', uta: '1000' })
    expect((await a.api.get(withdrawals, window)).body.data).toEqual([])
  })

  test('decision: a clientOid already used answers the earlier withdrawal again and moves nothing', async () => {
    const a = account()
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '500' })
    const first = await a.api.post(withdrawal, { ...out, clientOid: 'once' })
    const second = await a.api.post(withdrawal, { ...out, clientOid: 'once' })
    expect(second.body).toMatchObject({ code: '00000', data: first.body.data })
    expect(await usdt(a)).toEqual({ funding: '400', uta: '1000' })
    expect((await a.api.get(withdrawals, window)).body.data).toHaveLength(1)
  })

  test('the rules refuse a malformed body with 40017 naming the field; nothing moves', async () => {
    const a = account()
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '500' })
    const cases = [
      [{ ...out, transferType: 'on_chain' }, 'chain'],
      [{ ...out, size: '0' }, 'size'],
      [{ ...out, size: 5 }, 'size'],
      [{ ...out, innerToType: 'mobile' }, 'areaCode'],
      [{ ...out, clientOid: 'a b' }, 'clientOid'],
      [{ ...out, amount: '1' }, 'amount'],
    ] as const
    for (const [request, field] of cases) {
      const { body } = await a.api.post(withdrawal, request)
      expect([body.code, body.msg.includes(field)], field).toEqual(['40017', true])
    }
    expect(await usdt(a)).toEqual({ funding: '500', uta: '1000' })
  })

  test('a size sent as a JSON number is read as the decimal written, unless strict', async () => {
    const a = account(lenient)
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '1' })
    const { body } = await a.api.postText(
      withdrawal,
      '{"coin":"USDT","transferType":"internal_transfer","address":"1","size":0.1}',
    )
    expect(body.code).toBe('00000')
    const funding = (await a.api.get(fundingAssets, { coin: 'USDT' })).body.data
    expect(funding[0].balance).toBe('0.9')
  })
})

describe('GET /api/v3/account/withdrawal-records', () => {
  test('admin.addWithdrawal records a pending or failed withdrawal and moves nothing', async () => {
    const a = account()
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '10' })
    const failed = {
      ...out,
      transferType: 'internal_transfer',
      uid: a.uid,
      size: '5',
      status: 'fail',
      clientOid: 'seeded',
    } as const
    a.admin.addWithdrawal(failed)
    a.admin.addWithdrawal({ ...failed, status: 'pending', clientOid: 'seeded-2' })
    const { data } = (await a.api.get(withdrawals, window)).body
    expect(data.map((r: Record<string, string>) => [r.clientOid, r.status, r.size])).toEqual([
      ['seeded-2', 'pending', '5'],
      ['seeded', 'fail', '5'],
    ])
    expect(await usdt(a)).toEqual({ funding: '10', uta: '1000' })
    expect(() => a.admin.addWithdrawal({ ...failed, status: 'done' as never })).toThrow(/status/)
  })

  test('orderId before clientOid, as the page says; startTime and endTime required (40017)', async () => {
    const a = account()
    a.admin.addDeposit({ uid: a.uid, coin: 'USDT', size: '500' })
    const one = (await a.api.post(withdrawal, { ...out, clientOid: 'w-a' })).body.data
    const two = (await a.api.post(withdrawal, { ...out, clientOid: 'w-b' })).body.data
    const ids = async (query: Record<string, string>) =>
      (await a.api.get(withdrawals, { ...window, ...query })).body.data.map(
        (r: { orderId: string }) => r.orderId,
      )
    expect(await ids({})).toEqual([two.orderId, one.orderId])
    expect(await ids({ clientOid: 'w-a' })).toEqual([one.orderId])
    expect(await ids({ orderId: two.orderId, clientOid: 'w-a' })).toEqual([two.orderId])
    expect(await ids({ clientOid: 'w-none' })).toEqual([])
    const { body } = await a.api.get(withdrawals, { startTime: window.startTime })
    expect([body.code, body.msg.includes('endTime')]).toEqual(['40017', true])
  })
})
