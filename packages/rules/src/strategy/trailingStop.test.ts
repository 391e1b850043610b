import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const param = {
  activationPrice: '62000',
  activationType: 'market',
  trailType: 'ratio',
  trailVariance: '5',
  preOrderType: 'market',
} as const
const check = (
  params: readonly object[] | undefined,
  category = 'SPOT',
  context: placeStrategyOrder.Context = {},
) =>
  Endpoint.check(
    placeStrategyOrder,
    {
      category,
      symbol: 'BTCUSDT',
      type: 'trailing_stop',
      side: 'sell',
      qty: '0.1',
      ...(params === undefined ? {} : { trailingStopParams: params }),
    },
    context,
  )
const kinds = (params: readonly object[] | undefined, category = 'SPOT', context = {}) =>
  check(params, category, context).issues?.map((issue) => [issue.type, issue.path.join('.')]) ?? []

describe('trailing_stop', () => {
  test('a trailing stop passes as sent', () => {
    expect(check([param]).output?.trailingStopParams).toEqual([param])
  })

  test('type=trailing_stop: list `trailingStopParams` (required)', () => {
    expect(kinds(undefined)).toEqual([['missing', 'trailingStopParams']])
  })

  test('decision: `trailingStopParams` holds 1 to 20 elements (see paramsList.test.ts)', () => {
    expect(kinds([param, param])).toEqual([])
    expect(kinds([])).toEqual([['length', 'trailingStopParams']])
  })

  test.each([
    ['activationPrice | string | yes | tracking starts when market reaches it', 'activationPrice'],
    ['activationType | string | yes', 'activationType'],
    ['trailType | string | yes | `ratio`, `spread`', 'trailType'],
    ['trailVariance | string | yes', 'trailVariance'],
    ['preOrderType | string | yes | `limit`, `market`', 'preOrderType'],
  ] as const)('%s', (_, key) => {
    const { [key]: _omitted, ...rest } = param
    expect(kinds([rest])).toEqual([['missing', `trailingStopParams.0.${key}`]])
  })

  test('activationType | string | yes | `market`, `mark`, `index`; spot supports only `market`', () => {
    expect(check([{ ...param, activationType: 'mark' }], 'USDT-FUTURES').success).toBe(true)
    expect(check([{ ...param, activationType: 'index' }], 'USDC-FUTURES').success).toBe(true)
    expect(kinds([{ ...param, activationType: 'last' }], 'USDT-FUTURES')).toEqual([
      ['value', 'trailingStopParams.0.activationType'],
    ])
    expect(check([{ ...param, activationType: 'mark' }], 'SPOT').issues).toMatchInlineSnapshot(`
      [
        {
          "expected": ""market" (spot supports only market)",
          "message": "trailingStopParams[0].activationType: expected "market" (spot supports only market), received "mark"",
          "path": [
            "trailingStopParams",
            0,
            "activationType",
          ],
          "received": ""mark"",
          "type": "unsupported",
        },
      ]
    `)
  })

  test.each([
    ['SPOT', '0.1', true],
    ['SPOT', '0.09', false],
    ['SPOT', '20', true],
    ['SPOT', '20.000001', false],
    ['USDT-FUTURES', '0.1', true],
    ['USDT-FUTURES', '10', true],
    ['USDT-FUTURES', '10.5', false],
    ['USDC-FUTURES', '0.05', false],
  ] as const)(
    'trailVariance ... with trailType=ratio: spot range [0.1, 20], futures range [0.1, 10]: %s %s -> %s',
    (category, trailVariance, ok) => {
      const result = check([{ ...param, trailVariance }], category)
      expect(result.success).toBe(ok)
      if (!ok)
        expect(result.issues?.[0]).toMatchObject({
          type: 'range',
          path: ['trailingStopParams', 0, 'trailVariance'],
        })
    },
  )

  test('the ratio range is compared exactly, not as floating point', () => {
    expect(
      check([{ ...param, trailVariance: '10.0000000000000001' }], 'USDT-FUTURES').success,
    ).toBe(false)
  })

  test('trailType | `ratio`, `spread`: the ratio range does not apply to a spread', () => {
    expect(check([{ ...param, trailType: 'spread', trailVariance: '150' }], 'SPOT').success).toBe(
      true,
    )
    expect(kinds([{ ...param, trailType: 'percent' }])).toEqual([
      ['value', 'trailingStopParams.0.trailType'],
    ])
  })

  test('preOrderPrice | string | when preOrderType=limit', () => {
    expect(check([{ ...param, preOrderType: 'limit', preOrderPrice: '61900' }]).success).toBe(true)
    expect(kinds([{ ...param, preOrderType: 'limit' }])).toEqual([
      ['missing', 'trailingStopParams.0.preOrderPrice'],
    ])
    expect(kinds([{ ...param, preOrderPrice: '61900' }])).toEqual([
      ['forbidden', 'trailingStopParams.0.preOrderPrice'],
    ])
  })

  test('unified order rule 1: "Futures price must be a multiple of `priceMultiplier`" (activation and order prices)', () => {
    const instrument = { symbol: 'BTCUSDT', priceMultiplier: '0.1' }
    expect(
      kinds(
        [
          {
            ...param,
            activationPrice: '62000.05',
            preOrderType: 'limit',
            preOrderPrice: '61900.1',
          },
        ],
        'USDT-FUTURES',
        { instrument },
      ),
    ).toEqual([['tick', 'trailingStopParams.0.activationPrice']])
  })
})
