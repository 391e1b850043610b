import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const base = {
  category: 'SPOT',
  symbol: 'BTCUSDT',
  type: 'trigger',
  side: 'buy',
  qty: '0.1',
  triggerPrice: '61000',
  triggerOrderType: 'market',
} as const
const check = (input: object, context: placeStrategyOrder.Context = {}) =>
  Endpoint.check(placeStrategyOrder, { ...base, ...input }, context)
const kinds = (input: object, context: placeStrategyOrder.Context = {}) =>
  check(input, context).issues?.map((issue) => [issue.type, issue.path.join('.')]) ?? []

describe('trigger', () => {
  test('a market trigger order passes as sent', () => {
    expect(check({}).output).toEqual(base)
  })

  test('qty | string | required for trigger orders; base coin', () => {
    expect(check({ qty: undefined }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a value (required for trigger orders)",
          "message": "qty: expected a value (required for trigger orders), received undefined",
          "path": [
            "qty",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
  })

  test('decision: triggerPrice and triggerOrderType are required (a trigger order needs the price it waits for and the order it places)', () => {
    expect(kinds({ triggerPrice: undefined, triggerOrderType: undefined })).toEqual([
      ['missing', 'triggerPrice'],
      ['missing', 'triggerOrderType'],
    ])
  })

  test('reduceOnly | string | `yes`, `no`', () => {
    expect(check({ reduceOnly: 'no' }).success).toBe(true)
    expect(kinds({ reduceOnly: 'YES' })).toEqual([['value', 'reduceOnly']])
  })

  test('triggerBy | string | `market` (default), `mark`', () => {
    expect(check({ triggerBy: 'mark' }).success).toBe(true)
    expect(kinds({ triggerBy: 'last' })).toEqual([['value', 'triggerBy']])
  })

  test('triggerPrice | string | trigger price', () => {
    expect(kinds({ triggerPrice: '-1' })).toEqual([['format', 'triggerPrice']])
  })

  test('triggerOrderType | string | `limit`, `market`', () => {
    expect(kinds({ triggerOrderType: 'stop' })).toEqual([['value', 'triggerOrderType']])
  })

  test('triggerOrderPrice | string | execution price; only when triggerOrderType=limit', () => {
    expect(check({ triggerOrderType: 'limit', triggerOrderPrice: '61010' }).success).toBe(true)
    expect(kinds({ triggerOrderType: 'limit' })).toEqual([['missing', 'triggerOrderPrice']])
    expect(check({ triggerOrderPrice: '61010' }).issues?.[0]?.message).toBe(
      'triggerOrderPrice: expected no value (only when triggerOrderType=limit), received "61010"',
    )
  })

  test('unified order rule 2: "Spot price must respect the decimal places" (trigger and execution prices)', () => {
    const instrument = { symbol: 'BTCUSDT', pricePrecision: 2 }
    expect(
      kinds(
        { triggerPrice: '61000.123', triggerOrderType: 'limit', triggerOrderPrice: '61010.12' },
        { instrument },
      ),
    ).toEqual([['precision', 'triggerPrice']])
  })
})
