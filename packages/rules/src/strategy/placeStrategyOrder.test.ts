import { describe, expect, test } from 'vitest'
import { type Category, categories } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import * as StrategySupport from '../StrategySupport.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const check = (input: unknown, context: placeStrategyOrder.Context = {}) =>
  Endpoint.check(placeStrategyOrder, input, context)
const kinds = (input: unknown, context: placeStrategyOrder.Context = {}) =>
  check(input, context).issues?.map((issue) => [issue.type, issue.path.join('.')])

/** A valid request of each type, without the common `category` and `symbol`. */
const valid = {
  tpsl: { stopLoss: '58000' },
  trigger: { qty: '1', triggerPrice: '61000', triggerOrderType: 'market' },
  oco: {
    ocoParams: [{ ocoLimitPrice: '59000', ocoTriggerPrice: '62000', ocoOrderType: 'market' }],
  },
  trailing_stop: {
    trailingStopParams: [
      {
        activationPrice: '62000',
        activationType: 'market',
        trailType: 'ratio',
        trailVariance: '5',
        preOrderType: 'market',
      },
    ],
  },
  iceberg: {
    qty: '10',
    icebergParams: [
      {
        splitMode: 'order',
        splitOrderNumbers: '10',
        orderPreference: 'fixed_price',
        fixedPrice: '60000',
      },
    ],
  },
  twap: { qty: '10', twapParams: [{ duration: '60', interval: '30' }] },
} as const satisfies Record<StrategySupport.Type, object>

const table = {
  tpsl: '| tpsl | yes | yes | yes | yes | yes |',
  trigger: '| trigger | yes | yes | yes | yes | yes |',
  oco: '| oco | yes | yes | no | no | no |',
  trailing_stop: '| trailing_stop | yes | no | yes | no | yes |',
  iceberg: '| iceberg | yes | no | yes | no | yes |',
  twap: '| twap | yes | no | yes | no | yes |',
} as const satisfies Record<StrategySupport.Type, string>

const cells = StrategySupport.types.flatMap((type) =>
  categories.map((category: Category) => ({
    type,
    category,
    row: table[type],
    supported: StrategySupport.isSupported(type, category),
  })),
)

describe('placeStrategyOrder', () => {
  test('the endpoint', () => {
    expect([placeStrategyOrder.id, placeStrategyOrder.method, placeStrategyOrder.path]).toEqual([
      'strategy.placeStrategyOrder',
      'POST',
      '/api/v3/trade/place-strategy-order',
    ])
  })

  test('type | string | no | `tpsl` (default), `trigger`, `oco`, `trailing_stop`, `iceberg`, `twap`', () => {
    expect(check({ category: 'SPOT', symbol: 'BTCUSDT', stopLoss: '58000' }).output?.type).toBe(
      'tpsl',
    )
    expect(kinds({ category: 'SPOT', symbol: 'BTCUSDT', type: 'grid', stopLoss: '1' })).toEqual([
      ['value', 'type'],
    ])
  })

  test('category | string | yes | category enum and "symbol | string | yes"', () => {
    expect(kinds({ stopLoss: '58000' })).toEqual([
      ['missing', 'category'],
      ['missing', 'symbol'],
    ])
    expect(kinds({ category: 'options', symbol: 'BTCUSDT', stopLoss: '1' })).toEqual([
      ['value', 'category'],
    ])
  })

  test('decision: `category` values: accepted in either case, sent upper-case', () => {
    expect(check({ category: 'usdt-futures', symbol: 'BTCUSDT', ...valid.tpsl }).output).toEqual({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      type: 'tpsl',
      stopLoss: '58000',
    })
  })

  test.each(cells)('$row -> $type on $category', ({ type, category, supported }) => {
    const result = check({ category, symbol: 'BTCUSDT', type, ...valid[type] })
    if (supported) expect(result).toMatchObject({ success: true })
    else
      expect(result.issues).toEqual([
        expect.objectContaining({
          type: 'unsupported',
          path: ['type'],
          message: `type: ${StrategySupport.reason(type, category)}`,
        }),
      ])
  })

  test('support by category: the issue names the supported types', () => {
    expect(
      check({ category: 'COIN-FUTURES', symbol: 'BTCUSD', type: 'twap', ...valid.twap }).issues,
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "one of tpsl, trigger (types supported for COIN-FUTURES)",
          "message": "type: twap orders are not supported for COIN-FUTURES (supported: SPOT, USDT-FUTURES, USDC-FUTURES)",
          "path": [
            "type",
          ],
          "received": ""twap"",
          "type": "unsupported",
        },
      ]
    `)
  })

  test('unified order rule 7: "COIN-margined symbols of the new line are written `<BASE>USD_CM`; that line does not support modify-order, ADL, strategy orders or preset take-profit/stop-loss"', () => {
    expect(
      check({ category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', ...valid.tpsl }).issues,
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "a symbol outside the coin-margined new line (<BASE>USD_CM)",
          "message": "symbol: strategy orders are not supported for coin-margined symbols of the new line (BTCUSD_CM)",
          "path": [
            "symbol",
          ],
          "received": ""BTCUSD_CM"",
          "type": "unsupported",
        },
      ]
    `)
    expect(check({ category: 'COIN-FUTURES', symbol: 'BTCUSD', ...valid.tpsl }).success).toBe(true)
  })

  test('decision: a field of another type is refused, not silently dropped', () => {
    expect(
      check({
        category: 'SPOT',
        symbol: 'BTCUSDT',
        type: 'trigger',
        ...valid.trigger,
        takeProfit: '1',
      }).issues,
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "no value (a field of type=tpsl; type is trigger)",
          "message": "takeProfit: expected no value (a field of type=tpsl; type is trigger), received "1"",
          "path": [
            "takeProfit",
          ],
          "received": ""1"",
          "type": "forbidden",
        },
      ]
    `)
    // A forgotten `type` falls back to tpsl; the message says so.
    expect(
      check({ category: 'SPOT', symbol: 'BTCUSDT', ...valid.twap, stopLoss: '1' }).issues?.[0]
        ?.message,
    ).toBe(
      'twapParams: expected no value (a field of type=twap; type is tpsl, the default when omitted), received Array(1)',
    )
    // reduceOnly belongs to tpsl and trigger.
    expect(
      check({ category: 'SPOT', symbol: 'BTCUSDT', type: 'twap', ...valid.twap, reduceOnly: 'yes' })
        .issues?.[0]?.expected,
    ).toBe('no value (a field of type=tpsl or trigger; type is twap)')
  })

  test('clientOid | string | no | effective only when type=tpsl', () => {
    expect(
      check({ category: 'SPOT', symbol: 'BTCUSDT', ...valid.tpsl, clientOid: 'sl-1' }).output
        ?.clientOid,
    ).toBe('sl-1')
  })

  test('decision: clientOid with a type other than tpsl is refused (a dropped id cannot be reconciled)', () => {
    expect(
      kinds({
        category: 'SPOT',
        symbol: 'BTCUSDT',
        type: 'twap',
        ...valid.twap,
        clientOid: 'tw-1',
      }),
    ).toEqual([['forbidden', 'clientOid']])
  })

  describe('side | string | no | `buy`, `sell`; position-direction mapping as in place-order rule 4', () => {
    const futures = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', ...valid.tpsl }

    test('unified order rule 4: "Hedge mode: ... close long = `sell` + `long`": posSide is required', () => {
      expect(kinds({ ...futures, side: 'sell' }, { positionMode: 'hedge' })).toEqual([
        ['missing', 'posSide'],
      ])
      expect(
        check({ ...futures, side: 'sell', posSide: 'long' }, { positionMode: 'hedge' }).success,
      ).toBe(true)
    })

    test('unified order rule 4: "One-way mode: ... close long = `sell` + reduceOnly `yes`": posSide is refused', () => {
      expect(
        kinds({ ...futures, side: 'sell', posSide: 'long' }, { positionMode: 'one_way' }),
      ).toEqual([['forbidden', 'posSide']])
      expect(
        check({ ...futures, side: 'sell', reduceOnly: 'yes' }, { positionMode: 'one_way' }).success,
      ).toBe(true)
    })

    test('decision: reduceOnly is refused in hedge mode, as in place-order ("one-way mode only"), also where the tpsl and trigger tables list it', () => {
      expect(
        kinds({ ...futures, posSide: 'long', reduceOnly: 'yes' }, { positionMode: 'hedge' }),
      ).toEqual([['forbidden', 'reduceOnly']])
      expect(
        kinds(
          {
            ...futures,
            ...valid.trigger,
            type: 'trigger',
            stopLoss: undefined,
            posSide: 'long',
            reduceOnly: 'no',
          },
          { positionMode: 'hedge' },
        ),
      ).toEqual([['forbidden', 'reduceOnly']])
    })

    test('without a known position mode, posSide and reduceOnly are not checked on futures', () => {
      expect(check({ ...futures, posSide: 'long', reduceOnly: 'yes' }).success).toBe(true)
    })

    test('place-order: "posSide ... futures only"', () => {
      expect(
        kinds(
          { category: 'SPOT', symbol: 'BTCUSDT', ...valid.tpsl, posSide: 'long' },
          {
            positionMode: 'hedge',
          },
        ),
      ).toEqual([['forbidden', 'posSide']])
    })

    test('posSide | string | no | `long`, `short`', () => {
      expect(kinds({ ...futures, side: 'buy', posSide: 'both' })).toEqual([['value', 'posSide']])
      expect(kinds({ ...futures, side: 'long' })).toEqual([['value', 'side']])
    })
  })

  test('"All amounts, prices and quantities in requests are JSON strings": qty is a positive decimal string', () => {
    const trigger = { category: 'SPOT', symbol: 'BTCUSDT', type: 'trigger', ...valid.trigger }
    expect(kinds({ ...trigger, qty: 1 })).toEqual([['type', 'qty']])
    expect(kinds({ ...trigger, qty: '0' })).toEqual([['range', 'qty']])
  })

  test('every issue at once: unknown field, unsupported type, nested field, mode, other type', () => {
    expect(
      kinds(
        {
          category: 'usdc-futures',
          symbol: 'BTCPERP',
          type: 'oco',
          ocoParams: [{ ocoLimitPrice: '1', ocoTriggerPrice: '2', ocoOrderType: 'stop' }],
          stopLoss: '1',
          price: '1',
        },
        { positionMode: 'hedge' },
      ),
    ).toEqual([
      ['value', 'ocoParams.0.ocoOrderType'],
      ['unknown', 'price'],
      ['unsupported', 'type'],
      ['forbidden', 'stopLoss'],
      ['missing', 'posSide'],
    ])
  })
})
