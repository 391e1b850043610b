/**
 * bitget-api (tiagosiebler) `RestClientV3`, its unified-account settings, ledger and market data
 * methods, against the sandbox: each answer must carry every field the SDK's own response type
 * declares, read from its published `.d.ts` (see `test/declared.ts`).
 */
import { RestClientV3 } from 'bitget-api'
import { describe, expect, test } from 'vitest'
import { bitgetApiAgainstSandbox, declared } from './test/bitgetApi.js'

const account = declared('types/response/v3/account.d.ts')
const trade = declared('types/response/v3/trade.d.ts')
const market = declared('types/response/v3/public.d.ts')
const methods = declared('rest-client-v3.d.ts')
const ctx = bitgetApiAgainstSandbox((options) => new RestClientV3(options))

const swap = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const

describe('RestClientV3 settings against the sandbox', () => {
  test('setHoldMode (POST /api/v3/account/set-hold-mode) answers its declared string; the settings read it back', async () => {
    const { data } = await ctx.client.setHoldMode({ holdMode: 'one_way_mode' })
    expect(data).toBe('success')
    const settings = await ctx.client.getAccountSettings()
    expect(settings.data.holdMode).toBe('one_way_mode')
  })

  test('setLeverage (POST /api/v3/account/set-leverage) answers its declared string; the symbol holds it', async () => {
    const { data } = await ctx.client.setLeverage({ ...swap, leverage: '5' })
    expect(data).toBe('success')
    const settings = await ctx.client.getAccountSettings()
    expect(settings.data.symbolConfigList).toContainEqual(
      expect.objectContaining({ symbol: 'BTCUSDT', leverage: '5' }),
    )
  })

  test('getMaxOpenAvailable (GET /api/v3/trade/max-open-available) answers a GetMaxOpenAvailableResponseV3', async () => {
    const { data } = await ctx.client.getMaxOpenAvailable({
      ...swap,
      orderType: 'market',
      side: 'buy',
    })
    expect(trade.missing(data, 'GetMaxOpenAvailableResponseV3')).toEqual([])
  })
})

describe('RestClientV3 ledger against the sandbox', () => {
  test('a futures market buy fills: getFinancialRecords lists FinancialRecordV3 records of it', async () => {
    await ctx.client.submitNewOrder({ ...swap, side: 'buy', orderType: 'market', qty: '0.01' })
    const { data } = await ctx.client.getFinancialRecords({ category: 'USDT-FUTURES' })
    expect(methods.missing(data, methods.returned('getFinancialRecords'))).toEqual([])
    expect(account.missingIn(data.list, 'FinancialRecordV3')).toEqual([])
    expect(data.list.map((record) => record.symbol)).toContain('BTCUSDT')
  })

  test('the position closes: getPositionHistory lists PositionHistoryV3 records', async () => {
    await ctx.client.submitNewOrder({
      ...swap,
      side: 'sell',
      orderType: 'market',
      qty: '0.01',
      reduceOnly: 'yes',
    })
    const { data } = await ctx.client.getPositionHistory({ category: 'USDT-FUTURES' })
    expect(methods.missing(data, methods.returned('getPositionHistory'))).toEqual([])
    expect(trade.missingIn(data.list, 'PositionHistoryV3')).toEqual([])
    expect(data.list.map(({ symbol, openTotalPos }) => ({ symbol, openTotalPos }))).toEqual([
      { symbol: 'BTCUSDT', openTotalPos: '0.01' },
    ])
  })
})

describe('RestClientV3 withdrawal against the sandbox', () => {
  test('submitWithdraw (POST /api/v3/account/withdraw, the path one copy of the exchange page names) withdraws; getWithdrawRecords lists it', async () => {
    await ctx.client.submitTransfer({ fromType: 'uta', toType: 'spot', coin: 'USDT', amount: '10' })
    const { data } = await ctx.client.submitWithdraw({
      coin: 'USDT',
      transferType: 'internal_transfer',
      address: '123456',
      size: '1',
    })
    expect(data.orderId).toMatch(/^\d+$/)
    const now = Date.now()
    const records = await ctx.client.getWithdrawRecords({
      startTime: String(now - 86_400_000),
      endTime: String(now + 86_400_000),
    })
    expect((records.data as unknown as { orderId: string }[]).map((r) => r.orderId)).toContain(
      data.orderId,
    )
  })
})

describe('RestClientV3 market data against the sandbox', () => {
  test('getOrderBook (GET /api/v3/market/orderbook) answers an OrderBookV3', async () => {
    const { data } = await ctx.client.getOrderBook({ ...swap, limit: '5' })
    expect(market.missing(data, 'OrderBookV3')).toEqual([])
  })

  test('getFills (GET /api/v3/market/fills) lists PublicFillV3 records, the fills above among them', async () => {
    const { data } = await ctx.client.getFills(swap)
    expect(market.missingIn(data, 'PublicFillV3')).toEqual([])
    expect(data.length).toBeGreaterThanOrEqual(2)
  })

  test('getOpenInterest and getRiskReserve answer OpenInterestV3 and RiskReserveV3', async () => {
    const interest = await ctx.client.getOpenInterest(swap)
    expect(market.missing(interest.data, 'OpenInterestV3')).toEqual([])
    const reserve = await ctx.client.getRiskReserve(swap)
    expect(market.missing(reserve.data, 'RiskReserveV3')).toEqual([])
  })

  test('getCandles and getHistoryCandles answer rows of seven strings built from the tape', async () => {
    ctx.sandbox.admin.setPrice('BTCUSDT', '65100')
    ctx.sandbox.admin.advanceClock(60_000)
    const { data } = await ctx.client.getCandles({ ...swap, interval: '1m' })
    expect(data.length).toBeGreaterThan(0)
    for (const row of data)
      expect(row).toEqual(Array.from({ length: 7 }, () => expect.stringMatching(/^\d+(\.\d+)?$/)))
    expect(data.map((row) => row[4])).toContain('65100')
    const history = await ctx.client.getHistoryCandles({ ...swap, interval: '1m' })
    expect(history.data.length).toBeGreaterThan(0)
  })

  test('getCurrentFundingRate answers CurrentFundingRateV3 records; after a settlement getHistoryFundingRate wraps HistoryFundingRateV3 records in resultList (the SDK declares a bare array)', async () => {
    const current = await ctx.client.getCurrentFundingRate(swap)
    expect(market.missingIn(current.data, 'CurrentFundingRateV3')).toEqual([])
    expect(current.data.map((rate) => rate.symbol)).toEqual(['BTCUSDT'])
    ctx.sandbox.admin.advanceClock(8 * 3_600_000)
    const history = await ctx.client.getHistoryFundingRate(swap)
    // The SDK declares `HistoryFundingRateV3[]`; the exchange wraps the list as `{ resultList }`
    // (its documented example: https://www.bitget.com/api-doc/uta/public/Get-History-Funding-Rate),
    // and so does the sandbox: the records inside are the declared ones.
    const { resultList } = history.data as unknown as { resultList: unknown[] }
    expect(resultList.length).toBeGreaterThan(0)
    expect(market.missingIn(resultList, 'HistoryFundingRateV3')).toEqual([])
  })

  test('every call reached a served endpoint and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
  })
})
