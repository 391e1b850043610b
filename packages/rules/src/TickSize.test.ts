import { describe, expect, test } from 'vitest'
import * as TickSize from './TickSize.js'

const btc = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.5',
  pricePrecision: 1,
  sizeMultiplier: '0.001',
  minOrderAmount: '0.001',
  minTradeUSDT: '5',
} as const satisfies TickSize.Instrument

const types = (issues: readonly { type: string }[]) => issues.map((issue) => issue.type)

describe('checkPrice', () => {
  test.each([
    ['100.5', []],
    ['100', []],
    ['100.0', []],
    ['0', []],
    ['100.3', ['tick']],
    ['100.50', []],
    ['100.25', ['tick']],
  ] as const)(
    'Futures price must be a multiple of `priceMultiplier` with at most `pricePrecision` decimals (%j)',
    (price, expected) => {
      expect(types(TickSize.checkPrice(price, btc))).toEqual(expected)
    },
  )

  test.each([
    ['1.23', []],
    ['1.234', ['precision']],
    ['1.2', []],
  ] as const)('Spot price must respect the decimal places (%j)', (price, expected) => {
    expect(types(TickSize.checkPrice(price, { symbol: 'ETHUSDT', pricePrecision: 2 }))).toEqual(
      expected,
    )
  })

  test('Where they are read from is not a part of the shown endpoints: an absent attribute is not checked', () => {
    expect(TickSize.checkPrice('1.23456789', { symbol: 'X' })).toEqual([])
  })

  test.each([
    ['100.50', 1],
    ['100.0', 0],
    ['1.2300000', 2],
  ] as const)(
    'decision: the decimal places are counted on the normalised decimal: %j keeps a pricePrecision of %i (trailing zeros do not count)',
    (price, pricePrecision) => {
      expect(TickSize.checkPrice(price, { symbol: 'X', pricePrecision })).toEqual([])
      if (pricePrecision > 0)
        expect(
          types(TickSize.checkPrice(price, { symbol: 'X', pricePrecision: pricePrecision - 1 })),
        ).toEqual(['precision'])
    },
  )

  test('one mistake, one issue: a price off both the step and the decimal places gets one `tick` issue that says both facts once', () => {
    expect(TickSize.checkPrice('100.25', btc, ['orders', 2, 'price'])).toMatchInlineSnapshot(`
      [
        {
          "expected": "a multiple of 0.5 (priceMultiplier of BTCUSDT) and at most 1 decimal place (pricePrecision of BTCUSDT)",
          "message": "orders[2].price: expected a multiple of 0.5 (priceMultiplier of BTCUSDT), received "100.25"; also expected at most 1 decimal place (pricePrecision of BTCUSDT)",
          "path": [
            "orders",
            2,
            "price",
          ],
          "received": ""100.25"",
          "type": "tick",
        },
      ]
    `)
  })

  test('a price off the decimal places only is a `precision` issue', () => {
    expect(
      TickSize.checkPrice('100.25', { symbol: 'X', priceMultiplier: '0.05', pricePrecision: 1 }),
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "at most 1 decimal place (pricePrecision of X)",
          "message": "price: expected at most 1 decimal place (pricePrecision of X), received "100.25"",
          "path": [
            "price",
          ],
          "received": ""100.25"",
          "type": "precision",
        },
      ]
    `)
  })

  test('plural places in the message', () => {
    expect(
      TickSize.checkPrice('1.123', { symbol: 'X', pricePrecision: 2 })[0]?.expected,
    ).toMatchInlineSnapshot(`"at most 2 decimal places (pricePrecision of X)"`)
  })

  test('leaves a value that is not a decimal string to the schema', () => {
    expect(TickSize.checkPrice('1e3', btc)).toEqual([])
  })
})

describe('checkQty', () => {
  test.each([
    ['0.001', []],
    ['1.234', []],
    ['0.0005', ['minimum']],
    ['0.0015', ['lot']],
    ['0', ['minimum']],
  ] as const)(
    'futures qty must be at least `minOrderAmount` ... and a multiple of `sizeMultiplier` (%j)',
    (qty, expected) => {
      expect(types(TickSize.checkQty(qty, btc))).toEqual(expected)
    },
  )

  test('spot qty must exceed (or equal, per the second description) `minOrderAmount`', () => {
    const spot = { symbol: 'ETHUSDT', minOrderAmount: '0.01' }
    expect(types(TickSize.checkQty('0.009', spot))).toEqual(['minimum'])
    expect(types(TickSize.checkQty('0.011', spot))).toEqual([])
  })

  test('decision: Minimum quantity: inclusive (`qty >= minOrderAmount`)', () => {
    expect(TickSize.checkQty('0.001', btc)).toEqual([])
    expect(TickSize.checkQty('0.0010', btc)).toEqual([])
    expect(
      types(TickSize.checkQty('0.00099999', { symbol: 'X', minOrderAmount: '0.001' })),
    ).toEqual(['minimum'])
  })

  test('one mistake, one issue: a quantity below the minimum and off the step gets one `minimum` issue that says both facts once', () => {
    expect(TickSize.checkQty('0.0005', btc)).toMatchInlineSnapshot(`
      [
        {
          "expected": "at least 0.001 (minOrderAmount of BTCUSDT) and a multiple of 0.001 (sizeMultiplier of BTCUSDT)",
          "message": "qty: expected at least 0.001 (minOrderAmount of BTCUSDT), received "0.0005"; also expected a multiple of 0.001 (sizeMultiplier of BTCUSDT)",
          "path": [
            "qty",
          ],
          "received": ""0.0005"",
          "type": "minimum",
        },
      ]
    `)
  })

  test('an issue names the field of the record the instrument was read from (recordNames)', () => {
    const read = {
      ...btc,
      recordNames: { minOrderAmount: 'minOrderQty', sizeMultiplier: 'quantityMultiplier' },
    }
    expect(TickSize.checkQty('0.0005', read)[0]?.expected).toBe(
      'at least 0.001 (minOrderQty of BTCUSDT) and a multiple of 0.001 (quantityMultiplier of BTCUSDT)',
    )
    expect(TickSize.checkPrice('64000.3', read)[0]?.expected).toContain(
      '(priceMultiplier of BTCUSDT)',
    )
  })

  test('the minimum and the step can be switched off', () => {
    expect(TickSize.checkQty('0.0005', btc, { minimum: false, step: false })).toEqual([])
    expect(types(TickSize.checkQty('0.0005', btc, { minimum: false }))).toEqual(['lot'])
    expect(types(TickSize.checkQty('0.0005', btc, { step: false }))).toEqual(['minimum'])
  })

  test('the whole issue names the attribute, the symbol and the path', () => {
    expect(
      TickSize.checkQty('0.0005', btc, { path: ['size'], step: false }),
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "at least 0.001 (minOrderAmount of BTCUSDT)",
          "message": "size: expected at least 0.001 (minOrderAmount of BTCUSDT), received "0.0005"",
          "path": [
            "size",
          ],
          "received": ""0.0005"",
          "type": "minimum",
        },
      ]
    `)
  })

  test('an absent attribute is not checked', () => {
    expect(TickSize.checkQty('0.0000001', { symbol: 'X' })).toEqual([])
  })

  test('leaves a value that is not a decimal string to the schema', () => {
    expect(TickSize.checkQty('', btc)).toEqual([])
  })
})

describe('checkNotional', () => {
  test.each([
    ['4.99', ['minimum']],
    ['5', []],
    ['5.00', []],
    ['1000', []],
  ] as const)(
    'minimum is checked against `minTradeUSDT` here (place-batch, order value %j USDT)',
    (notional, expected) => {
      expect(types(TickSize.checkNotional(notional, btc))).toEqual(expected)
    },
  )

  test('the whole issue', () => {
    expect(TickSize.checkNotional('4.99', btc, [0, 'qty'])).toMatchInlineSnapshot(`
      [
        {
          "expected": "an order value of at least 5 USDT (minTradeUSDT of BTCUSDT)",
          "message": "[0].qty: expected an order value of at least 5 USDT (minTradeUSDT of BTCUSDT), received "4.99"",
          "path": [
            0,
            "qty",
          ],
          "received": ""4.99"",
          "type": "minimum",
        },
      ]
    `)
  })

  test('no minTradeUSDT, no check', () => {
    expect(TickSize.checkNotional('0.01', { symbol: 'X' })).toEqual([])
  })
})

describe('roundPrice', () => {
  test.each([
    ['100.37', 'down', '100'],
    ['100.37', 'up', '100.5'],
    ['100.37', 'nearest', '100.5'],
    ['100.2', 'nearest', '100'],
  ] as const)('rounds %j %s to the price step', (price, rounding, expected) => {
    const rounded = TickSize.roundPrice(price, { symbol: 'X', priceMultiplier: '0.5' }, rounding)
    expect(rounded).toBe(expected)
    expect(TickSize.checkPrice(rounded, { symbol: 'X', priceMultiplier: '0.5' })).toEqual([])
  })

  test('rounds to the places alone when there is no step', () => {
    expect(TickSize.roundPrice('1.23456', { symbol: 'X', pricePrecision: 2 }, 'up')).toBe('1.24')
  })

  test('returns the price unchanged when the instrument has neither', () => {
    expect(TickSize.roundPrice('1.23456', { symbol: 'X' })).toBe('1.23456')
  })

  test('refuses a step of 0: rounding to it has no answer', () => {
    expect(() => TickSize.roundPrice('1.23', { symbol: 'X', priceMultiplier: '0' })).toThrow(
      TickSize.InvalidInstrumentError,
    )
  })

  test('a step with more places than allowed: 0.25 at one place rounds to 0.5 steps (counterexample)', () => {
    const odd = { symbol: 'X', priceMultiplier: '0.25', pricePrecision: 1 }
    expect(TickSize.roundPrice('0.25', odd, 'nearest')).toBe('0.5')
    expect(TickSize.roundPrice('0.74', odd, 'down')).toBe('0.5')
    expect(TickSize.checkPrice(TickSize.roundPrice('0.25', odd), odd)).toEqual([])
  })

  test.each([
    ['1', '1.1', 'up', '11'],
    ['2', '0.26', 'down', '0'],
    ['2', '0.26', 'up', '13'],
  ] as const)(
    'counterexample: %j with step %j at no places, rounded %s, is %j',
    (price, priceMultiplier, rounding, expected) => {
      const odd = { symbol: 'X', priceMultiplier, pricePrecision: 0 }
      expect(TickSize.roundPrice(price, odd, rounding)).toBe(expected)
      expect(TickSize.checkPrice(expected, odd)).toEqual([])
    },
  )

  test('a step of 0.3 at no places rounds to 3 (counterexample)', () => {
    const odd = { symbol: 'X', priceMultiplier: '0.3', pricePrecision: 0 }
    expect(TickSize.roundPrice('0.9', odd, 'up')).toBe('3')
    expect(TickSize.checkPrice('3', odd)).toEqual([])
  })
})

describe('rounding returns normalised text', () => {
  test.each([
    ['100.37', { priceMultiplier: '0.5' }, 'down', '100'],
    ['100.37', { priceMultiplier: '0.05' }, 'up', '100.4'],
    ['100.04', { priceMultiplier: '0.1', pricePrecision: 1 }, 'nearest', '100'],
    ['7', { priceMultiplier: '0.50' }, 'down', '7'],
    ['1.999', { pricePrecision: 2 }, 'up', '2'],
  ] as const)(
    'decision: roundPrice(%j, %j, %j) is %j, without trailing zeros (the value the exchange is sent)',
    (price, attributes, rounding, expected) => {
      expect(TickSize.roundPrice(price, { symbol: 'X', ...attributes }, rounding)).toBe(expected)
    },
  )

  test.each([
    ['1.2000', '0.0001', '1.2'],
    ['0.00049', '0.001', '0'],
    ['5', '0.5', '5'],
  ] as const)('decision: roundQty(%j) to the step %j is %j', (qty, sizeMultiplier, expected) => {
    expect(TickSize.roundQty(qty, { symbol: 'X', sizeMultiplier })).toBe(expected)
  })
})

describe('roundQty', () => {
  test('rounds down by default, so an order never grows', () => {
    expect(TickSize.roundQty('1.2345', btc)).toBe('1.234')
    expect(TickSize.roundQty('1.2349', btc)).toBe('1.234')
  })

  test.each([
    ['up', '1.235'],
    ['nearest', '1.235'],
  ] as const)('rounds %s when asked', (rounding, expected) => {
    expect(TickSize.roundQty('1.2345', btc, rounding)).toBe(expected)
  })

  test('counterexample: a multiple of the step longer than 64 digits is left as it is', () => {
    const qty = '81975174408277506694059231117406738238843995207950890997454229081297500'
    const rounded = TickSize.roundQty(qty, { symbol: 'X', sizeMultiplier: '36553' })
    expect(rounded).toBe('81975174408277506694059231117406738238843995207950890997454229081297500')
    expect(TickSize.checkQty(rounded, { symbol: 'X', sizeMultiplier: '36553' })).toEqual([])
  })

  test('returns the quantity unchanged without a step', () => {
    expect(TickSize.roundQty('1.2345', { symbol: 'X' })).toBe('1.2345')
  })
})

describe('checkInstrument', () => {
  test.each([
    ['pricePrecision', Number.NaN],
    ['pricePrecision', -1],
    ['pricePrecision', 1.5],
    ['priceMultiplier', '0'],
    ['priceMultiplier', 'abc'],
    ['sizeMultiplier', '0.000'],
    ['minOrderAmount', '1e-3'],
    ['minTradeUSDT', '-5'],
  ] as const)(
    'a malformed %s (%s) is an issue on the instrument, not a skipped rule',
    (name, value) => {
      const instrument = { symbol: 'BTCUSDT', [name]: value } as TickSize.Instrument
      expect(TickSize.checkInstrument(instrument)).toEqual([
        expect.objectContaining({ type: 'format', path: ['instrument', name] }),
      ])
    },
  )

  test('a well-formed instrument has no issues', () => {
    expect(
      TickSize.checkInstrument({
        symbol: 'BTCUSDT',
        priceMultiplier: '0.5',
        pricePrecision: 1,
        sizeMultiplier: '0.001',
        minOrderAmount: '0',
        minTradeUSDT: '5',
      }),
    ).toEqual([])
  })

  test('the checks report a malformed attribute instead of passing or throwing', () => {
    expect(
      TickSize.checkPrice('1.123456789', { symbol: 'X', pricePrecision: Number.NaN }).map(
        (i) => i.path,
      ),
    ).toEqual([['instrument', 'pricePrecision']])
    expect(
      TickSize.checkQty('1', { symbol: 'X', sizeMultiplier: 'abc' }).map((i) => i.path),
    ).toEqual([['instrument', 'sizeMultiplier']])
    expect(() => TickSize.roundQty('1', { symbol: 'X', sizeMultiplier: '0' })).toThrow(
      TickSize.InvalidInstrumentError,
    )
  })
})
