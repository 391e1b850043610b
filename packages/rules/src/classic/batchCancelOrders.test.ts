import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { classicBatchSize } from '../Limits.js'
import { issuesFor } from '../test/issues.js'
import { batchCancelOrders } from './batchCancelOrders.js'

const base = {
  productType: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  orderIdList: [{ orderId: '1' }, { orderId: '2', clientOid: 'c-2' }],
} as const

const issuesOf = issuesFor(batchCancelOrders)

describe('batchCancelOrders', () => {
  test('a list of order ids passes unchanged', () => {
    expect(Endpoint.check(batchCancelOrders, base)).toEqual({ success: true, output: base })
  })

  test('productType (string, required)', () => {
    const { productType: _, ...rest } = base
    expect(issuesOf(rest)).toEqual([['missing', 'productType']])
    expect(issuesOf({ productType: 'COIN-FUTURES' })).toEqual([])
  })

  test('orderIdList (array, at most 50 items)', () => {
    const ids = Array.from({ length: classicBatchSize + 1 }, (_, i) => ({ orderId: String(i) }))
    expect(issuesOf({ ...base, orderIdList: ids.slice(0, classicBatchSize) })).toEqual([])
    expect(issuesOf({ ...base, orderIdList: ids })).toEqual([['length', 'orderIdList']])
    expect(issuesOf({ ...base, orderIdList: [] })).toEqual([['length', 'orderIdList']])
  })

  test('">orderId ... Either orderId or clientOid is required.": an item by clientOid alone passes', () => {
    const body = { ...base, orderIdList: [{ clientOid: 'c-1' }, { orderId: '2' }] }
    expect(Endpoint.check(batchCancelOrders, body)).toEqual({ success: true, output: body })
  })

  test("an item with neither orderId nor clientOid is a one_of issue naming the item's orderId", () => {
    const [issue] =
      Endpoint.check(batchCancelOrders, { ...base, orderIdList: [{ orderId: '1' }, {}] }).issues ??
      []
    expect(issue).toMatchObject({ type: 'one_of', path: ['orderIdList', 1, 'orderId'] })
    expect(issue?.message).toBe('orderIdList[1].orderId: one of orderId or clientOid is required')
  })

  test('Fields of ... the element of a batch-cancel id list beyond orderId: not shown — decision: an optional clientOid, nothing else', () => {
    expect(
      issuesOf({ ...base, orderIdList: [{ orderId: '1', clientOid: 'x'.repeat(65) }] }),
    ).toEqual([['length', 'orderIdList.0.clientOid']])
    expect(issuesOf({ ...base, orderIdList: [{ orderId: '1', symbol: 'BTCUSDT' }] })).toEqual([
      ['unknown', 'orderIdList.0.symbol'],
    ])
  })

  test('symbol (string; required when orderIdList is set ...)', () => {
    const { symbol: _, ...rest } = base
    expect(Endpoint.check(batchCancelOrders, rest).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a symbol (required when orderIdList is set)",
          "message": "symbol: expected a symbol (required when orderIdList is set), received undefined",
          "path": [
            "symbol",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
    expect(issuesOf({ productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })).toEqual([])
  })

  test('marginCoin (string, capitalized)', () => {
    expect(issuesOf({ ...base, marginCoin: 'USDC' })).toEqual([])
    expect(issuesOf({ ...base, marginCoin: 'usdc' })).toEqual([['format', 'marginCoin']])
  })

  test('decision: an orderId listed twice is a duplicate', () => {
    const orderIdList = [{ orderId: '1' }, { orderId: '2' }, { orderId: '1' }]
    expect(issuesOf({ ...base, orderIdList })).toEqual([['duplicate', 'orderIdList.2.orderId']])
  })

  test('decision: a clientOid named twice by items without orderId is a duplicate', () => {
    const orderIdList = [{ clientOid: 'a' }, { orderId: '2', clientOid: 'a' }, { clientOid: 'a' }]
    expect(issuesOf({ ...base, orderIdList })).toEqual([['duplicate', 'orderIdList.2.clientOid']])
  })
})
