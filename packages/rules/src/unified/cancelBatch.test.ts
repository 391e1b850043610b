import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { kinds } from '../test/issues.js'
import { cancelBatch } from './cancelBatch.js'

const item = { category: 'SPOT', symbol: 'BTCUSDT', orderId: '1' }

describe('cancelBatch', () => {
  test('endpoint id, method and path', () => {
    expect([cancelBatch.id, cancelBatch.method, cancelBatch.path]).toEqual([
      'unified.cancelBatch',
      'POST',
      '/api/v3/trade/cancel-batch',
    ])
  })

  test('Cancels up to 20 orders', () => {
    expect(Endpoint.validate(cancelBatch, Array(20).fill(item))).toBe(true)
    expect(kinds(Endpoint.check(cancelBatch, Array(21).fill(item)).issues)).toEqual([
      ['length', ''],
    ])
  })

  test('category "identical for all orders"; symbol required', () => {
    const result = Endpoint.check(cancelBatch, [
      item,
      { ...item, category: 'margin' },
      { orderId: '3' },
    ])
    expect(kinds(result.issues)).toEqual([
      ['missing', '2.category'],
      ['missing', '2.symbol'],
      ['mismatch', '1.category'],
    ])
  })

  test('orderId / clientOid "one of two"', () => {
    const { orderId: _, ...none } = item
    expect(kinds(Endpoint.check(cancelBatch, [item, none]).issues)).toEqual([
      ['one_of', '1.orderId'],
    ])
  })

  test('if a call mixes orderId and clientOid items, the clientOid is ignored — not an error', () => {
    const { orderId: _, ...rest } = item
    const items = [item, { ...rest, clientOid: 'my-2' }, { ...item, clientOid: 'my-3' }]
    expect(Endpoint.check(cancelBatch, items)).toEqual({ success: true, output: items })
  })
})
