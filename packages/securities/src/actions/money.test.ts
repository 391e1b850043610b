/** account.cashFlow and account.transfers against the sandbox over HTTP (strict). */
import { Big } from '@tradeline/rules/big'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ValidationError } from '../index.js'
import { setup, T0 } from '../test/sandbox.js'

let ctx: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  ctx = await setup()
})
afterAll(() => ctx.sandbox.close())

const window = { startTime: Math.floor(T0 / 1000) - 60, endTime: Math.floor(T0 / 1000) + 60 }

describe('account.getCashFlow', () => {
  test('every transfer and execution, newest first, signed balances summing to the cash', async () => {
    const client = ctx.client()
    ctx.sandbox.admin.setBalance('USDC', '1000', client.uid)
    ctx.sandbox.admin.setPrice('TSLA.US', '250.5')
    await client.transfer({ coin: 'USDC', amount: '1000', direction: 'in' })
    await client.orders.place({
      symbol: 'TSLA.US',
      orderType: 'MO',
      side: 'Buy',
      submittedQuantity: '2',
      timeInForce: 'Day',
      outsideRth: 'RTHOnly',
    })
    await client.transfer({ coin: 'USDC', amount: '0.00000001', direction: 'out' })
    const flows = await client.account.getCashFlow(window)
    expect(flows.map((f) => [f.transactionFlowName, f.balance, f.symbol])).toEqual([
      ['Transfer out', '-0.00000001', null],
      ['Stock buy executed', '-501', 'TSLA.US'],
      ['Transfer in', '1000', null],
    ])
    const sum = flows.reduce((total, f) => total.plus(f.balance ?? '0'), new Big(0))
    const [funds] = await client.account.getFunds()
    expect(sum.toFixed()).toBe(funds?.totalCash)
    const stock = await client.account.getCashFlow({ ...window, businessType: '2' })
    expect(stock.map((f) => f.balance)).toEqual(['-501'])
  })

  test('without endTime nothing is sent: a ValidationError names the field', async () => {
    const client = ctx.client()
    const error = await client.account
      .cashFlow({ startTime: window.startTime } as never)
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => i.path.join('.'))).toEqual(['endTime'])
    expect(client.sent).toEqual([])
  })
})

describe('account.getTransfers', () => {
  test('pages newest first by the cursor of the last record', async () => {
    const client = ctx.client()
    ctx.sandbox.admin.setBalance('USDC', '100', client.uid)
    for (const amount of ['1', '2', '3'])
      await client.transfer({ coin: 'USDC', amount, direction: 'in' })
    const first = await client.account.getTransfers({ limit: 2 })
    expect(first.map((r) => [r.amount, r.direction, r.coin])).toEqual([
      ['3', 'in', 'USDC'],
      ['2', 'in', 'USDC'],
    ])
    const next = await client.account.getTransfers({ limit: 2, cursor: first[1]?.cursor ?? '' })
    expect(next.map((r) => r.amount)).toEqual(['1'])
  })

  test('a limit above 100 is refused before sending', async () => {
    const client = ctx.client()
    const error = await client.account.getTransfers({ limit: 101 }).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(client.sent).toEqual([])
  })
})
