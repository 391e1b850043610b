import { UnknownOutcomeError, ValidationError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'
import { closePositions } from './closePositions.js'
import { getFinancialRecords } from './getFinancialRecords.js'
import { getPositionHistory } from './getPositionHistory.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
let uid: string

beforeAll(async () => {
  // 0.06 % taker: a market buy of 0.01 BTC at 65000 pays 0.39 USDT.
  ;({ sandbox, client } = await setup({ fees: { maker: '0.0002', taker: '0.0006' } }))
  uid = (sandbox.admin.state() as unknown as { accounts: { uid: string }[] }).accounts[0]!.uid
  sandbox.admin.setPositionMode('hedge', { uid })
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(() => sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const usdt = { category: 'USDT-FUTURES' } as const
const open = (posSide: 'long' | 'short', qty = '0.01') =>
  ({
    ...usdt,
    symbol: 'BTCUSDT',
    side: posSide === 'long' ? 'buy' : 'sell',
    posSide,
    orderType: 'market',
    qty,
  }) as const

describe('ledger of the unified account against the sandbox', () => {
  test('orders.closePositions closes one side at the market; the history shows it with fees and net profit; the records show open, close and fees', async () => {
    const c = client({ instruments: false })
    await c.orders.place(open('long'))
    await c.orders.place(open('short'))
    sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const { list } = await c.orders.closePositions({ ...usdt, posSide: 'long' })
    expect(list).toEqual([
      { orderId: expect.any(String), clientOid: expect.any(String), code: '00000', msg: 'success' },
    ])
    const positions = await c.account.getPositions(usdt)
    expect(positions.list.map((p) => p.posSide)).toEqual(['short'])

    const history = await getPositionHistory(c, usdt)
    expect(history.list[0]).toMatchObject({
      posSide: 'long',
      openPriceAvg: '65000',
      closePriceAvg: '66000',
      cumRealisedPnl: '10',
      openFeeTotal: '-0.39',
      closeFeeTotal: '-0.396',
      netProfit: '9.214',
    })
    const records = await getFinancialRecords(c, { ...usdt, limit: '3' })
    expect(records.list.map((r) => [r.type, r.amount, r.fee])).toEqual([
      ['CLOSE_LONG', '10', '-0.396'],
      ['OPEN_SHORT', '0', '-0.39'],
      ['OPEN_LONG', '0', '-0.39'],
    ])
    const next = await c.account.getFinancialRecords({
      ...usdt,
      cursor: records.cursor as string,
    })
    expect(next.list).toEqual([])
    await c.orders.closePositions(usdt)
  })

  test('market.getFundingRate and getFundingRateHistory read the sandbox funding', async () => {
    const c = client({ instruments: false })
    const [rate] = await c.market.getFundingRate({ symbol: 'BTCUSDT' })
    expect(rate).toMatchObject({ symbol: 'BTCUSDT', fundingRateInterval: '8' })
    // The newer page: without a symbol, every futures symbol of the category.
    const usdtRates = await c.market.getFundingRate({ category: 'USDT-FUTURES' })
    expect(usdtRates.map((r) => r.symbol)).toEqual(['BTCUSDT'])
    sandbox.admin.advanceClock(Number(rate?.nextUpdate) - sandbox.admin.now())
    const { resultList } = await c.market.getFundingRateHistory({ ...usdt, symbol: 'BTCUSDT' })
    expect(resultList[0]).toEqual({
      symbol: 'BTCUSDT',
      fundingRate: rate?.fundingRate,
      fundingRateTimestamp: rate?.nextUpdate,
    })
  })

  test('decision: close-positions is sent once; an unknown outcome (45001 after it applied) is an UnknownOutcomeError, never a second close', async () => {
    const c = client({ instruments: false })
    await c.orders.place(open('long'))
    sandbox.admin.injectFault({
      path: '/api/v3/trade/close-positions',
      kind: 'code-after',
      code: '45001',
    })
    const error = await closePositions(c, usdt).catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(c.sent.filter((id) => id === 'unified.closePositions')).toHaveLength(1)
    // It did apply: the positions say so.
    expect((await c.account.getPositions(usdt)).list).toEqual([])
  })

  test('a bad request is a ValidationError naming the field and the rule; nothing is sent', async () => {
    const c = client({ instruments: false })
    const error = await c.orders
      .closePositions({ category: 'SPOT' as never })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['value', ['category']],
    ])
    const records = await c.account
      .getFinancialRecords({ ...usdt, type: 'FUNDING' as never })
      .catch((e: unknown) => e)
    expect((records as ValidationError).issues[0]?.path).toEqual(['type'])
    expect(c.sent).toEqual([])
  })
})
