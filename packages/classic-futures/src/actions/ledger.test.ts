import { ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'
import { getAccountBills } from './getAccountBills.js'
import { getFundingRateHistory } from './getFundingRateHistory.js'
import { getPositionHistory } from './getPositionHistory.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  // 0.06 % taker: a market buy of 0.01 BTC at 65000 pays 0.39 USDT.
  made = await setup({ fees: { maker: '0.0002', taker: '0.0006' } })
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const marketBuy = {
  ...pair,
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  side: 'buy',
  orderType: 'market',
} as const

async function setFundingRate(rate: string) {
  await fetch(`${made.sandbox.url}/sandbox/funding-rate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ symbol: 'BTCUSDT', rate }),
  })
}

describe('ledger reads against the sandbox', () => {
  test('account.getBills: a fill is a bill with its fee; funding at the funding time is contract_settle_fee; pages by endId', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.setPrice('BTCUSDT', '65000.0')
    await client.orders.place(marketBuy)
    await setFundingRate('0.0001')
    const [rate] = await client.market.getFundingRate(pair)
    expect(rate).toMatchObject({
      symbol: 'BTCUSDT',
      fundingRate: '0.0001',
      fundingRateInterval: '8',
    })
    made.sandbox.admin.advanceClock(Number(rate?.nextUpdate) - made.sandbox.admin.now())
    await setFundingRate('0')

    const page = await client.account.getBills({ productType: 'USDT-FUTURES', limit: '1' })
    // 0.01 x 65000 x 0.0001
    expect(page.bills.map((b) => [b.businessType, b.amount, b.fee])).toEqual([
      ['contract_settle_fee', '-0.065', '0'],
    ])
    const older = await getAccountBills(client, {
      productType: 'USDT-FUTURES',
      idLessThan: page.endId as string,
    })
    expect(older.bills.map((b) => [b.businessType, b.amount, b.fee])).toEqual([
      ['buy', '0', '-0.39'],
    ])
    const history = await getFundingRateHistory(client, pair)
    expect(history[0]).toEqual({
      symbol: 'BTCUSDT',
      fundingRate: '0.0001',
      fundingTime: rate?.nextUpdate,
    })
    // The clock moved hours ahead: the first read after it is refused for its timestamp, the
    // client resynchronises its time (public.getTime) and sends it again.
    expect(new Set(client.sent)).toEqual(
      new Set([
        'classic.placeOrder',
        'classic.getCurrentFundRate',
        'public.getTime',
        'classic.getAccountBill',
        'classic.getHistoryFundRate',
      ]),
    )
  })

  test('positions.get and getHistory: the open position with its funding and fees, then the closed one with its net profit', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.setPrice('BTCUSDT', '65000.0')
    // Flat first: the account is the one the test before left long.
    await client.orders.closePositions(pair)
    const opened = await client.orders.place(marketBuy)
    const [position] = await client.account.getPosition({ ...pair, marginCoin: 'USDT' })
    expect(position).toMatchObject({ holdSide: 'long', deductedFee: '0.39' })
    made.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    await client.orders.closePositions(pair)
    const { list, endId } = await getPositionHistory(client, { symbol: 'BTCUSDT', limit: '1' })
    expect(list[0]).toMatchObject({
      symbol: 'BTCUSDT',
      holdSide: 'long',
      openAvgPrice: '65000',
      closeAvgPrice: '66000',
      pnl: '10',
      openFee: '-0.39',
      closeFee: '-0.396',
    })
    expect(endId).toBe(list[0]?.positionId)
    const fills = await client.orders.getFillHistory({ productType: 'USDT-FUTURES', limit: '2' })
    expect(fills.fillList.map((f) => f.feeDetail[0]?.totalFee)).toEqual(['-0.396', '-0.39'])
    expect(fills.fillList[1]?.orderId).toBe(opened.orderId)
  })

  test('a bad query is a ValidationError naming the field and the rule, and nothing is sent', async () => {
    const client = made.client({ instruments: false })
    const error = await client.account
      .getBills({ productType: 'USDT-FUTURES', businessType: 'funding' as never })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['value', ['businessType']],
    ])
    const span = await client.orders
      .getFillHistory({ productType: 'USDT-FUTURES', startTime: '0', endTime: '604800001' })
      .catch((e: unknown) => e)
    expect((span as ValidationError).issues[0]?.message).toContain('at most 7 days')
    expect(client.sent).toEqual([])
  })
})
