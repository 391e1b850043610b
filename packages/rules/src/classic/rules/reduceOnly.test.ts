import { describe, expect, test } from 'vitest'
import { settleReduceOnly } from './reduceOnly.js'

const pending = [
  { orderId: 'b', size: '3', createdAt: 2 },
  { orderId: 'a', size: '4', createdAt: 1 },
  { orderId: 'c', size: '2', createdAt: 3 },
]

describe('settleReduceOnly', () => {
  test('classic order rule 2: "if new reduce-only size plus existing reduce-only orders exceeds the position, existing reduce-only orders are cancelled in order of creation until the total fits"', () => {
    // 4 + 3 + 2 + 5 = 14 > 10: cancel a (4) -> 10 fits.
    expect(settleReduceOnly({ position: '10', pending, size: '5' })).toEqual({
      cancel: ['a'],
      fits: true,
      ackHasOrderId: false,
    })
    // 14 + 1 = 15 > 10: cancel a (-> 11), then b (-> 8).
    expect(settleReduceOnly({ position: '10', pending, size: '6' }).cancel).toEqual(['a', 'b'])
  })

  test('nothing is cancelled while the total fits, equality included', () => {
    expect(settleReduceOnly({ position: '10', pending, size: '1' })).toEqual({
      cancel: [],
      fits: true,
      ackHasOrderId: true,
    })
  })

  test('"in order of creation": equal creation times keep list order', () => {
    const same = [
      { orderId: 'x', size: '1', createdAt: 5 },
      { orderId: 'y', size: '1', createdAt: 5 },
    ]
    expect(settleReduceOnly({ position: '1', pending: same, size: '1' }).cancel).toEqual(['x', 'y'])
  })

  test('classic order rule 2: "the response of the newest reduce-only order has no orderId, so find it by clientOid or in pending orders" — decision: when it cancelled others', () => {
    expect(settleReduceOnly({ position: '10', pending, size: '5' }).ackHasOrderId).toBe(false)
    expect(settleReduceOnly({ position: '10', pending: [], size: '5' }).ackHasOrderId).toBe(true)
  })

  test('a new order larger than the position cancels every pending one and does not fit', () => {
    expect(settleReduceOnly({ position: '10', pending, size: '11' })).toEqual({
      cancel: ['a', 'b', 'c'],
      fits: false,
      ackHasOrderId: false,
    })
  })

  test('decimal strings are added exactly', () => {
    const tiny = [
      { orderId: 'a', size: '0.1', createdAt: 1 },
      { orderId: 'b', size: '0.2', createdAt: 2 },
    ]
    expect(settleReduceOnly({ position: '0.6', pending: tiny, size: '0.3' }).cancel).toEqual([])
    expect(settleReduceOnly({ position: '0.59', pending: tiny, size: '0.3' }).cancel).toEqual(['a'])
  })
})
