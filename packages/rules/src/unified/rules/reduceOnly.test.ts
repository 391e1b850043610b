import { describe, expect, test } from 'vitest'
import * as Decimal from '../../Decimal.js'
import { reduceOnlyReplacement } from './reduceOnly.js'

describe('reduceOnlyReplacement', () => {
  test('unified order rule 5: "when a reduce-only order exists and its qty equals the position ... the earlier reduce-only order is cancelled and the new one placed; the response `orderId` is then null"', () => {
    expect(
      reduceOnlyReplacement({ position: '2', open: [{ orderId: 'a', qty: '2.0' }], qty: '0.5' }),
    ).toEqual({ cancel: ['a'], orderIdIsNull: true })
  })

  test('unified order rule 5: "or the new reduce-only order exceeds the remaining position"', () => {
    const open = [{ orderId: 'a', qty: '1' }]
    expect(reduceOnlyReplacement({ position: '2', open, qty: '1.5' })).toEqual({
      cancel: ['a'],
      orderIdIsNull: true,
    })
  })

  test('a new order that fits the remaining position replaces nothing and gets its orderId', () => {
    const open = [{ orderId: 'a', qty: '1' }]
    expect(reduceOnlyReplacement({ position: '2', open, qty: '1' })).toEqual({
      cancel: [],
      orderIdIsNull: false,
    })
  })

  test('unified order rule 5: "when a reduce-only order exists": with none, nothing is replaced', () => {
    expect(reduceOnlyReplacement({ position: '1', open: [], qty: '5' })).toEqual({
      cancel: [],
      orderIdIsNull: false,
    })
  })

  test('decision: with several earlier orders the oldest are cancelled, only as many as needed', () => {
    const open = [
      { orderId: 'a', qty: '1' },
      { orderId: 'b', qty: '1' },
      { orderId: 'c', qty: '1' },
    ]
    // position 4, open 3, remaining 1: a new 2 needs one more unit.
    expect(reduceOnlyReplacement({ position: '4', open, qty: '2' }).cancel).toEqual(['a'])
    expect(reduceOnlyReplacement({ position: '4', open, qty: '3.5' }).cancel).toEqual([
      'a',
      'b',
      'c',
    ])
    // More than the whole position: every earlier order goes.
    expect(reduceOnlyReplacement({ position: '4', open, qty: '9' }).cancel).toEqual(['a', 'b', 'c'])
  })

  test('exact decimals: 0.1 + 0.2 open of a 0.3 position leaves nothing remaining', () => {
    const open = [
      { orderId: 'a', qty: '0.1' },
      { orderId: 'b', qty: '0.2' },
    ]
    expect(reduceOnlyReplacement({ position: '0.3', open, qty: '0.1' })).toEqual({
      cancel: ['a'],
      orderIdIsNull: true,
    })
  })

  test('a quantity that is not a decimal string throws Decimal.InvalidError', () => {
    expect(() => reduceOnlyReplacement({ position: '1e3', open: [], qty: '1' })).toThrow(
      Decimal.InvalidError,
    )
  })
})
