import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { JsonNumber } from '../JsonNumber.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const param = { duration: '60', interval: '30' } as const
const check = (params: readonly object[] | undefined, context: placeStrategyOrder.Context = {}) =>
  Endpoint.check(
    placeStrategyOrder,
    {
      category: 'SPOT',
      symbol: 'BTCUSDT',
      type: 'twap',
      side: 'buy',
      qty: '2',
      ...(params === undefined ? {} : { twapParams: params }),
    },
    context,
  )
const kinds = (params: readonly object[] | undefined, context = {}) =>
  check(params, context).issues?.map((issue) => [issue.type, issue.path.join('.')]) ?? []
const limit = { ...param, orderType: 'limit' } as const

describe('twap', () => {
  test('a market twap passes as sent', () => {
    expect(check([param]).output?.twapParams).toEqual([param])
  })

  test('type=twap: list `twapParams` (required)', () => {
    expect(kinds(undefined)).toEqual([['missing', 'twapParams']])
    expect(kinds([])).toEqual([['length', 'twapParams']])
  })

  test.each([
    ['1', '1'],
    ['1440', '1440'],
    [90, '90'],
    ['0', 'range'],
    ['1441', 'range'],
    [2.5, 'format'],
    ['', 'format'],
  ] as const)('duration | string | yes | minutes, [1, 1440]: %s -> %s', (duration, expected) => {
    const result = check([{ ...param, duration }])
    if (expected === 'range' || expected === 'format')
      expect(result.issues?.map((issue) => issue.type)).toEqual([expected])
    else expect(result.output?.twapParams?.[0]?.duration).toBe(expected)
  })

  test.each([
    ['5', true],
    [10, true],
    ['20', true],
    [30, true],
    ['60', true],
    ['15', false],
    [120, false],
  ] as const)(
    'interval | string | yes | seconds; one of 5, 10, 20, 30, 60: %s -> %s',
    (interval, ok) => {
      const result = check([{ ...param, interval }])
      expect(result.success).toBe(ok)
      if (ok) expect(result.output?.twapParams?.[0]?.interval).toBe(String(interval))
      else expect(result.issues?.[0]?.expected).toBe('"5" | "10" | "20" | "30" | "60"')
    },
  )

  test('duration | string | yes and "interval | string | yes"', () => {
    expect(kinds([{}])).toEqual([
      ['missing', 'twapParams.0.duration'],
      ['missing', 'twapParams.0.interval'],
    ])
  })

  test('orderType | string | no | `market` (default), `limit`', () => {
    expect(check([{ ...param, orderType: 'market' }]).success).toBe(true)
    expect(kinds([{ ...param, orderType: 'stop' }])).toEqual([['value', 'twapParams.0.orderType']])
  })

  test('limitOffsetType | number | no | `percentage` (default), `spread`; valid when orderType=limit', () => {
    expect(kinds([{ ...param, limitOffsetType: 'spread', limitOffsetSpread: '5' }])).toEqual([
      ['forbidden', 'twapParams.0.limitOffsetType'],
      ['forbidden', 'twapParams.0.limitOffsetSpread'],
    ])
    expect(check([{ ...param, limitOffsetPercentage: '0.01' }]).issues?.[0]?.message).toBe(
      'twapParams[0].limitOffsetPercentage: expected no value (valid when orderType=limit), received "0.01"',
    )
  })

  test('decision: limitOffsetType takes the words `percentage` and `spread` (the exchange documentation types it number, but its values are words)', () => {
    expect(
      check([{ ...limit, limitOffsetType: 'percentage', limitOffsetPercentage: '0.01' }]).success,
    ).toBe(true)
    expect(kinds([{ ...limit, limitOffsetType: 1, limitOffsetPercentage: '0.01' }])).toEqual([
      ['value', 'twapParams.0.limitOffsetType'],
    ])
  })

  test('limitOffsetPercentage | number | when limitOffsetType=percentage', () => {
    // percentage is the default offset type of a limit twap.
    expect(kinds([limit])).toEqual([['missing', 'twapParams.0.limitOffsetPercentage']])
    expect(kinds([{ ...limit, limitOffsetPercentage: '0.01', limitOffsetSpread: '5' }])).toEqual([
      ['forbidden', 'twapParams.0.limitOffsetSpread'],
    ])
  })

  test.each([
    ['0.001', true],
    ['0.1', true],
    ['0.05', true],
    ['0.0009', false],
    ['0.11', false],
    ['0.1000000000000000001', false],
  ] as const)(
    'limitOffsetPercentage ... decimal in [0.001, 0.1] (0.1 = 10%): %s -> %s',
    (value, ok) => {
      const result = check([{ ...limit, limitOffsetPercentage: value }])
      expect(result.success).toBe(ok)
      if (!ok) expect(result.issues?.[0]?.expected).toBe('a value in [0.001, 0.1]')
    },
  )

  test('limitOffsetSpread | number | when limitOffsetType=spread', () => {
    const spread = { ...limit, limitOffsetType: 'spread' }
    expect(kinds([spread])).toEqual([['missing', 'twapParams.0.limitOffsetSpread']])
    expect(kinds([{ ...spread, limitOffsetSpread: '5', limitOffsetPercentage: '0.01' }])).toEqual([
      ['forbidden', 'twapParams.0.limitOffsetPercentage'],
    ])
  })

  test('limitOffsetSpread ... spread to latest trade price at most 20% (when the latest price is known)', () => {
    const spread = { ...limit, limitOffsetType: 'spread' }
    expect(
      check([{ ...spread, limitOffsetSpread: '20000' }], { lastPrice: '100000' }).success,
    ).toBe(true)
    expect(
      check([{ ...spread, limitOffsetSpread: '20000.01' }], { lastPrice: '100000' }).issues,
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "at most 20000 (20% of the latest trade price 100000)",
          "message": "twapParams[0].limitOffsetSpread: expected at most 20000 (20% of the latest trade price 100000), received "20000.01"",
          "path": [
            "twapParams",
            0,
            "limitOffsetSpread",
          ],
          "received": ""20000.01"",
          "type": "range",
        },
      ]
    `)
    // Without a latest price the bound cannot be checked.
    expect(check([{ ...spread, limitOffsetSpread: '90000' }]).success).toBe(true)
  })

  test('twapTriggerPrice | number | no | strategy trigger price and "twapTerminationPrice | number | no | strategy ends early when market reaches it"', () => {
    expect(
      check([{ ...param, twapTriggerPrice: '61000', twapTerminationPrice: '65000' }]).success,
    ).toBe(true)
    expect(kinds([{ ...param, twapTriggerPrice: '0', twapTerminationPrice: 'soon' }])).toEqual([
      ['range', 'twapParams.0.twapTriggerPrice'],
      ['format', 'twapParams.0.twapTerminationPrice'],
    ])
  })

  test.each([
    ['limitOffsetPercentage', { ...limit, limitOffsetPercentage: 0.005 }, 0.005],
    ['limitOffsetSpread', { ...limit, limitOffsetType: 'spread', limitOffsetSpread: 12.5 }, 12.5],
    ['twapTriggerPrice', { ...param, twapTriggerPrice: 61000.5 }, 61000.5],
    ['twapTerminationPrice', { ...param, twapTerminationPrice: 65000 }, 65000],
  ] as const)(
    'decision: "a price, quantity or amount is a decimal string end to end, never a JS number": %s given as a number is refused naming it',
    (field, element, value) => {
      expect(check([element]).issues).toEqual([
        expect.objectContaining({
          type: 'type',
          path: ['twapParams', 0, field],
          message: `twapParams[0].${field}: expected a decimal string such as "150.5" (not a number), received ${value}`,
        }),
      ])
    },
  )

  test('decision: "a field typed `number` (`requestId`, twap offsets and prices) goes out as a JSON number written from its exact decimal text": decimal strings in, JsonNumbers of their exact digits out', () => {
    const result = check([
      {
        duration: 45,
        interval: 10,
        orderType: 'limit',
        limitOffsetPercentage: '0.0050000000000000001',
        twapTriggerPrice: '0.1000000000000000055',
        twapTerminationPrice: '65000.5',
      },
    ])
    expect(result.output?.twapParams).toEqual([
      {
        duration: '45',
        interval: '10',
        orderType: 'limit',
        limitOffsetPercentage: JsonNumber.from('0.0050000000000000001'),
        twapTriggerPrice: JsonNumber.from('0.1000000000000000055'),
        twapTerminationPrice: JsonNumber.from('65000.5'),
      },
    ])
    expect(
      check([{ ...limit, limitOffsetType: 'spread', limitOffsetSpread: '12.5000000000000000001' }])
        .output?.twapParams?.[0]?.limitOffsetSpread?.text,
    ).toBe('12.5000000000000000001')
  })

  test('decision: every price, quantity and amount field is sent normalised, and its decimal places counted on the normalised text: "65000.50" goes out as the JSON number 65000.5 and passes one decimal place', () => {
    const instrument = { symbol: 'BTCUSDT', pricePrecision: 1 }
    const result = check(
      [{ ...limit, limitOffsetPercentage: '0.0100', twapTriggerPrice: '65000.50' }],
      { instrument },
    )
    expect(result.issues).toBeUndefined()
    expect(result.output?.twapParams?.[0]).toMatchObject({
      limitOffsetPercentage: JsonNumber.from('0.01'),
      twapTriggerPrice: JsonNumber.from('65000.5'),
    })
  })

  test('unified order rule 2: "Spot price must respect the decimal places" (trigger and termination prices)', () => {
    const instrument = { symbol: 'BTCUSDT', pricePrecision: 2 }
    expect(
      kinds([{ ...param, twapTriggerPrice: '61000.123', twapTerminationPrice: '65000.12' }], {
        instrument,
      }),
    ).toEqual([['precision', 'twapParams.0.twapTriggerPrice']])
  })
})
