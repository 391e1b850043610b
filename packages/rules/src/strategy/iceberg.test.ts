import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const param = {
  splitMode: 'quantity',
  qtyPerOrder: '0.5',
  orderPreference: 'faster_execution',
} as const
const check = (params: readonly object[] | undefined, context: placeStrategyOrder.Context = {}) =>
  Endpoint.check(
    placeStrategyOrder,
    {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      type: 'iceberg',
      side: 'buy',
      qty: '10',
      ...(params === undefined ? {} : { icebergParams: params }),
    },
    context,
  )
const kinds = (params: readonly object[] | undefined, context = {}) =>
  check(params, context).issues?.map((issue) => [issue.type, issue.path.join('.')]) ?? []

describe('iceberg', () => {
  test('an iceberg order passes as sent', () => {
    expect(check([param]).output?.icebergParams).toEqual([param])
  })

  test('type=iceberg: list `icebergParams` (required)', () => {
    expect(kinds(undefined)).toEqual([['missing', 'icebergParams']])
    expect(kinds([])).toEqual([['length', 'icebergParams']])
  })

  test('splitMode | string | yes | `quantity`, `order`', () => {
    expect(kinds([{ orderPreference: 'faster_execution' }])).toEqual([
      ['missing', 'icebergParams.0.splitMode'],
    ])
    expect(kinds([{ ...param, splitMode: 'value' }])).toEqual([
      ['value', 'icebergParams.0.splitMode'],
    ])
  })

  test('qtyPerOrder | string | when splitMode=quantity', () => {
    expect(kinds([{ splitMode: 'quantity', orderPreference: 'faster_execution' }])).toEqual([
      ['missing', 'icebergParams.0.qtyPerOrder'],
    ])
    expect(kinds([{ ...param, splitOrderNumbers: '5' }])).toEqual([
      ['forbidden', 'icebergParams.0.splitOrderNumbers'],
    ])
  })

  test('splitOrderNumbers | string | when splitMode=order', () => {
    const order = { splitMode: 'order', orderPreference: 'faster_execution' }
    expect(kinds([order])).toEqual([['missing', 'icebergParams.0.splitOrderNumbers']])
    expect(kinds([{ ...order, splitOrderNumbers: '5', qtyPerOrder: '1' }])).toEqual([
      ['forbidden', 'icebergParams.0.qtyPerOrder'],
    ])
  })

  test.each([
    ['1', '1'],
    ['100', '100'],
    [50, '50'],
    ['0', 'range'],
    ['101', 'range'],
    ['1.5', 'format'],
    [7.5, 'format'],
    [true, 'type'],
  ] as const)('splitOrderNumbers ... range [1, 100]: %s -> %s', (value, expected) => {
    const result = check([
      { splitMode: 'order', orderPreference: 'faster_execution', splitOrderNumbers: value },
    ])
    if (expected === 'range' || expected === 'format' || expected === 'type')
      expect(result.issues?.map((issue) => issue.type)).toEqual([expected])
    else expect(result.output?.icebergParams?.[0]?.splitOrderNumbers).toBe(expected)
  })

  test('orderPreference | string | yes | `faster_execution`, `fixed_distance`, `fixed_price`', () => {
    expect(kinds([{ splitMode: 'quantity', qtyPerOrder: '1' }])).toEqual([
      ['missing', 'icebergParams.0.orderPreference'],
    ])
    expect(kinds([{ ...param, orderPreference: 'best' }])).toEqual([
      ['value', 'icebergParams.0.orderPreference'],
    ])
  })

  test('executionStrategy | string | no | `queue1`, `counterparty1`; valid with faster_execution; default `queue1`', () => {
    expect(check([{ ...param, executionStrategy: 'counterparty1' }]).success).toBe(true)
    expect(check([param]).output?.icebergParams?.[0]).not.toHaveProperty('executionStrategy')
    expect(
      kinds([{ ...param, orderPreference: 'fixed_distance', executionStrategy: 'queue1' }]),
    ).toEqual([['forbidden', 'icebergParams.0.executionStrategy']])
  })

  test('fixedDistanceType | string | no | `spread`, `percentage`; valid with fixed_distance; default `spread` and "distance | string | no"', () => {
    const fixed = { ...param, orderPreference: 'fixed_distance' }
    expect(check([{ ...fixed, fixedDistanceType: 'percentage', distance: '0.5' }]).success).toBe(
      true,
    )
    expect(check([{ ...fixed, distance: '20' }]).success).toBe(true)
    expect(kinds([{ ...param, fixedDistanceType: 'spread', distance: '20' }])).toEqual([
      ['forbidden', 'icebergParams.0.fixedDistanceType'],
      ['forbidden', 'icebergParams.0.distance'],
    ])
  })

  test('fixedPrice | string | when orderPreference=fixed_price', () => {
    const fixed = { ...param, orderPreference: 'fixed_price' }
    expect(check([{ ...fixed, fixedPrice: '60000' }]).success).toBe(true)
    expect(check([fixed]).issues?.[0]?.message).toBe(
      'icebergParams[0].fixedPrice: expected a value (required when orderPreference=fixed_price), received undefined',
    )
    expect(kinds([{ ...param, fixedPrice: '60000' }])).toEqual([
      ['forbidden', 'icebergParams.0.fixedPrice'],
    ])
  })

  test('priceLimit | string | no | sub-orders beyond it are not placed; valid with faster_execution or fixed_distance', () => {
    expect(check([{ ...param, priceLimit: '61000' }]).success).toBe(true)
    expect(
      check([{ ...param, orderPreference: 'fixed_distance', priceLimit: '61000' }]).success,
    ).toBe(true)
    expect(
      check([
        { ...param, orderPreference: 'fixed_price', fixedPrice: '60000', priceLimit: '61000' },
      ]).issues,
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "no value (valid with orderPreference=faster_execution or fixed_distance)",
          "message": "icebergParams[0].priceLimit: expected no value (valid with orderPreference=faster_execution or fixed_distance), received "61000"",
          "path": [
            "icebergParams",
            0,
            "priceLimit",
          ],
          "received": ""61000"",
          "type": "forbidden",
        },
      ]
    `)
  })

  test('unified order rule 1: "Futures price must be a multiple of `priceMultiplier`" (fixed price and price limit)', () => {
    const instrument = { symbol: 'BTCUSDT', priceMultiplier: '0.5' }
    expect(kinds([{ ...param, priceLimit: '61000.2' }], { instrument })).toEqual([
      ['tick', 'icebergParams.0.priceLimit'],
    ])
  })
})
