import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { closePositions } from './closePositions.js'

const issuesOf = issuesFor(closePositions)

describe('closePositions', () => {
  test('decision: "flash close ... provided at the exchange\'s public path" /api/v2/mix/order/close-positions', () => {
    expect([closePositions.method, closePositions.path]).toEqual([
      'POST',
      '/api/v2/mix/order/close-positions',
    ])
  })

  test('the exchange docs: "productType, symbol, holdSide" with productType required', () => {
    expect(issuesOf({ symbol: 'BTCUSDT' })).toEqual([['missing', 'productType']])
    const body = { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', holdSide: 'short' }
    expect(Endpoint.check(closePositions, body)).toEqual({ success: true, output: body })
  })

  test('holdSide is long or short', () => {
    expect(issuesOf({ productType: 'USDT-FUTURES', holdSide: 'both' })).toEqual([
      ['value', 'holdSide'],
    ])
  })

  test('"holdSide ... In one-way position mode: This field should be left blank. Will be ignored if filled in.": forbidden when the mode is known one-way', () => {
    const body = { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', holdSide: 'short' }
    expect(issuesOf(body, { positionMode: 'one_way' })).toEqual([['forbidden', 'holdSide']])
    const [issue] = Endpoint.check(closePositions, body, { positionMode: 'one_way' }).issues ?? []
    expect(issue?.message).toContain('one-way mode')
    expect(issuesOf(body, { positionMode: 'hedge' })).toEqual([])
    expect(issuesOf({ productType: 'USDT-FUTURES' }, { positionMode: 'one_way' })).toEqual([])
  })
})
