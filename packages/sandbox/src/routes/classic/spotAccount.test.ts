/**
 * The spot wallet's reads (GET /api/v2/spot/account/assets and /bills) over what the classic
 * transfer moves: ccxt's default `fetchBalance()` and `fetchLedger(code)` read them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { classicAccount } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let lenient: Awaited<ReturnType<typeof start>>
let strict: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  lenient = await start({ strict: false })
  strict = await start()
})
afterAll(async () => {
  await lenient.sandbox.close()
  await strict.sandbox.close()
})

const paths = {
  transfer: '/api/v2/spot/wallet/transfer',
  assets: '/api/v2/spot/account/assets',
  bills: '/api/v2/spot/account/bills',
}
const out = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT' }
const back = { fromType: 'spot', toType: 'usdt_futures', coin: 'USDT' }

/** A classic account that moved 300 USDT to spot, then 100 back. */
async function moved(ctx: typeof lenient) {
  const a = classicAccount(ctx)
  ctx.sandbox.admin.setBalance('USDT', '1000', a.uid)
  expect((await a.api.post(paths.transfer, { ...out, amount: '300' })).body.code).toBe('00000')
  expect((await a.api.post(paths.transfer, { ...back, amount: '100' })).body.code).toBe('00000')
  return a
}

describe('GET /api/v2/spot/account/assets', () => {
  test('the coins the spot wallet holds, all available; `coin` asks one (a coin never held: "0")', async () => {
    const a = await moved(strict)
    const { body } = await a.api.get(paths.assets, {})
    expect(body.code).toBe('00000')
    expect(body.data).toEqual([
      expect.objectContaining({ coin: 'USDT', available: '200', frozen: '0', locked: '0' }),
    ])
    const btc = (await a.api.get(paths.assets, { coin: 'BTC' })).body.data
    expect(btc).toEqual([expect.objectContaining({ coin: 'BTC', available: '0' })])
  })

  test('a fresh account holds nothing: `[]`; `assetType` all lists every coin of the sandbox at "0"', async () => {
    const a = classicAccount(strict)
    expect((await a.api.get(paths.assets, {})).body.data).toEqual([])
    const all = (await a.api.get(paths.assets, { assetType: 'all' })).body.data
    expect(all.map((c: { coin: string }) => c.coin)).toContain('USDT')
    expect(all.every((c: { available: string }) => c.available === '0')).toBe(true)
  })

  test('a unified key: 40085 (the classic API is not served in unified mode)', async () => {
    const { body } = await strict.api.get(paths.assets, {})
    expect(body.code).toBe('40085')
  })
})

describe('GET /api/v2/spot/account/bills', () => {
  test('each transfer in and out, newest first, the size signed and the balance after it', async () => {
    const a = await moved(strict)
    const { body } = await a.api.get(paths.bills, { coin: 'USDT' })
    expect(
      body.data.map((b: Record<string, string>) => [
        b.groupType,
        b.businessType,
        b.size,
        b.balance,
      ]),
    ).toEqual([
      ['transfer', 'transfer_out', '-100', '200'],
      ['transfer', 'transfer_in', '300', '300'],
    ])
    const [newest, oldest] = body.data
    const older = await a.api.get(paths.bills, { idLessThan: newest.billId })
    expect(older.body.data.map((b: { billId: string }) => b.billId)).toEqual([oldest.billId])
    const ins = await a.api.get(paths.bills, { businessType: 'TRANSFER_IN', limit: '1' })
    expect(ins.body.data.map((b: { size: string }) => b.size)).toEqual(['300'])
  })

  test('strict: a field the page does not list is refused naming it; lenient: ignored', async () => {
    const refused = await (await moved(strict)).api.get(paths.bills, { symbol: 'BTCUSDT' })
    expect(refused.body.code).toBe('40017')
    expect(refused.body.msg).toContain('symbol')
    const ignored = await (await moved(lenient)).api.get(paths.bills, { symbol: 'BTCUSDT' })
    expect(ignored.body.data).toHaveLength(2)
  })
})
