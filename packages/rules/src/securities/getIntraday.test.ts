import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { getIntraday } from './getIntraday.js'

describe('getIntraday', () => {
  test('is GET /api/v3/stockplus/market/intraday', () => {
    expect([getIntraday.id, getIntraday.method, getIntraday.path]).toEqual([
      'securities.getIntraday',
      'GET',
      '/api/v3/stockplus/market/intraday',
    ])
  })

  test('Query: `symbol` (required)', () => {
    expect(Endpoint.validate(getIntraday, { symbol: 'TSLA.US' })).toBe(true)
    expect(Endpoint.check(getIntraday, {}).issues?.map((issue) => issue.type)).toEqual(['missing'])
  })

  test('rejects a symbol without region and unknown fields', () => {
    const result = Endpoint.check(getIntraday, { symbol: 'TSLA', count: '5' })
    expect(result.issues?.map((issue) => [issue.type, issue.path.join('.')])).toEqual([
      ['format', 'symbol'],
      ['unknown', 'count'],
    ])
  })
})
