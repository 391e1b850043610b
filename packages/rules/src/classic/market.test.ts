import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getContracts, getPositionTier, getTicker } from './market.js'

describe('getContracts', () => {
  test('takes the demo-trading product types the exchange answers, in either case, sent upper-case', () => {
    for (const productType of ['SUSDT-FUTURES', 'scoin-futures', 'SUSDC-FUTURES'])
      expect(Endpoint.validate(getContracts, { productType })).toBe(true)
    expect(Endpoint.check(getContracts, { productType: 'susdt-futures' })).toEqual({
      success: true,
      output: { productType: 'SUSDT-FUTURES' },
    })
    expect(Endpoint.validate(getContracts, { productType: 'SPOT' })).toBe(false)
  })

  test('the other classic reads keep the three product types', () => {
    expect(Endpoint.validate(getTicker, { symbol: 'BTCUSDT', productType: 'SUSDT-FUTURES' })).toBe(
      false,
    )
  })
})

describe('getPositionTier', () => {
  const issuesOf = issuesFor(getPositionTier)
  test('GET /api/v2/mix/market/query-position-lever, public', () => {
    expect([getPositionTier.method, getPositionTier.path, getPositionTier.auth]).toEqual([
      'GET',
      '/api/v2/mix/market/query-position-lever',
      false,
    ])
  })
  test('symbol and productType are required; the page lists the demo product types too', () => {
    expect(
      Endpoint.check(getPositionTier, { symbol: 'BTCUSDT', productType: 'usdt-futures' }),
    ).toEqual({ success: true, output: { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } })
    expect(issuesOf({ symbol: 'SBTCSUSDT', productType: 'SUSDT-FUTURES' })).toEqual([])
    expect(issuesOf({ productType: 'SPOT' })).toEqual([
      ['missing', 'symbol'],
      ['value', 'productType'],
    ])
  })
})
