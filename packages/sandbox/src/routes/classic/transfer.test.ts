import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { classicAccount, market } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const transferPath = '/api/v2/spot/wallet/transfer'
const recordsPath = '/api/v2/spot/account/transferRecords'
const out = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT' }
const back = { fromType: 'spot', toType: 'usdt_futures', coin: 'USDT' }

function usdtOf(uid: string): string {
  return ctx.sandbox.admin.state().balances[uid]?.USDT ?? ''
}

describe('POST /api/v2/spot/wallet/transfer', () => {
  test('moves the amount out of the futures wallet into spot and back; each futures side is a bill (trans_to_exchange, trans_from_exchange)', async () => {
    const a = classicAccount(ctx)
    ctx.sandbox.admin.setBalance('USDT', '1000', a.uid)
    const first = await a.api.post(transferPath, { ...out, amount: '300', clientOid: 'move-1' })
    expect(first.body.code).toBe('00000')
    expect(first.body.data).toEqual({ transferId: expect.any(String), clientOid: 'move-1' })
    expect(usdtOf(a.uid)).toBe('700')
    // Spot holds 300 now: 301 is more than it has.
    const tooMuch = await a.api.post(transferPath, { ...back, amount: '301' })
    expect(tooMuch.body.code).toBe('43012')
    await a.api.post(transferPath, { ...back, amount: '100' })
    expect(usdtOf(a.uid)).toBe('800')
    const bills = await a.api.get('/api/v2/mix/account/bill', { productType: 'USDT-FUTURES' })
    expect(
      bills.body.data.bills.map((b: Record<string, string>) => [
        b.businessType,
        b.amount,
        b.balance,
      ]),
    ).toEqual([
      ['trans_from_exchange', '100', '800'],
      ['trans_to_exchange', '-300', '700'],
    ])
  })

  test('admin.addTransfer seeds a record the exchange did not complete: "status ... Successful / Failed / Processing" as given, nothing moved', async () => {
    const a = classicAccount(ctx)
    ctx.sandbox.admin.setBalance('USDT', '1000', a.uid)
    const seeded = ctx.sandbox.admin.addTransfer({
      ...out,
      size: '40',
      clientOid: 'seed-failed',
      status: 'Failed',
      uid: a.uid,
    })
    const { body } = await a.api.get(recordsPath, { coin: 'USDT', clientOid: 'seed-failed' })
    expect(body.data).toMatchObject([
      { status: 'Failed', clientOid: 'seed-failed', transferId: seeded.transferId, size: '40' },
    ])
    expect(usdtOf(a.uid)).toBe('1000')
    expect(() =>
      ctx.sandbox.admin.addTransfer({ ...out, size: '1', clientOid: 'x', status: 'Done' as never }),
    ).toThrow('status must be one of Successful, Failed, Processing')
  })

  test('a used clientOid answers the earlier transfer and moves nothing again', async () => {
    const a = classicAccount(ctx)
    ctx.sandbox.admin.setBalance('USDT', '1000', a.uid)
    const first = await a.api.post(transferPath, { ...out, amount: '50', clientOid: 'once-1' })
    const again = await a.api.post(transferPath, { ...out, amount: '50', clientOid: 'once-1' })
    expect(again.body.data).toEqual(first.body.data)
    expect(usdtOf(a.uid)).toBe('950')
  })

  test('what open positions hold cannot leave the futures wallet', async () => {
    const a = classicAccount(ctx)
    ctx.sandbox.admin.setBalance('USDT', '70000', a.uid)
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '1' }))
    const { body } = await a.api.post(transferPath, { ...out, amount: '5001' })
    expect(body.code).toBe('43012')
    expect((await a.api.post(transferPath, { ...out, amount: '5000' })).body.code).toBe('00000')
  })

  test('the same account on both sides is refused with 40017 before anything moves', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(transferPath, { ...out, toType: 'usdt_futures', amount: '1' })
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('toType')
  })
})

describe('GET /api/v2/spot/account/transferRecords', () => {
  test('the transfers of a coin, newest first, by clientOid and sending account, as documented', async () => {
    const a = classicAccount(ctx)
    ctx.sandbox.admin.setBalance('USDT', '1000', a.uid)
    await a.api.post(transferPath, { ...out, amount: '10', clientOid: 'r-1' })
    await a.api.post(transferPath, { ...back, amount: '4', clientOid: 'r-2' })
    const all = await a.api.get(recordsPath, { coin: 'USDT' })
    expect(all.body.data.map((r: Record<string, string>) => r.clientOid)).toEqual(['r-2', 'r-1'])
    expect(all.body.data[1]).toEqual({
      coin: 'USDT',
      status: 'Successful',
      toType: 'spot',
      toSymbol: '',
      fromType: 'usdt_futures',
      fromSymbol: '',
      size: '10',
      ts: expect.stringMatching(/^\d+$/),
      clientOid: 'r-1',
      transferId: expect.any(String),
    })
    const one = await a.api.get(recordsPath, { coin: 'USDT', clientOid: 'r-1' })
    expect(one.body.data).toHaveLength(1)
    const fromSpot = await a.api.get(recordsPath, { coin: 'USDT', fromType: 'spot' })
    expect(fromSpot.body.data.map((r: Record<string, string>) => r.clientOid)).toEqual(['r-2'])
    expect((await a.api.get(recordsPath, { coin: 'BTC' })).body.data).toEqual([])
  })
})
