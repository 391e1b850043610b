/**
 * The securities money records over HTTP: cash-flow (every transfer, buy, sell and fee) and
 * transfer-records (every transfer, cursor paging).
 */
import { Securities } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start, T0 } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let accounts = 0

beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const seconds = (ms: number) => String(Math.floor(ms / 1000))

function account() {
  const uid = String(6_800_000_000 + ++accounts)
  const credentials = ctx.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] })
  ctx.sandbox.admin.setBalance('USDC', '100000', uid)
  const api = ctx.as(credentials)
  const transfer = (direction: 'in' | 'out', amount: string) =>
    api.post(Securities.transfer.path, { coin: 'USDC', amount, direction })
  const order = (side: 'Buy' | 'Sell', quantity: string, extra: Record<string, unknown> = {}) =>
    api.post(Securities.placeOrder.path, {
      symbol: 'AAPL.US',
      orderType: 'MO',
      side,
      submittedQuantity: quantity,
      timeInForce: 'Day',
      outsideRth: 'RTHOnly',
      ...extra,
    })
  const cashFlow = (query: Record<string, string> = {}) =>
    api.get(Securities.getCashFlow.path, {
      startTime: seconds(T0 - 86_400_000),
      endTime: seconds(T0 + 86_400_000),
      ...query,
    })
  return { uid, api, transfer, order, cashFlow }
}

describe('cash-flow', () => {
  it('records every transfer, buy, sell and fee, newest first; their balances sum to the cash', async () => {
    const { api, transfer, order, cashFlow } = account()
    ctx.sandbox.admin.setPrice('AAPL.US', '200.01')
    ctx.sandbox.admin.setStockFeeRate('0.001')
    try {
      await transfer('in', '5000.12345678')
      expect((await order('Buy', '3')).body.code).toBe('00000')
      expect((await order('Sell', '1')).body.code).toBe('00000')
      await transfer('out', '0.00000001')
    } finally {
      ctx.sandbox.admin.setStockFeeRate('0')
    }
    const { body } = await cashFlow()
    expect(body.code).toBe('00000')
    const list = body.data.list as { transactionFlowName: string; balance: string }[]
    expect(list.map((r) => [r.transactionFlowName, r.balance])).toEqual([
      ['Transfer out', '-0.00000001'],
      ['Commission', '-0.20001'],
      ['Stock sell executed', '200.01'],
      ['Commission', '-0.60003'],
      ['Stock buy executed', '-600.03'],
      ['Transfer in', '5000.12345678'],
    ])
    expect(list[2]).toEqual({
      transactionFlowName: 'Stock sell executed',
      direction: '2',
      businessType: '2',
      balance: '200.01',
      currency: 'USD',
      businessTime: seconds(T0),
      symbol: 'AAPL.US',
      description: 'Stock sell executed AAPL.US',
    })
    expect(list[0]).toMatchObject({ direction: '1', businessType: '1', symbol: null })
    const sum = list.reduce((total, r) => total.plus(r.balance), new Big(0))
    const funds = (await api.get(Securities.getAccount.path)).body.data.list[0]
    expect(sum.toFixed()).toBe(funds.totalCash)
    expect(funds.totalCash).toBe('4599.30341677')
  })

  it('narrows by businessType and symbol and pages by page and size', async () => {
    const { transfer, order, cashFlow } = account()
    ctx.sandbox.admin.setPrice('AAPL.US', '100')
    for (let i = 0; i < 3; i++) await transfer('in', String(1000 + i))
    await order('Buy', '2')
    const stock = (await cashFlow({ businessType: '2' })).body.data.list
    expect(stock.map((r: { balance: string }) => r.balance)).toEqual(['-200'])
    expect((await cashFlow({ symbol: 'TSLA.US' })).body.data.list).toEqual([])
    const cash = (await cashFlow({ businessType: '1', size: '2' })).body.data.list
    expect(cash.map((r: { balance: string }) => r.balance)).toEqual(['1002', '1001'])
    const second = (await cashFlow({ businessType: '1', size: '2', page: '2' })).body.data.list
    expect(second.map((r: { balance: string }) => r.balance)).toEqual(['1000'])
  })

  it('answers only the window of startTime and endTime (Unix seconds)', async () => {
    const { transfer, cashFlow } = account()
    await transfer('in', '1')
    expect(
      (await cashFlow({ startTime: seconds(T0 + 1000), endTime: seconds(T0 + 60_000) })).body.data
        .list,
    ).toEqual([])
    expect(
      (await cashFlow({ startTime: seconds(T0), endTime: seconds(T0) })).body.data.list,
    ).toHaveLength(1)
  })

  it('refuses a request without startTime before it reaches the account', async () => {
    const { api } = account()
    const { body } = await api.get(Securities.getCashFlow.path, { endTime: seconds(T0) })
    expect(body.code).not.toBe('00000')
    expect(body.msg).toContain('startTime')
  })

  it('answers balance as a JSON number in numbersAs number mode', async () => {
    const { transfer, cashFlow } = account()
    await transfer('in', '12.5')
    ctx.sandbox.admin.setNumbersAs('number')
    try {
      expect((await cashFlow()).body.data.list[0].balance).toBe(12.5)
    } finally {
      ctx.sandbox.admin.setNumbersAs('string')
    }
  })
})

describe('transfer-records', () => {
  it('answers the transfers newest first, limit at a time, the cursor paging on', async () => {
    const { api, transfer } = account()
    const ids: string[] = []
    for (const amount of ['1', '2', '3', '4', '5'])
      ids.push((await transfer(amount === '4' ? 'out' : 'in', amount)).body.data.transferId)
    const path = Securities.getTransferRecords.path
    const first = (await api.get(path, { limit: '2' })).body.data
    expect(first).toEqual([
      { transferId: ids[4], coin: 'USDC', amount: '5', direction: 'in', cursor: ids[4] },
      { transferId: ids[3], coin: 'USDC', amount: '4', direction: 'out', cursor: ids[3] },
    ])
    const second = (await api.get(path, { limit: '2', cursor: first[1].cursor })).body.data
    expect(second.map((r: { amount: string }) => r.amount)).toEqual(['3', '2'])
    const third = (await api.get(path, { limit: '2', cursor: second[1].cursor })).body.data
    expect(third.map((r: { amount: string }) => r.amount)).toEqual(['1'])
    expect((await api.get(path, { transferId: ids[2] as string })).body.data).toHaveLength(1)
  })

  it('answers only the window of startTime and endTime (Unix ms) and only its own account', async () => {
    const { api, transfer } = account()
    const other = account()
    await transfer('in', '1')
    ctx.clock.set(T0 + 60_000)
    try {
      await transfer('in', '2')
      await other.transfer('in', '7')
      const path = Securities.getTransferRecords.path
      const late = (await api.get(path, { startTime: String(T0 + 1) })).body.data
      expect(late.map((r: { amount: string }) => r.amount)).toEqual(['2'])
      const early = (await api.get(path, { endTime: String(T0) })).body.data
      expect(early.map((r: { amount: string }) => r.amount)).toEqual(['1'])
    } finally {
      ctx.clock.set(T0)
    }
  })
})
