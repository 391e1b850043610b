import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { cashFlowBusinessTypes, cashFlowPaging, getCashFlow } from './getCashFlow.js'

const issuesOf = issuesFor(getCashFlow)
const window = { startTime: '1767225600', endTime: '1769904000' }

describe('getCashFlow', () => {
  test('is GET /api/v3/stockplus/asset/cash-flow', () => {
    expect([getCashFlow.id, getCashFlow.method, getCashFlow.path]).toEqual([
      'securities.getCashFlow',
      'GET',
      '/api/v3/stockplus/asset/cash-flow',
    ])
  })

  test('startTime and endTime are required Unix seconds, sent as strings', () => {
    expect(Endpoint.check(getCashFlow, { startTime: 1767225600, endTime: '1769904000' })).toEqual({
      success: true,
      output: window,
    })
    expect(issuesOf({})).toEqual([
      ['missing', 'startTime'],
      ['missing', 'endTime'],
    ])
    expect(issuesOf({ ...window, startTime: 1767225600000 })).toEqual([['range', 'startTime']])
  })

  test('startTime may not be after endTime', () => {
    expect(issuesOf({ startTime: '1769904000', endTime: '1767225600' })).toEqual([
      ['range', 'startTime'],
    ])
  })

  test('businessType is 1 (cash), 2 (stock) or 3 (fund)', () => {
    expect(cashFlowBusinessTypes).toEqual(['1', '2', '3'])
    expect(issuesOf({ ...window, businessType: '2' })).toEqual([])
    expect(issuesOf({ ...window, businessType: '4' })).toEqual([['value', 'businessType']])
  })

  test('page from 1, size from 1 to 10000', () => {
    expect(cashFlowPaging.maxSize).toBe(10_000)
    expect(Endpoint.check(getCashFlow, { ...window, page: 2, size: 10_000 }).output).toEqual({
      ...window,
      page: '2',
      size: '10000',
    })
    expect(issuesOf({ ...window, page: 0 })).toEqual([['range', 'page']])
    expect(issuesOf({ ...window, size: 10_001 })).toEqual([['range', 'size']])
    expect(issuesOf({ ...window, symbol: 'AAPL' })).toEqual([['format', 'symbol']])
  })
})
