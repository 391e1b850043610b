import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { JsonNumber } from '../JsonNumber.js'
import { kinds } from '../test/issues.js'
import { batchModifyOrder, duplicateOrderIssues } from './batchModifyOrder.js'

describe('batchModifyOrder', () => {
  test('endpoint id, method and path', () => {
    expect([batchModifyOrder.id, batchModifyOrder.method, batchModifyOrder.path]).toEqual([
      'unified.batchModifyOrder',
      'POST',
      '/api/v3/trade/batch-modify-order',
    ])
  })

  test('Modifies up to 20 orders', () => {
    const items = Array.from({ length: 21 }, (_, i) => ({ orderId: String(i), price: '1' }))
    expect(Endpoint.validate(batchModifyOrder, items.slice(0, 20))).toBe(true)
    expect(kinds(Endpoint.check(batchModifyOrder, items).issues)).toEqual([['length', '']])
  })

  test('orderId / clientOid "one of the two"; "orderId wins"', () => {
    const result = Endpoint.check(batchModifyOrder, [
      { price: '1' },
      { orderId: '1', clientOid: 'c', qty: '2' },
    ])
    expect(kinds(result.issues)).toEqual([['one_of', '0.orderId']])
  })

  test('requestId "up to 18 digits"; autoCancel "`yes`, `no` (default)"; pxAmendType "`no` (default), `yes`"', () => {
    const ok = { orderId: '1', requestId: 42, autoCancel: 'yes', pxAmendType: 'no' }
    expect(Endpoint.check(batchModifyOrder, [ok]).output).toEqual([
      { ...ok, requestId: JsonNumber.from('42') },
    ])
    const bad = { orderId: '1', requestId: '1'.repeat(19), autoCancel: 'y', pxAmendType: 'n' }
    expect(kinds(Endpoint.check(batchModifyOrder, [bad]).issues)).toEqual([
      ['format', '0.requestId'],
      ['value', '0.autoCancel'],
      ['value', '0.pxAmendType'],
    ])
  })

  test('across symbols of one product line: categories that are given must agree', () => {
    const items = [
      { orderId: '1', price: '1', category: 'spot', symbol: 'BTCUSDT' },
      { orderId: '2', price: '1', symbol: 'ETHUSDT' },
      { orderId: '3', price: '1', category: 'MARGIN' },
    ]
    expect(kinds(Endpoint.check(batchModifyOrder, items).issues)).toEqual([
      ['mismatch', '2.category'],
    ])
  })

  test('unified order rules 7 and 8: rToken and USD_CM orders cannot be modified', () => {
    const items = [
      { orderId: '1', price: '1', symbol: 'rTSLAUSDT' },
      { orderId: '2', price: '1', symbol: 'BTCUSD_CM' },
    ]
    expect(kinds(Endpoint.check(batchModifyOrder, items).issues)).toEqual([
      ['unsupported', '0.symbol'],
      ['unsupported', '1.symbol'],
    ])
  })

  test('tick and lot checks for items whose symbol has a known instrument', () => {
    const instruments = {
      BTCUSDT: { symbol: 'BTCUSDT', priceMultiplier: '0.5', sizeMultiplier: '0.1' },
    }
    const items = [
      { orderId: '1', symbol: 'BTCUSDT', price: '10.2', qty: '0.15' },
      { orderId: '2', symbol: 'ETHUSDT', price: '10.2' },
      { orderId: '3', price: '10.2' },
    ]
    expect(kinds(Endpoint.check(batchModifyOrder, items, { instruments }).issues)).toEqual([
      ['tick', '0.price'],
      ['lot', '0.qty'],
    ])
  })
})

describe('duplicateOrderIssues', () => {
  test('each order may appear once per batch', () => {
    const result = Endpoint.check(batchModifyOrder, [
      { orderId: '1', price: '1' },
      { clientOid: 'a', price: '1' },
      { orderId: '1', qty: '2' },
      { clientOid: 'a', qty: '2' },
    ])
    expect(kinds(result.issues)).toEqual([
      ['duplicate', '2.orderId'],
      ['duplicate', '3.clientOid'],
    ])
    expect(result.issues?.[0]?.message).toBe(
      '[2].orderId: expected each order at most once per batch (already at index 0), received "1"',
    )
  })

  test('orderId wins: an item is named by its orderId, its clientOid is not compared', () => {
    const orders = [
      { orderId: '1', clientOid: 'a' },
      { orderId: '2', clientOid: 'a' },
      undefined,
      {},
    ]
    expect(duplicateOrderIssues(orders)).toEqual([])
    expect(kinds(duplicateOrderIssues([{ clientOid: '1' }, { orderId: '1' }]))).toEqual([])
  })
})
