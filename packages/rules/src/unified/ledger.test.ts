import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getCurrentFundRate, getHistoryFundRate } from './funding.js'
import {
  closePositions,
  financialRecordTypes,
  getFinancialRecords,
  getPositionHistory,
} from './ledger.js'

const day = 86_400_000

describe('getFinancialRecords', () => {
  const issuesOf = issuesFor(getFinancialRecords)
  test('GET /api/v3/account/financial-records, signed; "category | Yes" with OTHER among the values', () => {
    expect([
      getFinancialRecords.method,
      getFinancialRecords.path,
      getFinancialRecords.auth,
    ]).toEqual(['GET', '/api/v3/account/financial-records', true])
    expect(issuesOf({})).toEqual([['missing', 'category']])
    expect(Endpoint.check(getFinancialRecords, { category: 'other' }).output).toEqual({
      category: 'OTHER',
    })
  })

  test('type takes the documented enumeration; limit "Maximum: 100"', () => {
    expect(financialRecordTypes).toContain('CONTRACT_MAIN_SETTLE_FEE_USER_OUT')
    expect(issuesOf({ category: 'USDT-FUTURES', type: 'FUNDING' })).toEqual([['value', 'type']])
    expect(issuesOf({ category: 'USDT-FUTURES', limit: 101 })).toEqual([['range', 'limit']])
  })

  test('"The time range between startTime and endTime must not exceed 30 days"', () => {
    expect(issuesOf({ category: 'SPOT', startTime: 0, endTime: 30 * day + 1 })).toEqual([
      ['range', 'endTime'],
    ])
  })
})

describe('getPositionHistory', () => {
  const issuesOf = issuesFor(getPositionHistory)
  test('GET /api/v3/position/history-position: futures categories only, cursor paging', () => {
    expect(getPositionHistory.path).toBe('/api/v3/position/history-position')
    expect(issuesOf({ category: 'SPOT' })).toEqual([['value', 'category']])
    expect(
      issuesOf({ category: 'usdc-futures', symbol: 'ETHPERP', cursor: 'abc', limit: '100' }),
    ).toEqual([])
  })
})

describe('closePositions', () => {
  const issuesOf = issuesFor(closePositions)
  test('POST /api/v3/trade/close-positions: category required (futures), symbol and posSide optional', () => {
    expect([closePositions.method, closePositions.path, closePositions.auth]).toEqual([
      'POST',
      '/api/v3/trade/close-positions',
      true,
    ])
    expect(issuesOf({})).toEqual([['missing', 'category']])
    expect(issuesOf({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'short' })).toEqual([])
    expect(issuesOf({ category: 'USDT-FUTURES', posSide: 'net' })).toEqual([['value', 'posSide']])
  })
})

describe('funding rates (v3 market)', () => {
  test('current-fund-rate: public; the newer page\'s "category | No" (futures) and "symbol | No" (the older page required symbol)', () => {
    expect([getCurrentFundRate.path, getCurrentFundRate.auth]).toEqual([
      '/api/v3/market/current-fund-rate',
      false,
    ])
    const issuesOf = issuesFor(getCurrentFundRate)
    expect(issuesOf({})).toEqual([])
    expect(issuesOf({ category: 'usdt-futures', symbol: 'BTCUSDT' })).toEqual([])
    expect(issuesOf({ category: 'SPOT' })).toEqual([['value', 'category']])
    expect(Endpoint.check(getCurrentFundRate, { category: 'coin-futures' }).output).toEqual({
      category: 'COIN-FUTURES',
    })
  })

  test('history-fund-rate: cursor is a page number "Maximum: 100", limit "Maximum: 200"', () => {
    const issuesOf = issuesFor(getHistoryFundRate)
    const query = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }
    expect(issuesOf({ ...query, cursor: '100', limit: '200' })).toEqual([])
    expect(issuesOf({ ...query, cursor: '101' })).toEqual([['range', 'cursor']])
    expect(issuesOf({ ...query, limit: '201' })).toEqual([['range', 'limit']])
  })
})
