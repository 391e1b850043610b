import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { cancelOrder } from './cancelOrder.js'

const base = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: '1' } as const

const issuesOf = issuesFor(cancelOrder)

describe('cancelOrder', () => {
  test('a cancel by orderId passes unchanged', () => {
    expect(Endpoint.check(cancelOrder, base)).toEqual({ success: true, output: base })
  })

  test.each(['symbol', 'productType'] as const)('%s (string, required)', (field) => {
    const { [field]: _, ...rest } = base
    expect(issuesOf(rest)).toEqual([['missing', field]])
  })

  test('orderId and clientOid (one required; orderId wins)', () => {
    const { orderId: _, ...rest } = base
    expect(Endpoint.check(cancelOrder, rest).issues).toMatchInlineSnapshot(`
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
    expect(issuesOf({ ...rest, clientOid: 'c-1' })).toEqual([])
    expect(issuesOf({ ...base, clientOid: 'c-1' })).toEqual([])
  })

  test('marginCoin (string, capitalized)', () => {
    expect(issuesOf({ ...base, marginCoin: 'USDT' })).toEqual([])
    expect(issuesOf({ ...base, marginCoin: 'usdt' })).toEqual([['format', 'marginCoin']])
  })

  test('productType enum — decision: either case, sent upper-case', () => {
    expect(Endpoint.check(cancelOrder, { ...base, productType: 'coin-futures' }).output).toEqual({
      ...base,
      productType: 'COIN-FUTURES',
    })
    expect(issuesOf({ ...base, productType: 'SPOT' })).toEqual([['value', 'productType']])
  })
})
