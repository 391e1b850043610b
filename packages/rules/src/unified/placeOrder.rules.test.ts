import { describe, expect, test } from 'vitest'
import type { Instrument } from '../TickSize.js'
import { kinds } from '../test/issues.js'
import {
  categoryRule,
  holdingLimitRule,
  instrumentRule,
  type OrderDraft,
  orderTypeRule,
  orderValue,
  positionModeRule,
  priceRulesOf,
  productLineRule,
  rpiRule,
  tpslFields,
  tpslRule,
} from './placeOrder.rules.js'

const futures: OrderDraft = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '100',
}
const spot: OrderDraft = { ...futures, category: 'SPOT' }
const btc: Instrument = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.5',
  pricePrecision: 1,
  sizeMultiplier: '0.01',
  minOrderAmount: '0.01',
  minTradeUSDT: '5',
}

describe('orderTypeRule', () => {
  test('price | string | when limit', () => {
    expect(kinds(orderTypeRule({ orderType: 'limit' }))).toEqual([['missing', 'price']])
    expect(orderTypeRule({ orderType: 'limit', price: '1' })).toEqual([])
  })

  test('price "ignored for market"', () => {
    expect(orderTypeRule({ orderType: 'market', price: '1' })).toEqual([])
    expect(orderTypeRule({ orderType: 'market' })).toEqual([])
  })

  test('pxAmendType "Limit orders only"', () => {
    expect(kinds(orderTypeRule({ orderType: 'market', pxAmendType: 'yes' }))).toEqual([
      ['forbidden', 'pxAmendType'],
    ])
    expect(orderTypeRule({ orderType: 'limit', price: '1', pxAmendType: 'yes' })).toEqual([])
  })

  test('paths sit under the given prefix', () => {
    expect(kinds(orderTypeRule({ orderType: 'limit' }, [3]))).toEqual([['missing', '3.price']])
  })
})

describe('categoryRule', () => {
  test.each([
    ['posSide', 'long'],
    ['tpTriggerBy', 'mark'],
    ['slTriggerBy', 'market'],
    ['marginMode', 'isolated'],
  ] as const)('%s is for "futures only" / "futures lines only"', (field, value) => {
    expect(kinds(categoryRule({ category: 'SPOT', [field]: value }))).toEqual([
      ['forbidden', field],
    ])
    expect(kinds(categoryRule({ category: 'MARGIN', [field]: value }))).toEqual([
      ['forbidden', field],
    ])
    expect(categoryRule({ category: 'COIN-FUTURES', [field]: value })).toEqual([])
  })

  test('autoBorrow "spot only"; rule 3: "Margin orders borrow automatically."', () => {
    expect(categoryRule({ category: 'SPOT', autoBorrow: 'yes' })).toEqual([])
    expect(categoryRule({ category: 'MARGIN', autoBorrow: 'yes' })).toMatchInlineSnapshot(`
      [
        {
          "expected": "no autoBorrow for MARGIN (spot only; margin orders borrow automatically)",
          "message": "autoBorrow: expected no autoBorrow for MARGIN (spot only; margin orders borrow automatically), received "yes"",
          "path": [
            "autoBorrow",
          ],
          "received": ""yes"",
          "type": "forbidden",
        },
      ]
    `)
    expect(kinds(categoryRule({ category: 'USDC-FUTURES', autoBorrow: 'no' }))).toEqual([
      ['forbidden', 'autoBorrow'],
    ])
  })

  test('without a category nothing is decided', () => {
    expect(categoryRule({ posSide: 'long', autoBorrow: 'yes' })).toEqual([])
  })
})

describe('positionModeRule', () => {
  test('unified order rule 4: "Hedge mode: open long = side `buy` + posSide `long`" (posSide required)', () => {
    expect(positionModeRule({ ...futures, posSide: 'long' }, 'hedge')).toEqual([])
    expect(kinds(positionModeRule(futures, 'hedge'))).toEqual([['missing', 'posSide']])
  })

  test('posSide "must be omitted in one-way mode (else error)"', () => {
    expect(kinds(positionModeRule({ ...futures, posSide: 'short' }, 'one_way'))).toEqual([
      ['forbidden', 'posSide'],
    ])
  })

  test('reduceOnly "one-way mode only"', () => {
    const close = { ...futures, side: 'sell', posSide: 'long', reduceOnly: 'yes' } as const
    expect(kinds(positionModeRule(close, 'hedge'))).toEqual([['forbidden', 'reduceOnly']])
    expect(positionModeRule({ ...futures, side: 'sell', reduceOnly: 'yes' }, 'one_way')).toEqual([])
  })

  test('spot orders and an unknown mode are not checked', () => {
    expect(positionModeRule(spot, 'hedge')).toEqual([])
    expect(positionModeRule({ ...futures, posSide: 'long' }, undefined)).toEqual([])
  })
})

describe('instrumentRule', () => {
  test('unified order rule 1: "Futures price must be a multiple of `priceMultiplier` with at most `pricePrecision` decimals"', () => {
    expect(kinds(instrumentRule({ ...futures, price: '100.3' }, btc))).toEqual([['tick', 'price']])
    expect(kinds(instrumentRule({ ...futures, price: '100.25' }, btc))).toEqual([['tick', 'price']])
    expect(instrumentRule({ ...futures, price: '100.5' }, btc)).toEqual([])
  })

  test('unified order rule 1: "futures qty must be at least `minOrderAmount` ... and a multiple of `sizeMultiplier`"', () => {
    expect(kinds(instrumentRule({ ...futures, qty: '0.005' }, btc))).toEqual([['minimum', 'qty']])
    expect(kinds(instrumentRule({ ...futures, qty: '0.015' }, btc))).toEqual([['lot', 'qty']])
  })

  test('decision: Minimum quantity: inclusive (`qty >= minOrderAmount`)', () => {
    expect(instrumentRule({ ...futures, qty: '0.01' }, btc)).toEqual([])
    expect(instrumentRule({ ...spot, qty: '0.01' }, btc)).toEqual([])
  })

  test('unified order rule 2: "Spot price must respect the decimal places; spot qty must exceed (or equal ...) `minOrderAmount`."', () => {
    // The price step and the size step are futures rules; spot checks places and minimum.
    expect(instrumentRule({ ...spot, price: '100.3', qty: '0.015' }, btc)).toEqual([])
    expect(kinds(instrumentRule({ ...spot, price: '100.25', qty: '0.005' }, btc))).toEqual([
      ['precision', 'price'],
      ['minimum', 'qty'],
    ])
    expect(kinds(instrumentRule({ ...spot, category: 'MARGIN', qty: '0.001' }, btc))).toEqual([
      ['minimum', 'qty'],
    ])
  })

  test('qty "spot/margin: market buy in quote coin", so the base-coin minimum does not apply', () => {
    const buy = { ...spot, orderType: 'market', qty: '0.001' } as const
    expect(instrumentRule(buy, btc)).toEqual([])
    expect(kinds(instrumentRule({ ...buy, side: 'sell' }, btc))).toEqual([['minimum', 'qty']])
  })

  test('preset take-profit, stop-loss and their limit prices are tick-checked too', () => {
    const order = {
      ...futures,
      takeProfit: '110.3',
      stopLoss: '90.5',
      tpLimitPrice: '110.25',
      slLimitPrice: '90',
    }
    expect(kinds(instrumentRule(order, btc))).toEqual([
      ['tick', 'takeProfit'],
      ['tick', 'tpLimitPrice'],
    ])
  })

  test('a market order price is ignored, so it is not tick-checked', () => {
    expect(instrumentRule({ ...futures, orderType: 'market', price: '100.3' }, btc)).toEqual([])
  })

  test('an instrument of another symbol is a mismatch and nothing else is checked', () => {
    expect(
      instrumentRule({ ...futures, price: '1.3' }, { ...btc, symbol: 'ETHUSDT' }),
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": ""ETHUSDT" (the symbol of the instrument in the context)",
          "message": "symbol: expected "ETHUSDT" (the symbol of the instrument in the context), received "BTCUSDT"",
          "path": [
            "symbol",
          ],
          "received": ""BTCUSDT"",
          "type": "mismatch",
        },
      ]
    `)
  })

  test('place-batch: "minimum is checked against `minTradeUSDT` here"', () => {
    const options = { minimum: 'minTradeUSDT' } as const
    // 0.01 x 100 = 1 USDT < 5; the size step still applies to futures.
    expect(kinds(instrumentRule({ ...futures, qty: '0.015' }, btc, [2], options))).toEqual([
      ['minimum', '2.qty'],
    ])
    expect(instrumentRule({ ...futures, qty: '0.05' }, btc, [], options)).toEqual([])
    // minOrderAmount is not the batch minimum.
    expect(instrumentRule({ ...spot, qty: '0.001', price: '5000' }, btc, [], options)).toEqual([])
  })

  test('without a category nothing is checked unless asked to check every attribute', () => {
    const order = { ...futures, category: undefined, price: '100.3' }
    expect(instrumentRule(order, btc)).toEqual([])
    expect(kinds(instrumentRule(order, btc, [], { allWithoutCategory: true }))).toEqual([
      ['tick', 'price'],
    ])
  })
})

describe('orderValue', () => {
  test.each([
    ['limit: qty x price', { ...futures, qty: '0.01', price: '450.5' }, '4.505'],
    ['spot market buy: qty in quote coin', { ...spot, orderType: 'market', qty: '7' }, '7'],
    [
      'spot market sell: needs the market price',
      { ...spot, orderType: 'market', side: 'sell' },
      undefined,
    ],
    ['futures market: needs the market price', { ...futures, orderType: 'market' }, undefined],
    ['COIN-FUTURES: qty is in USD, not USDT', { ...futures, category: 'COIN-FUTURES' }, undefined],
  ] as const)('%s', (_, order, value) => {
    expect(orderValue(order)).toBe(value)
  })
})

describe('tpslRule', () => {
  test.each([
    ['tpOrderType', 'tpLimitPrice'],
    ['slOrderType', 'slLimitPrice'],
  ] as const)(
    '%s/%s "only effective when tpOrderType=limit" (slOrderType=limit)',
    (type, price) => {
      expect(tpslRule({ [type]: 'limit', [price]: '1' })).toEqual([])
      // decision: a limit price for a market tp/sl would be silently ignored, so it is rejected.
      expect(kinds(tpslRule({ [type]: 'market', [price]: '1' }))).toEqual([['forbidden', price]])
      expect(kinds(tpslRule({ [price]: '1' }))).toEqual([['forbidden', price]])
      expect(kinds(tpslRule({ [type]: 'limit' }))).toEqual([['missing', price]])
    },
  )
})

describe('productLineRule', () => {
  test('tpOrderType/slOrderType "rToken pairs support only `market`"', () => {
    const order = { symbol: 'rAAPLUSDT', tpOrderType: 'limit', slOrderType: 'market' } as const
    expect(kinds(productLineRule(order))).toEqual([['unsupported', 'tpOrderType']])
    expect(productLineRule({ ...order, symbol: 'BTCUSDT' })).toEqual([])
  })

  test.each(['venue', 'rTokenTimeInForce'] as const)('%s "rToken pairs only"', (field) => {
    expect(productLineRule({ symbol: 'rAAPLUSDT', [field]: 'gtc' })).toEqual([])
    expect(kinds(productLineRule({ symbol: 'RUNEUSDT', [field]: 'gtc' }))).toEqual([
      ['forbidden', field],
    ])
  })

  test('unified order rule 7: "that line does not support ... preset take-profit/stop-loss"', () => {
    const order = { symbol: 'BTCUSD_CM', takeProfit: '1', slTriggerBy: 'mark' }
    expect(kinds(productLineRule(order))).toEqual([
      ['unsupported', 'takeProfit'],
      ['unsupported', 'slTriggerBy'],
    ])
    expect(productLineRule({ ...order, symbol: 'BTCUSD' })).toEqual([])
  })
})

describe('rpiRule', () => {
  test('`rpi` ... only for accounts holding the RPI market-maker permission', () => {
    expect(kinds(rpiRule({ timeInForce: 'rpi' }, false))).toEqual([['forbidden', 'timeInForce']])
    expect(rpiRule({ timeInForce: 'rpi' }, true)).toEqual([])
    expect(rpiRule({ timeInForce: 'rpi' }, undefined)).toEqual([])
    expect(rpiRule({ timeInForce: 'gtc' }, false)).toEqual([])
  })
})

describe('holdingLimitRule', () => {
  test('unified order rule 6: "at most 400 orders across all USDT, COIN and USDC futures pairs together"', () => {
    expect(holdingLimitRule('COIN-FUTURES', { futures: 399 })).toEqual([])
    expect(holdingLimitRule('COIN-FUTURES', { futures: 400 })).toMatchInlineSnapshot(`
      [
        {
          "expected": "at most 400 open orders across all USDT, COIN and USDC futures pairs",
          "message": "request: holding limit of at most 400 open orders across all USDT, COIN and USDC futures pairs; 400 are open and 1 would be added",
          "path": [],
          "received": "400 open + 1 new",
          "type": "range",
        },
      ]
    `)
    expect(holdingLimitRule('USDT-FUTURES', { spotMargin: 400 })).toEqual([])
  })

  test('unified order rule 6: "at most 400 orders across all spot and margin pairs together"', () => {
    expect(kinds(holdingLimitRule('MARGIN', { spotMargin: 390 }, 11))).toEqual([['range', '']])
    expect(holdingLimitRule('SPOT', { spotMargin: 390 }, 10)).toEqual([])
    expect(holdingLimitRule('SPOT', { futures: 400 })).toEqual([])
  })
})

describe('tpslFields', () => {
  test('lists every preset take-profit/stop-loss field of place-order', () => {
    expect(tpslFields).toHaveLength(8)
    expect(tpslFields.every((field) => /^(tp|sl|takeProfit|stopLoss)/.test(field))).toBe(true)
  })
})

describe('priceRulesOf', () => {
  test('spot: one object per instrument, made again when its symbol or decimal places change', () => {
    const instrument: { symbol: string; pricePrecision: number; minOrderAmount: string } = {
      symbol: 'ETHUSDT',
      pricePrecision: 2,
      minOrderAmount: '1',
    }
    const first = priceRulesOf('SPOT', instrument)
    expect(first).toEqual({ symbol: 'ETHUSDT', pricePrecision: 2 })
    expect(priceRulesOf('MARGIN', instrument)).toBe(first)
    instrument.pricePrecision = 1
    const changed = priceRulesOf('SPOT', instrument)
    expect(changed).toEqual({ symbol: 'ETHUSDT', pricePrecision: 1 })
    const order = { category: 'SPOT', symbol: 'ETHUSDT', orderType: 'limit', qty: '2' } as const
    expect(instrumentRule({ ...order, price: '3000.25' }, instrument).map((i) => i.type)).toEqual([
      'precision',
    ])
    expect(priceRulesOf('USDT-FUTURES', instrument)).toBe(instrument)
  })
})
