import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { kinds } from '../test/issues.js'
import { placeBatch } from './placeBatch.js'

const order = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  qty: '0.1',
  side: 'buy',
  orderType: 'limit',
  price: '100',
} as const
const instruments = {
  BTCUSDT: { symbol: 'BTCUSDT', priceMultiplier: '0.5', sizeMultiplier: '0.01', minTradeUSDT: '5' },
  ETHUSDT: { symbol: 'ETHUSDT', pricePrecision: 2, minOrderAmount: '1', minTradeUSDT: '5' },
}

describe('placeBatch', () => {
  test('endpoint id, method and path', () => {
    expect([placeBatch.id, placeBatch.method, placeBatch.path]).toEqual([
      'unified.placeBatch',
      'POST',
      '/api/v3/trade/place-batch',
    ])
  })

  test('decision: the body is a top-level JSON array, normalised item by item', () => {
    const result = Endpoint.check(placeBatch, [{ ...order, category: 'usdt-futures' }])
    expect(result.output).toEqual([{ ...order, category: 'USDT-FUTURES' }])
    expect(kinds(Endpoint.check(placeBatch, { orders: [order] }).issues)).toEqual([['type', '']])
  })

  test('at most 20 orders per batch', () => {
    expect(Endpoint.validate(placeBatch, Array(20).fill(order))).toBe(true)
    expect(kinds(Endpoint.check(placeBatch, Array(21).fill(order)).issues)).toEqual([
      ['length', ''],
    ])
    expect(kinds(Endpoint.check(placeBatch, []).issues)).toEqual([['length', '']])
  })

  test('`category` is required and must be identical for all orders of the batch', () => {
    const { category: _, ...noCategory } = order
    const result = Endpoint.check(placeBatch, [
      order,
      { ...order, category: 'COIN-FUTURES' },
      noCategory,
    ])
    expect(kinds(result.issues)).toEqual([
      ['missing', '2.category'],
      ['mismatch', '1.category'],
    ])
    expect(result.issues?.[1]?.message).toBe(
      '[1].category: expected "USDT-FUTURES" (identical for all orders of the batch), received "COIN-FUTURES"',
    )
  })

  test('item fields "symbol ... qty ... side ... orderType" are required, the rest take the place-order values', () => {
    const bad = {
      category: 'SPOT',
      stpMode: 'never',
      pxAmendType: 'y',
      timeInForce: 'day',
      clientOid: '',
    }
    expect(kinds(Endpoint.check(placeBatch, [bad]).issues)).toEqual([
      ['missing', '0.symbol'],
      ['missing', '0.qty'],
      ['missing', '0.side'],
      ['missing', '0.orderType'],
      ['value', '0.timeInForce'],
      ['length', '0.clientOid'],
      ['value', '0.stpMode'],
      ['value', '0.pxAmendType'],
    ])
  })

  test('reduce-only orders are not supported in batch (unsupported, not unknown)', () => {
    const result = Endpoint.check(placeBatch, [{ ...order, reduceOnly: 'yes' }])
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "no reduceOnly (reduce-only orders are not supported in batch)",
          "message": "[0].reduceOnly: expected no reduceOnly (reduce-only orders are not supported in batch), received "yes"",
          "path": [
            0,
            "reduceOnly",
          ],
          "received": ""yes"",
          "type": "unsupported",
        },
      ]
    `)
  })

  test('isolated margin, copy trading and take-profit/stop-loss in batch are announced but unsupported', () => {
    const result = Endpoint.check(placeBatch, [
      { ...order, marginMode: 'isolated', takeProfit: '120', slTriggerBy: 'mark' },
    ])
    expect(kinds(result.issues)).toEqual([
      ['unsupported', '0.marginMode'],
      ['unsupported', '0.takeProfit'],
      ['unsupported', '0.slTriggerBy'],
    ])
    expect(result.issues?.[1]?.expected).toBe(
      'no takeProfit (take-profit/stop-loss in batch is announced but unsupported)',
    )
    // Fields of place-order that the batch table does not list are unknown.
    const venue = Endpoint.check(placeBatch, [{ ...order, venue: 'lit_market' }]).issues
    expect(kinds(venue)).toEqual([['unknown', '0.venue']])
    // The issue names the rule (was "expected never").
    expect(venue?.[0]?.message).toBe(
      '[0].venue: expected a field of a batch item, received an unknown field',
    )
  })

  test('the same futures and margin checks as place-order apply: price, posSide, mode', () => {
    const { price: _, ...market } = order
    const result = Endpoint.check(
      placeBatch,
      [
        { ...market, orderType: 'limit' },
        { ...order, category: 'SPOT', posSide: 'long' },
      ],
      { positionMode: 'hedge' },
    )
    expect(kinds(result.issues)).toEqual([
      ['missing', '0.price'],
      ['missing', '0.posSide'],
      ['forbidden', '1.posSide'],
      ['mismatch', '1.category'],
    ])
  })

  test('tick and lot checks per item, paths like [3, "price"]', () => {
    const orders = [order, order, order, { ...order, price: '100.3', qty: '0.105' }]
    const result = Endpoint.check(placeBatch, orders, { instruments })
    expect(result.issues?.map((issue) => [issue.type, issue.path])).toEqual([
      ['tick', [3, 'price']],
      ['lot', [3, 'qty']],
    ])
  })

  test('one mistake, one issue: a quantity off the step whose order value is below minTradeUSDT gets one `minimum` issue that says both', () => {
    const result = Endpoint.check(placeBatch, [{ ...order, qty: '0.045' }], { instruments })
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "an order value of at least 5 USDT (minTradeUSDT of BTCUSDT) and a multiple of 0.01 (sizeMultiplier of BTCUSDT)",
          "message": "[0].qty: expected an order value of at least 5 USDT (minTradeUSDT of BTCUSDT), received "4.5"; also expected a multiple of 0.01 (sizeMultiplier of BTCUSDT)",
          "path": [
            0,
            "qty",
          ],
          "received": ""4.5"",
          "type": "minimum",
        },
      ]
    `)
  })

  test('the minimum names the coin the value is in: USDC on a USDC-FUTURES contract and on a pair quoted in USDC, USDT otherwise (it said USDT for every one)', () => {
    const usdc = {
      ETHPERP: {
        symbol: 'ETHPERP',
        priceMultiplier: '0.01',
        sizeMultiplier: '0.01',
        minTradeUSDT: '5',
      },
      BTCUSDC: { symbol: 'BTCUSDC', pricePrecision: 2, minTradeUSDT: '5' },
      ...instruments,
    }
    const low = { qty: '0.01', price: '100' } // 1 of the quote coin, below 5
    const expected = (orders: readonly Record<string, unknown>[]) =>
      Endpoint.check(placeBatch, orders, { instruments: usdc }).issues?.map(
        (issue) => issue.expected,
      )
    expect(expected([{ ...order, ...low, category: 'USDC-FUTURES', symbol: 'ETHPERP' }])).toEqual([
      'an order value of at least 5 USDC (minTradeUSDT of ETHPERP)',
    ])
    expect(expected([{ ...order, ...low, category: 'SPOT', symbol: 'BTCUSDC' }])).toEqual([
      'an order value of at least 5 USDC (minTradeUSDT of BTCUSDC)',
    ])
    expect(expected([{ ...order, ...low, category: 'SPOT', symbol: 'ETHUSDT' }])).toEqual([
      'an order value of at least 5 USDT (minTradeUSDT of ETHUSDT)',
    ])
  })

  test('minimum is checked against `minTradeUSDT` here', () => {
    const eth = { ...order, category: 'SPOT', symbol: 'ETHUSDT' } as const
    const result = Endpoint.check(
      placeBatch,
      [
        { ...eth, qty: '0.01', price: '499.99' }, // 4.9999 USDT
        { ...eth, qty: '0.01', price: '500' }, // 5 USDT, below minOrderAmount 1 but that is not the batch minimum
        { ...eth, orderType: 'market', qty: '4' }, // market buy: qty is USDT
        { ...eth, orderType: 'market', side: 'sell', qty: '0.0001' }, // needs the market price
      ],
      { instruments },
    )
    expect(kinds(result.issues)).toEqual([
      ['minimum', '0.qty'],
      ['minimum', '2.qty'],
    ])
    expect(result.issues?.[0]?.expected).toBe(
      'an order value of at least 5 USDT (minTradeUSDT of ETHUSDT)',
    )
  })

  test('unified order rule 6 for a batch: the holding limit counts every order of the batch', () => {
    const orders = Array(5).fill(order)
    expect(
      kinds(Endpoint.check(placeBatch, orders, { openOrders: { futures: 396 } }).issues),
    ).toEqual([['range', '']])
    expect(Endpoint.validate(placeBatch, orders, { openOrders: { futures: 395 } })).toBe(true)
  })

  test('every issue at once: a bad item does not hide the rules of the others', () => {
    const result = Endpoint.check(
      placeBatch,
      [{ ...order, side: 'long' }, { ...order, price: '100.3' }, 'x'],
      { instruments, rpiPermission: false },
    )
    expect(kinds(result.issues)).toEqual([
      ['value', '0.side'],
      ['tick', '1.price'],
      ['type', '2'],
    ])
  })
})
