/**
 * bitget-api (tiagosiebler) `RestClientV3`, its stockplus (securities) money methods, against the
 * sandbox: transfers move exact amounts, and the cash flow and the transfer records list them
 * with every field the SDK's own response types declare (read from its published `.d.ts`, see
 * `test/declared.ts`).
 */
import { RestClientV3 } from 'bitget-api'
import { beforeAll, describe, expect, test } from 'vitest'
import { bitgetApiAgainstSandbox, declared } from './test/bitgetApi.js'

const stockplus = declared('types/response/v3/stockplus.d.ts')
const ctx = bitgetApiAgainstSandbox((options) => new RestClientV3(options))

const window = () => {
  const now = Math.floor(ctx.sandbox.admin.now() / 1000)
  return { startTime: String(now - 3600), endTime: String(now + 3600) }
}

beforeAll(() => {
  ctx.sandbox.admin.setBalance('USDC', '1000000000000000.07')
})

describe('RestClientV3 stockplus money against the sandbox', () => {
  test('stockPlusTransfer moves 1000000000000000.07 in and 0.00000001 out exactly', async () => {
    const into = await ctx.client.stockPlusTransfer({
      coin: 'USDC',
      amount: '1000000000000000.07',
      direction: 'in',
    })
    expect(stockplus.missing(into.data, 'StockPlusTransferResponseV3')).toEqual([])
    const out = await ctx.client.stockPlusTransfer({
      coin: 'USDC',
      amount: '0.00000001',
      direction: 'out',
    })
    expect(out.data.transferId).not.toBe(into.data.transferId)
    const account = await ctx.client.getStockPlusAccount()
    expect(account.data.list[0]?.cashInfos[0]?.availableCash).toBe('1000000000000000.06999999')
  })

  test('a transfer of more than 8 decimals is refused with 40808', async () => {
    const refused = await ctx.client
      .stockPlusTransfer({ coin: 'USDC', amount: '0.123456789', direction: 'in' })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ body: { code: '40808' } })
  })

  test('getStockPlusCashFlow lists the transfers as StockPlusCashFlowItemV3 records, newest first, amounts exact', async () => {
    const { data } = await ctx.client.getStockPlusCashFlow(window())
    expect(stockplus.missing(data, 'StockPlusCashFlowV3')).toEqual([])
    expect(stockplus.missingIn(data.list, 'StockPlusCashFlowItemV3')).toEqual([])
    expect(data.list.map((r) => r.balance)).toEqual(['-0.00000001', '1000000000000000.07'])
  })

  test('getStockPlusTransferRecords answers StockPlusTransferRecordsV3 records, newest first, paged by cursor', async () => {
    const first = await ctx.client.getStockPlusTransferRecords({ limit: '1' })
    // The sandbox answers a list of the records bitget-api declares one of.
    const records = first.data as unknown as { amount: string; cursor: string }[]
    expect(stockplus.missingIn(records, 'StockPlusTransferRecordsV3')).toEqual([])
    expect(records.map((r) => r.amount)).toEqual(['0.00000001'])
    const next = await ctx.client.getStockPlusTransferRecords({
      limit: '1',
      cursor: records[0]?.cursor ?? '',
    })
    const older = next.data as unknown as { amount: string; direction: string }[]
    expect(older.map((r) => [r.amount, r.direction])).toEqual([['1000000000000000.07', 'in']])
  })
})
