import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const leg = { ocoLimitPrice: '59000', ocoTriggerPrice: '62000', ocoOrderType: 'market' } as const
const base = { category: 'SPOT', symbol: 'BTCUSDT', type: 'oco', side: 'buy', qty: '0.1' } as const
const check = (input: object, context: placeStrategyOrder.Context = {}) =>
  Endpoint.check(placeStrategyOrder, { ...base, ...input }, context)
const kinds = (input: object, context: placeStrategyOrder.Context = {}) =>
  check(input, context).issues?.map((issue) => [issue.type, issue.path.join('.')]) ?? []

describe('oco', () => {
  test('an oco order passes as sent', () => {
    expect(check({ ocoParams: [leg] }).output).toEqual({ ...base, ocoParams: [leg] })
  })

  test('type=oco: list `ocoParams` (required)', () => {
    expect(check({}).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a value (required when type=oco)",
          "message": "ocoParams: expected a value (required when type=oco), received undefined",
          "path": [
            "ocoParams",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
  })

  test('decision: `ocoParams` holds 1 to 20 elements (see paramsList.test.ts)', () => {
    expect(kinds({ ocoParams: [] })).toEqual([['length', 'ocoParams']])
    expect(kinds({ ocoParams: [leg, leg] })).toEqual([])
    expect(check({ ocoParams: [] }).issues?.[0]?.expected).toBe('at least 1 element')
  })

  test.each([
    ['ocoLimitPrice | string | yes', 'ocoLimitPrice'],
    ['ocoTriggerPrice | string | yes', 'ocoTriggerPrice'],
    ['ocoOrderType | string | yes', 'ocoOrderType'],
  ] as const)('%s', (_, key) => {
    const { [key]: _omitted, ...rest } = leg
    expect(kinds({ ocoParams: [rest] })).toEqual([['missing', `ocoParams.0.${key}`]])
  })

  test('ocoOrderType | string | yes | `limit`, `market`', () => {
    expect(kinds({ ocoParams: [{ ...leg, ocoOrderType: 'stop' }] })).toEqual([
      ['value', 'ocoParams.0.ocoOrderType'],
    ])
  })

  test('ocoOrderPrice | string | when ocoOrderType=limit', () => {
    expect(
      check({ ocoParams: [{ ...leg, ocoOrderType: 'limit', ocoOrderPrice: '62010' }] }).success,
    ).toBe(true)
    expect(check({ ocoParams: [{ ...leg, ocoOrderType: 'limit' }] }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a value (required when ocoOrderType=limit)",
          "message": "ocoParams[0].ocoOrderPrice: expected a value (required when ocoOrderType=limit), received undefined",
          "path": [
            "ocoParams",
            0,
            "ocoOrderPrice",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
    expect(kinds({ ocoParams: [{ ...leg, ocoOrderPrice: '62010' }] })).toEqual([
      ['forbidden', 'ocoParams.0.ocoOrderPrice'],
    ])
  })

  test('every issue of an element at once: a field issue and a rule issue side by side', () => {
    expect(
      kinds({ ocoParams: [{ ...leg, ocoLimitPrice: '0', ocoOrderType: 'limit', note: 1 }] }),
    ).toEqual([
      ['range', 'ocoParams.0.ocoLimitPrice'],
      ['unknown', 'ocoParams.0.note'],
      ['missing', 'ocoParams.0.ocoOrderPrice'],
    ])
  })

  test('unified order rule 2: "Spot price must respect the decimal places" (both legs)', () => {
    const instrument = { symbol: 'BTCUSDT', pricePrecision: 1 }
    expect(
      kinds(
        {
          ocoParams: [
            {
              ...leg,
              ocoTriggerPrice: '62000.05',
              ocoOrderType: 'limit',
              ocoOrderPrice: '62000.15',
            },
          ],
        },
        { instrument },
      ),
    ).toEqual([
      ['precision', 'ocoParams.0.ocoTriggerPrice'],
      ['precision', 'ocoParams.0.ocoOrderPrice'],
    ])
  })
})
