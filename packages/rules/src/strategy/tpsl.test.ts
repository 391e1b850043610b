import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import type { Instrument } from '../TickSize.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const base = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', type: 'tpsl' } as const
const check = (input: object, context: placeStrategyOrder.Context = {}) =>
  Endpoint.check(placeStrategyOrder, { ...base, ...input }, context)
const kinds = (input: object, context: placeStrategyOrder.Context = {}) =>
  check(input, context).issues?.map((issue) => [issue.type, issue.path.join('.')]) ?? []

describe('tpsl', () => {
  test('tpslMode | string | `full` (default), `partial`', () => {
    expect(check({ stopLoss: '58000' }).success).toBe(true)
    expect(check({ tpslMode: 'full', stopLoss: '58000' }).success).toBe(true)
    expect(kinds({ tpslMode: 'half', stopLoss: '58000' })).toEqual([['value', 'tpslMode']])
  })

  test('qty | string | required when tpslMode=partial; base coin', () => {
    expect(check({ tpslMode: 'partial', stopLoss: '58000' }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a value (required when tpslMode=partial)",
          "message": "qty: expected a value (required when tpslMode=partial), received undefined",
          "path": [
            "qty",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
    expect(check({ tpslMode: 'partial', qty: '0.5', stopLoss: '58000' }).success).toBe(true)
  })

  test('decision: qty with tpslMode=full is accepted (the exchange documentation does not forbid it; public SDKs always send qty)', () => {
    expect(check({ qty: '0.5', stopLoss: '58000' }).success).toBe(true)
  })

  test('reduceOnly | string | `yes`, `no`', () => {
    expect(check({ reduceOnly: 'yes', stopLoss: '58000' }).success).toBe(true)
    expect(kinds({ reduceOnly: 'true', stopLoss: '58000' })).toEqual([['value', 'reduceOnly']])
  })

  test('tpTriggerBy, slTriggerBy | string | `market` (default), `mark`', () => {
    expect(
      check({ takeProfit: '70000', tpTriggerBy: 'mark', stopLoss: '1', slTriggerBy: 'market' })
        .success,
    ).toBe(true)
    expect(kinds({ stopLoss: '58000', slTriggerBy: 'index' })).toEqual([['value', 'slTriggerBy']])
  })

  test('takeProfit, stopLoss | string | trigger prices', () => {
    expect(check({ takeProfit: '70000', stopLoss: '58000' }).success).toBe(true)
    expect(kinds({ takeProfit: 70000, stopLoss: '5.8e4' })).toEqual([
      ['type', 'takeProfit'],
      ['format', 'stopLoss'],
    ])
  })

  test('decision: one of takeProfit and stopLoss is required (a tpsl order without either does nothing)', () => {
    expect(check({}).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "one of takeProfit, stopLoss",
          "message": "takeProfit: one of takeProfit or stopLoss is required",
          "path": [
            "takeProfit",
          ],
          "received": "undefined",
          "type": "one_of",
        },
      ]
    `)
  })

  test('tpOrderType, slOrderType | string | `limit`, `market` (default)', () => {
    expect(check({ takeProfit: '70000', tpOrderType: 'market' }).success).toBe(true)
    expect(kinds({ takeProfit: '70000', tpOrderType: 'stop' })).toEqual([['value', 'tpOrderType']])
    // With the default (market) a limit price has no use.
    expect(kinds({ takeProfit: '70000', tpLimitPrice: '69990' })).toEqual([
      ['forbidden', 'tpLimitPrice'],
    ])
  })

  test('tpLimitPrice, slLimitPrice | string | only for limit type', () => {
    expect(
      check({ takeProfit: '70000', tpOrderType: 'limit', tpLimitPrice: '69990' }).success,
    ).toBe(true)
    expect(kinds({ stopLoss: '58000', slOrderType: 'market', slLimitPrice: '57990' })).toEqual([
      ['forbidden', 'slLimitPrice'],
    ])
    expect(check({ stopLoss: '58000', slOrderType: 'limit' }).issues?.[0]?.message).toBe(
      'slLimitPrice: expected a value (required when slOrderType=limit), received undefined',
    )
  })

  test('unified order rule 1: "Futures price must be a multiple of `priceMultiplier` with at most `pricePrecision` decimals" (trigger and limit prices)', () => {
    const instrument: Instrument = { symbol: 'BTCUSDT', priceMultiplier: '0.5', pricePrecision: 1 }
    expect(
      kinds(
        {
          takeProfit: '70000.3',
          tpOrderType: 'limit',
          tpLimitPrice: '69990.25',
          stopLoss: '58000.5',
        },
        { instrument },
      ),
    ).toEqual([
      ['tick', 'takeProfit'],
      ['tick', 'tpLimitPrice'],
    ])
  })
})
