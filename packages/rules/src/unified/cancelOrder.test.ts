import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { cancelOrder } from './cancelOrder.js'

describe('cancelOrder', () => {
  test('orderId | string | one of orderId/clientOid', () => {
    const result = Endpoint.check(cancelOrder, { category: 'SPOT' })
    expect(result.success).toBe(false)
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "one of orderId, clientOid",
          "message": "orderId: one of orderId or clientOid is required",
          "path": [
            "orderId",
          ],
          "received": "undefined",
          "type": "one_of",
        },
      ]
    `)
  })

  test('decision: category is accepted in either case and sent upper-case', () => {
    expect(Endpoint.check(cancelOrder, { orderId: '1', category: 'usdt-futures' })).toEqual({
      success: true,
      output: { orderId: '1', category: 'USDT-FUTURES' },
    })
  })

  test('every issue at once: unknown field, bad category, bad clientOid', () => {
    const result = Endpoint.check(cancelOrder, {
      clientOid: 'x'.repeat(65),
      category: 'options',
      price: '1',
    })
    expect(result.issues?.map((issue) => [issue.type, issue.path.join('.')])).toEqual([
      ['length', 'clientOid'],
      ['value', 'category'],
      ['unknown', 'price'],
      ['one_of', 'orderId'],
    ])
  })
})
