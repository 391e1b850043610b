import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getTransferRecords, transfer } from './transfer.js'

describe('transfer', () => {
  const issuesOf = issuesFor(transfer)
  const move = { fromType: 'spot', toType: 'usdt_futures', amount: '300', coin: 'USDT' }
  test("the exchange's path: POST /api/v2/spot/wallet/transfer, signed; fromType, toType, amount and coin required", () => {
    expect([transfer.method, transfer.path, transfer.auth]).toEqual([
      'POST',
      '/api/v2/spot/wallet/transfer',
      true,
    ])
    expect(issuesOf({})).toEqual([
      ['missing', 'fromType'],
      ['missing', 'toType'],
      ['missing', 'amount'],
      ['missing', 'coin'],
    ])
    expect(Endpoint.check(transfer, { ...move, amount: '300.50', clientOid: 'move-1' })).toEqual({
      success: true,
      output: { ...move, amount: '300.5', clientOid: 'move-1' },
    })
  })

  test.each([
    ['amount', '0', 'range'],
    ['amount', '-5', 'format'],
    ['fromType', 'futures', 'value'],
    ['coin', 'usdt', 'format'],
    ['clientOid', 'a b', 'format'],
  ])('%s %j: a %s issue', (field, value, type) => {
    expect(issuesOf({ ...move, [field]: value })).toEqual([[type, field]])
  })

  test('the same account on both sides is refused on toType', () => {
    expect(issuesOf({ ...move, toType: 'spot' })).toEqual([['value', 'toType']])
  })

  test('"symbol ... Required when transferring to or from ... a position-by-position account" (isolated_margin)', () => {
    expect(issuesOf({ ...move, toType: 'isolated_margin' })).toEqual([['missing', 'symbol']])
    expect(issuesOf({ ...move, toType: 'isolated_margin', symbol: 'BTCUSDT' })).toEqual([])
  })
})

describe('getTransferRecords', () => {
  const issuesOf = issuesFor(getTransferRecords)
  test('GET /api/v2/spot/account/transferRecords: coin required; limit "maximum 500", pageNum "max:1000", 90 days per query', () => {
    expect(getTransferRecords.path).toBe('/api/v2/spot/account/transferRecords')
    expect(issuesOf({})).toEqual([['missing', 'coin']])
    expect(issuesOf({ coin: 'USDT', clientOid: 'move-1', limit: 500, pageNum: 1000 })).toEqual([])
    expect(issuesOf({ coin: 'USDT', limit: 501 })).toEqual([['range', 'limit']])
    expect(issuesOf({ coin: 'USDT', startTime: 0, endTime: 90 * 86_400_000 + 1 })).toEqual([
      ['range', 'endTime'],
    ])
  })
})
