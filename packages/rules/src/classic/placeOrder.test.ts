import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { intents, toClassic } from '../PositionMode.js'
import type { Instrument } from '../TickSize.js'
import { issuesFor } from '../test/issues.js'
import { placeOrder } from './placeOrder.js'

const base = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  side: 'buy',
  orderType: 'market',
} as const

const instrument: Instrument = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.5',
  pricePrecision: 1,
  sizeMultiplier: '0.001',
  minOrderAmount: '0.001',
}

const issuesOf = issuesFor(placeOrder)

describe('placeOrder', () => {
  test('a minimal market order passes unchanged', () => {
    expect(Endpoint.check(placeOrder, base)).toEqual({ success: true, output: base })
  })

  test.each([
    'symbol',
    'productType',
    'marginMode',
    'marginCoin',
    'size',
    'side',
    'orderType',
  ] as const)('%s | string | yes', (field) => {
    const { [field]: _, ...rest } = base
    expect(issuesOf(rest)).toEqual([['missing', field]])
  })

  test.each([
    ['productType', 'USDT-FUTURES', true],
    ['productType', 'COIN-FUTURES', true],
    ['productType', 'USDC-FUTURES', true],
    ['productType', 'SPOT', false],
    ['marginMode', 'isolated', true],
    ['marginMode', 'crossed', true],
    ['marginMode', 'cross', false],
    ['side', 'sell', true],
    ['side', 'open_long', false],
    ['orderType', 'limit_maker', false],
    ['force', 'ioc', true],
    ['force', 'fok', true],
    ['force', 'gtc', true],
    ['force', 'post_only', true],
    ['force', 'GTC', false],
    ['stpMode', 'none', true],
    ['stpMode', 'cancel_taker', true],
    ['stpMode', 'cancel_maker', true],
    ['stpMode', 'cancel_both', true],
    ['stpMode', 'cancel', false],
    ['reduceOnly', 'YES', true],
    ['reduceOnly', 'NO', true],
    ['reduceOnly', 'yes', false],
    ['tradeSide', 'open', true],
    ['tradeSide', 'close', true],
    ['tradeSide', 'close_long', false],
  ])('enumerations: %s = %j accepted: %s', (field, value, ok) => {
    const order = { ...base, [field]: value }
    expect(issuesOf(order)).toEqual(ok ? [] : [['value', field]])
  })

  test('productType enum — decision: accepted in either case and sent upper-case, like category (docs/architecture.md)', () => {
    expect(Endpoint.check(placeOrder, { ...base, productType: 'usdt-futures' }).output).toEqual(
      base,
    )
  })

  test('marginCoin | string | yes | capitalized', () => {
    const result = Endpoint.check(placeOrder, { ...base, marginCoin: 'usdt' })
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "an upper-case coin such as "USDT" (capitalized)",
          "message": "marginCoin: expected an upper-case coin such as "USDT" (capitalized), received "usdt"",
          "path": [
            "marginCoin",
          ],
          "received": ""usdt"",
          "type": "format",
        },
      ]
    `)
  })

  test.each(['0', '-1', '1e-3', '0.01 ', 0.01])('size | string | yes rejects %j', (size) => {
    expect(issuesOf({ ...base, size })).toHaveLength(1)
  })

  test('price | string | when limit', () => {
    expect(issuesOf({ ...base, orderType: 'limit' })).toEqual([['missing', 'price']])
    expect(issuesOf({ ...base, orderType: 'limit', price: '65000.5' })).toEqual([])
  })

  test('size | base coin; decimals per contract configuration (instrument known)', () => {
    expect(issuesOf({ ...base, size: '0.0105' }, { instrument })).toEqual([['lot', 'size']])
    expect(issuesOf({ ...base, size: '0.0005' }, { instrument })).toEqual([['minimum', 'size']])
    expect(issuesOf({ ...base, size: '0.001' }, { instrument })).toEqual([])
  })

  test('price step and precision are checked on a limit price when the instrument is known', () => {
    const limit = { ...base, orderType: 'limit' }
    expect(issuesOf({ ...limit, price: '100.3' }, { instrument })).toEqual([['tick', 'price']])
    expect(issuesOf({ ...limit, price: '100.25' }, { instrument })).toEqual([['tick', 'price']])
    expect(issuesOf({ ...limit, price: '100.5' }, { instrument })).toEqual([])
  })

  test('a market order price is not used by the exchange, so it is not tick-checked', () => {
    expect(issuesOf({ ...base, price: '100.3' }, { instrument })).toEqual([])
  })

  test('decision: preset take-profit/stop-loss prices and their execution prices are tick-checked like the price (when set; "" is none)', () => {
    // Price step 0.05 (priceEndStep 5, pricePlace 2), as SOLUSDT.
    const sol: Instrument = { symbol: 'SOLUSDT', priceMultiplier: '0.05', pricePrecision: 2 }
    const limit = { ...base, symbol: 'SOLUSDT', orderType: 'limit', price: '100.05' } as const
    const presets = {
      presetStopSurplusPrice: '120.03',
      presetStopLossPrice: '80.01',
      presetStopSurplusExecutePrice: '120.02',
      presetStopLossExecutePrice: '80.004',
    }
    expect(issuesOf({ ...limit, ...presets }, { instrument: sol })).toEqual([
      ['tick', 'presetStopSurplusPrice'],
      ['tick', 'presetStopLossPrice'],
      ['tick', 'presetStopSurplusExecutePrice'],
      ['tick', 'presetStopLossExecutePrice'],
    ])
    // A market order's presets are prices the exchange uses: checked as well.
    expect(issuesOf({ ...base, presetStopLossPrice: '60000.3' }, { instrument })).toEqual([
      ['tick', 'presetStopLossPrice'],
    ])
    const onStep = {
      presetStopSurplusPrice: '120.05',
      presetStopLossPrice: '80',
      presetStopSurplusExecutePrice: '',
    }
    expect(issuesOf({ ...limit, ...onStep }, { instrument: sol })).toEqual([])
  })

  describe('minTradeUSDT: "minimum order value in USDT" of a limit order (size x price)', () => {
    const valued: Instrument = { ...instrument, minTradeUSDT: '5' }
    const limit = { ...base, orderType: 'limit', size: '0.001' } as const

    test('a limit order worth less than minTradeUSDT is a minimum issue on size; the minimum is inclusive', () => {
      const result = Endpoint.check(placeOrder, { ...limit, price: '100' }, { instrument: valued })
      expect(result.issues?.map((i) => [i.type, i.path.join('.'), i.message])).toEqual([
        [
          'minimum',
          'size',
          'size: expected an order value of at least 5 USDT (minTradeUSDT of BTCUSDT), received "0.1"',
        ],
      ])
      expect(issuesOf({ ...limit, price: '5000' }, { instrument: valued })).toEqual([])
      expect(issuesOf({ ...limit, price: '4999.5' }, { instrument: valued })).toEqual([
        ['minimum', 'size'],
      ])
    })

    test('USDC-FUTURES alike; one mistake, one issue: a size below minTradeNum and the value gets one issue naming both', () => {
      const usdc = { ...limit, productType: 'usdc-futures', price: '100' } as const
      expect(issuesOf(usdc, { instrument: valued })).toEqual([['minimum', 'size']])
      const result = Endpoint.check(
        placeOrder,
        { ...limit, size: '0.0005', price: '100' },
        { instrument: valued },
      )
      // The size's own issue first (fix the size), also naming the minimum value.
      expect(result.issues).toHaveLength(1)
      expect(result.issues?.[0]?.message).toMatch(
        /^size: expected at least 0\.001 \(minOrderAmount of BTCUSDT\).*also expected an order value of at least 5 USDT/,
      )
    })

    test("a USDC-FUTURES contract's value is in USDC, and the issue says so", () => {
      const usdc = { ...limit, productType: 'USDC-FUTURES', marginCoin: 'USDC', price: '100' }
      const result = Endpoint.check(placeOrder, usdc, { instrument: valued })
      expect(result.issues?.map((i) => i.message)).toEqual([
        'size: expected an order value of at least 5 USDC (minTradeUSDT of BTCUSDT), received "0.1"',
      ])
    })

    test('decision: not checkable from the request, so not checked: a market order (its value needs the market price) and COIN-FUTURES (size in the base coin)', () => {
      expect(issuesOf({ ...base, size: '0.001' }, { instrument: valued })).toEqual([])
      const coin = { ...limit, productType: 'COIN-FUTURES', marginCoin: 'BTC', price: '100' }
      expect(issuesOf(coin, { instrument: valued })).toEqual([])
    })
  })

  test.each(intents)(
    'classic order rule 1: "Hedge mode: open long = side buy + tradeSide open; close long = buy + close; open short = sell + open; close short = sell + close" (%s)',
    (intent) => {
      const fields = toClassic(intent, 'hedge')
      expect(issuesOf({ ...base, ...fields }, { positionMode: 'hedge' })).toEqual([])
    },
  )

  test('tradeSide | hedge mode only — missing in hedge mode', () => {
    expect(issuesOf(base, { positionMode: 'hedge' })).toEqual([['missing', 'tradeSide']])
  })

  test('classic order rule 1: "One-way mode: side buy or sell, tradeSide ignored." — decision: sending it is forbidden, it signals a wrong mode assumption', () => {
    const result = Endpoint.check(
      placeOrder,
      { ...base, tradeSide: 'open' },
      { positionMode: 'one_way' },
    )
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "no value in one-way mode (hedge mode only)",
          "message": "tradeSide: expected no value in one-way mode (hedge mode only), received "open"",
          "path": [
            "tradeSide",
          ],
          "received": ""open"",
          "type": "forbidden",
        },
      ]
    `)
    expect(issuesOf({ ...base, side: 'sell' }, { positionMode: 'one_way' })).toEqual([])
  })

  test('reduceOnly | YES, NO; default NO; one-way mode only', () => {
    expect(
      issuesOf({ ...base, tradeSide: 'close', reduceOnly: 'YES' }, { positionMode: 'hedge' }),
    ).toEqual([['forbidden', 'reduceOnly']])
    expect(issuesOf({ ...base, reduceOnly: 'YES' }, { positionMode: 'one_way' })).toEqual([])
  })

  test('without a known mode neither tradeSide nor reduceOnly is judged', () => {
    expect(issuesOf({ ...base, tradeSide: 'open' })).toEqual([])
    expect(issuesOf({ ...base, reduceOnly: 'NO' })).toEqual([])
  })

  test.each([
    'presetStopSurplusPrice',
    'presetStopLossPrice',
    'presetStopSurplusExecutePrice',
    'presetStopLossExecutePrice',
  ])('%s | take-profit/stop-loss value; empty = none', (field) => {
    expect(issuesOf({ ...base, [field]: '' })).toEqual([])
    expect(issuesOf({ ...base, [field]: '70000.5' })).toEqual([])
    expect(issuesOf({ ...base, [field]: 'none' })).toEqual([['format', field]])
    expect(issuesOf({ ...base, [field]: 70000 })).toEqual([['type', field]])
  })

  test('classic order rule 5: "Elite-trader copy-trading keys may only use the pairs on the published elite-trader list."', () => {
    const eliteTraderPairs = ['BTCUSDT', 'ETHUSDT']
    expect(issuesOf(base, { eliteTraderPairs })).toEqual([])
    expect(issuesOf({ ...base, symbol: 'btcusdt' }, { eliteTraderPairs })).toEqual([])
    const result = Endpoint.check(placeOrder, { ...base, symbol: 'PEPEUSDT' }, { eliteTraderPairs })
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a pair on the elite-trader list (copy-trading key)",
          "message": "symbol: expected a pair on the elite-trader list (copy-trading key), received "PEPEUSDT"",
          "path": [
            "symbol",
          ],
          "received": ""PEPEUSDT"",
          "type": "unsupported",
        },
      ]
    `)
  })

  test('decision: clientOid holds only what both published patterns accept (replaces the earlier "either pattern"; see internal/identity.test.ts)', () => {
    expect(issuesOf({ ...base, clientOid: 'my-order_1:2' })).toEqual([])
    expect(issuesOf({ ...base, clientOid: 'a#1' })).toEqual([['format', 'clientOid']])
    expect(issuesOf({ ...base, clientOid: 'a/1.2' })).toEqual([['format', 'clientOid']])
    expect(issuesOf({ ...base, clientOid: 'a#/1' })).toEqual([['format', 'clientOid']])
    expect(issuesOf({ ...base, clientOid: 'x'.repeat(33) })).toEqual([['length', 'clientOid']])
  })

  test('decision: "Minimum quantity: inclusive (qty >= minOrderAmount)"', () => {
    expect(issuesOf({ ...base, size: '0.001' }, { instrument })).toEqual([])
    expect(issuesOf({ ...base, size: '0.0009' }, { instrument })[0]).toEqual(['minimum', 'size'])
  })

  test('every issue at once: unknown field, bad enum, missing price, mode', () => {
    expect(
      issuesOf(
        { ...base, orderType: 'limit', marginMode: 'cross', leverage: '10' },
        { positionMode: 'hedge' },
      ),
    ).toEqual([
      ['value', 'marginMode'],
      ['unknown', 'leverage'],
      ['missing', 'price'],
      ['missing', 'tradeSide'],
    ])
  })
})
