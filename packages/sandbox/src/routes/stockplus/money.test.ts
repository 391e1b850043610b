/**
 * The securities account's money over HTTP: every transfer, buy and sell moves exact decimals
 * between the spot balance and the securities cash, and amounts beyond the documented
 * precision are refused with the exchange's parameter error, never rounded.
 */
import { Securities } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let accounts = 0

beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

/** A fresh account holding `spot` USDC on its spot balance. */
function account(spot = '1000') {
  const uid = String(6_700_000_000 + ++accounts)
  const credentials = ctx.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] })
  ctx.sandbox.admin.setBalance('USDC', spot, uid)
  const api = ctx.as(credentials)
  const transfer = (direction: 'in' | 'out', amount: string) =>
    api.post(Securities.transfer.path, { coin: 'USDC', amount, direction })
  const funds = async () => {
    const [record] = (await api.get(Securities.getAccount.path)).body.data.list
    return record.cashInfos[0] as { availableCash: string; frozenCash: string }
  }
  const spotOf = () => ctx.sandbox.admin.state().balances[uid]?.USDC ?? '0'
  return { uid, api, transfer, funds, spotOf }
}

const marketBuy = (quantity: string, symbol = 'AAPL.US') => ({
  symbol,
  orderType: 'MO',
  side: 'Buy',
  submittedQuantity: quantity,
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
})

describe('transfers conserve money to the last digit', () => {
  it('ten transfers in of 0.00004 move 0.0004 from spot to the securities cash', async () => {
    const { transfer, funds, spotOf } = account('1')
    for (let i = 0; i < 10; i++) expect((await transfer('in', '0.00004')).body.code).toBe('00000')
    expect((await funds()).availableCash).toBe('0.0004')
    expect(spotOf()).toBe('0.9996')
  })

  it('twenty rounds of 0.00005 in and 0.0001 out create nothing: spot + cash stays 1', async () => {
    const { transfer, funds, spotOf } = account('1')
    let refused = 0
    for (let i = 0; i < 20; i++) {
      await transfer('in', '0.00005')
      if ((await transfer('out', '0.0001')).body.code === '43012') refused++
    }
    // Every other out finds 0.00005 only and is refused.
    expect(refused).toBe(10)
    const cash = (await funds()).availableCash
    expect(new Big(spotOf()).plus(cash).toFixed()).toBe('1')
    expect(cash).toBe('0')
  })

  it('an amount with more than 8 decimals is refused with 40808 and moves nothing', async () => {
    const { transfer, funds, spotOf } = account('1')
    const { body } = await transfer('in', '0.123456789')
    expect(body.code).toBe('40808')
    expect(body.msg).toContain('amount')
    expect((await funds()).availableCash).toBe('0')
    expect(spotOf()).toBe('1')
  })

  it.each(['1000000000000000.07', '9007199254740993'])(
    '%s goes in and out exactly',
    async (amount) => {
      const { transfer, funds, spotOf } = account(amount)
      expect((await transfer('in', amount)).body.code).toBe('00000')
      expect((await funds()).availableCash).toBe(amount)
      expect(spotOf()).toBe('0')
      expect((await transfer('out', amount)).body.code).toBe('00000')
      expect(spotOf()).toBe(amount)
      expect((await funds()).availableCash).toBe('0')
    },
  )
})

describe('orders move exact amounts', () => {
  it('fifty buys of one share at 0.00004 cost 0.002', async () => {
    const { api, transfer, funds } = account('1')
    ctx.sandbox.admin.setPrice('TSLA.US', '0.00004')
    await transfer('in', '1')
    for (let i = 0; i < 50; i++)
      expect(
        (await api.post(Securities.placeOrder.path, marketBuy('1', 'TSLA.US'))).body.code,
      ).toBe('00000')
    expect((await funds()).availableCash).toBe('0.998')
    const [position] = (await api.get(Securities.getStockPositions.path)).body.data.channels[0]
      .positions
    expect(position).toMatchObject({ symbol: 'TSLA.US', quantity: '50', costPrice: '0.00004' })
  })

  it('123456789012345678 shares are held exactly', async () => {
    const { api, transfer, funds } = account('12345678901234.5678')
    ctx.sandbox.admin.setPrice('NVDA.US', '0.0001')
    await transfer('in', '12345678901234.5678')
    const { body } = await api.post(
      Securities.placeOrder.path,
      marketBuy('123456789012345678', 'NVDA.US'),
    )
    expect(body.code).toBe('00000')
    const [position] = (await api.get(Securities.getStockPositions.path)).body.data.channels[0]
      .positions
    expect(position.quantity).toBe('123456789012345678')
    expect((await funds()).availableCash).toBe('0')
  })

  it('a price finer than the tick (0.01 from 1 USD, 0.0001 below) is refused with 40808', async () => {
    const { api, transfer } = account('100')
    await transfer('in', '100')
    const limit = (price: string) => ({
      ...marketBuy('1'),
      orderType: 'LO',
      submittedPrice: price,
    })
    const fine = await api.post(Securities.placeOrder.path, limit('1.005'))
    expect(fine.body.code).toBe('40808')
    expect(fine.body.msg).toContain('submittedPrice')
    expect((await api.post(Securities.placeOrder.path, limit('0.00004'))).body.code).toBe('40808')
    expect((await api.post(Securities.placeOrder.path, limit('0.0004'))).body.code).toBe('00000')
  })
})
