import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getCurrentFundRate, getHistoryFundRate } from './funding.js'
import { billBusinessTypes, getAccountBill, getFillHistory } from './ledger.js'
import { getAdlRank, getHistoryPosition, getSinglePosition } from './positionReads.js'

const day = 86_400_000

describe('getAccountBill', () => {
  const issuesOf = issuesFor(getAccountBill)
  test("the exchange's path: GET /api/v2/mix/account/bill, signed", () => {
    expect([getAccountBill.method, getAccountBill.path, getAccountBill.auth]).toEqual([
      'GET',
      '/api/v2/mix/account/bill',
      true,
    ])
  })

  test('"productType | Yes"; coin, businessType, onlyFunding, idLessThan, times and limit optional', () => {
    expect(issuesOf({})).toEqual([['missing', 'productType']])
    const query = {
      productType: 'USDT-FUTURES',
      coin: 'USDT',
      businessType: 'contract_settle_fee',
      onlyFunding: 'yes',
      idLessThan: '12',
      startTime: '1700000000000',
      endTime: '1700000360000',
      limit: '100',
    }
    expect(Endpoint.check(getAccountBill, query)).toEqual({ success: true, output: query })
  })

  test('businessType takes the documented values only (48 of them, funding fee included)', () => {
    expect(billBusinessTypes).toHaveLength(48)
    expect(billBusinessTypes).toContain('trans_from_exchange')
    expect(issuesOf({ productType: 'USDT-FUTURES', businessType: 'funding' })).toEqual([
      ['value', 'businessType'],
    ])
  })

  test.each([
    ['limit', '0', 'range'],
    ['limit', '101', 'range'],
    ['onlyFunding', 'YES', 'value'],
    ['coin', 'usdt', 'format'],
    ['idLessThan', 'abc', 'format'],
  ])('%s %j: a %s issue', (field, value, type) => {
    expect(issuesOf({ productType: 'USDT-FUTURES', [field]: value })).toEqual([[type, field]])
  })

  test('"The interval between the startTime and the endTime should be <= 30 days"', () => {
    const start = 1_700_000_000_000
    const ok = { productType: 'USDT-FUTURES', startTime: start, endTime: start + 30 * day }
    expect(issuesOf(ok)).toEqual([])
    expect(issuesOf({ ...ok, endTime: start + 30 * day + 1 })).toEqual([['range', 'endTime']])
    expect(issuesOf({ ...ok, endTime: start - 1 })).toEqual([['range', 'endTime']])
  })
})

describe('getFillHistory', () => {
  const issuesOf = issuesFor(getFillHistory)
  test('GET /api/v2/mix/order/fill-history, signed; productType required and sent upper-case', () => {
    expect([getFillHistory.method, getFillHistory.path, getFillHistory.auth]).toEqual([
      'GET',
      '/api/v2/mix/order/fill-history',
      true,
    ])
    expect(issuesOf({})).toEqual([['missing', 'productType']])
    expect(
      Endpoint.check(getFillHistory, { productType: 'usdt-futures', limit: 5 }).output,
    ).toEqual({ productType: 'USDT-FUTURES', limit: '5' })
  })

  test('"The maximum time span supported is a week"', () => {
    const start = 1_700_000_000_000
    expect(
      issuesOf({ productType: 'USDT-FUTURES', startTime: start, endTime: start + 7 * day + 1 }),
    ).toEqual([['range', 'endTime']])
  })

  test('an unknown field is refused (a typo is a bug)', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', clientOid: 'x' })).toEqual([
      ['unknown', 'clientOid'],
    ])
  })
})

describe('getSinglePosition', () => {
  const issuesOf = issuesFor(getSinglePosition)
  test('productType, symbol and marginCoin all required ("Yes" each)', () => {
    expect(getSinglePosition.path).toBe('/api/v2/mix/position/single-position')
    expect(issuesOf({})).toEqual([
      ['missing', 'productType'],
      ['missing', 'symbol'],
      ['missing', 'marginCoin'],
    ])
    expect(
      issuesOf({ productType: 'USDT-FUTURES', symbol: 'BTCUSDT', marginCoin: 'USDT' }),
    ).toEqual([])
  })
})

describe('getHistoryPosition', () => {
  const issuesOf = issuesFor(getHistoryPosition)
  test('every field optional (productType defaults to USDT-FUTURES on the exchange); limit 1 to 100', () => {
    expect(getHistoryPosition.path).toBe('/api/v2/mix/position/history-position')
    expect(issuesOf({})).toEqual([])
    expect(issuesOf({ limit: '101' })).toEqual([['range', 'limit']])
  })

  test('"Wildest time range is 3 months": a span over 90 days is a range issue', () => {
    expect(issuesOf({ startTime: 0, endTime: 90 * day + 1 })).toEqual([['range', 'endTime']])
  })
})

describe('getAdlRank', () => {
  const issuesOf = issuesFor(getAdlRank)
  test('GET /api/v2/mix/position/adlRank, signed; the page example passes, sent upper-case', () => {
    expect([getAdlRank.id, getAdlRank.method, getAdlRank.path, getAdlRank.auth]).toEqual([
      'classic.getAdlRank',
      'GET',
      '/api/v2/mix/position/adlRank',
      true,
    ])
    expect(Endpoint.check(getAdlRank, { productType: 'usdt-futures' }).output).toEqual({
      productType: 'USDT-FUTURES',
    })
    expect(issuesOf({ productType: 'COIN-FUTURES' })).toEqual([])
  })
  test('productType required ("Yes") and one of the product types; any other field refused by name', () => {
    expect(issuesOf({})).toEqual([['missing', 'productType']])
    expect(issuesOf({ productType: 'SPOT' })).toEqual([['value', 'productType']])
    expect(issuesOf({ productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })).toEqual([
      ['unknown', 'symbol'],
    ])
  })
})

describe('funding rates', () => {
  test('current-fund-rate: public, productType required, symbol optional', () => {
    expect([getCurrentFundRate.path, getCurrentFundRate.auth]).toEqual([
      '/api/v2/mix/market/current-fund-rate',
      false,
    ])
    expect(issuesFor(getCurrentFundRate)({})).toEqual([['missing', 'productType']])
    expect(issuesFor(getCurrentFundRate)({ productType: 'coin-futures' })).toEqual([])
  })

  test('history-fund-rate: symbol and productType required; pageSize "maximum: 100", pageNo from 1', () => {
    const issuesOf = issuesFor(getHistoryFundRate)
    expect(getHistoryFundRate.path).toBe('/api/v2/mix/market/history-fund-rate')
    expect(issuesOf({})).toEqual([
      ['missing', 'symbol'],
      ['missing', 'productType'],
    ])
    const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' }
    expect(issuesOf({ ...pair, pageSize: 100, pageNo: 2 })).toEqual([])
    expect(issuesOf({ ...pair, pageSize: 101 })).toEqual([['range', 'pageSize']])
    expect(issuesOf({ ...pair, pageNo: 0 })).toEqual([['range', 'pageNo']])
  })
})
