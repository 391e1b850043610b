import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as PositionMode from '../PositionMode.js'
import { placeOrder } from './placeOrder.js'

const kinds = (result: {
  issues?: readonly { type: string; path: readonly unknown[] }[] | undefined
}) => (result.issues ?? []).map((issue) => [issue.type, issue.path.join('.')])

const limit = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  qty: '0.01',
  side: 'buy',
  orderType: 'limit',
  price: '100',
} as const
const instrument = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.5',
  pricePrecision: 1,
  sizeMultiplier: '0.01',
  minOrderAmount: '0.01',
}

describe('placeOrder', () => {
  test('endpoint id, method, path and authentication', () => {
    expect([placeOrder.id, placeOrder.method, placeOrder.path, placeOrder.auth]).toEqual([
      'unified.placeOrder',
      'POST',
      '/api/v3/trade/place-order',
      true,
    ])
  })

  test.each([['category'], ['symbol'], ['qty'], ['side'], ['orderType']] as const)(
    '%s is required ("yes")',
    (field) => {
      const { [field]: _, ...rest } = limit
      expect(kinds(Endpoint.check(placeOrder, rest))).toEqual([['missing', field]])
    },
  )

  test.each([
    ['side', ['buy', 'sell'], 'BUY'],
    ['orderType', ['limit', 'market'], 'stop'],
    ['timeInForce', ['ioc', 'fok', 'gtc', 'post_only', 'rpi'], 'gtd'],
    ['stpMode', ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'], 'cancel'],
    ['tpOrderType', ['limit', 'market'], 'stop'],
    ['pxAmendType', ['no', 'yes'], 'true'],
  ] as const)('%s takes %j', (field, allowed, wrong) => {
    for (const value of allowed) {
      const order = {
        ...limit,
        [field]: value,
        ...(value === 'limit' && field === 'tpOrderType' && { tpLimitPrice: '120' }),
      }
      expect(Endpoint.check(placeOrder, order).success).toBe(true)
    }
    expect(kinds(Endpoint.check(placeOrder, { ...limit, [field]: wrong }))).toEqual([
      ['value', field],
    ])
  })

  test.each([
    ['posSide', ['long', 'short'], 'both'],
    ['reduceOnly', ['yes', 'no'], 'YES'],
    ['tpTriggerBy', ['market', 'mark'], 'index'],
    ['slTriggerBy', ['market', 'mark'], 'last'],
    ['marginMode', ['crossed', 'isolated'], 'cross'],
  ] as const)('futures field %s takes %j', (field, allowed, wrong) => {
    for (const value of allowed)
      expect(Endpoint.check(placeOrder, { ...limit, [field]: value }).success).toBe(true)
    expect(kinds(Endpoint.check(placeOrder, { ...limit, [field]: wrong }))).toEqual([
      ['value', field],
    ])
  })

  test('autoBorrow "`yes`, `no` (default); spot only"', () => {
    const order = { ...limit, category: 'SPOT' }
    expect(Endpoint.check(placeOrder, { ...order, autoBorrow: 'yes' }).success).toBe(true)
    expect(kinds(Endpoint.check(placeOrder, { ...order, autoBorrow: 'maybe' }))).toEqual([
      ['value', 'autoBorrow'],
    ])
  })

  test('venue "`internalization` ... `lit_market`"; rTokenTimeInForce "`gtd` ... `gtc`"', () => {
    const order = { ...limit, category: 'SPOT', symbol: 'rAAPLUSDT' }
    for (const venue of ['internalization', 'lit_market'])
      for (const rTokenTimeInForce of ['gtd', 'gtc'])
        expect(Endpoint.validate(placeOrder, { ...order, venue, rTokenTimeInForce })).toBe(true)
    expect(
      kinds(Endpoint.check(placeOrder, { ...order, venue: 'dark', rTokenTimeInForce: 'day' })),
    ).toEqual([
      ['value', 'venue'],
      ['value', 'rTokenTimeInForce'],
    ])
  })

  test('clientOid "see Order identity" (1 to 32 characters)', () => {
    expect(Endpoint.validate(placeOrder, { ...limit, clientOid: 'a'.repeat(32) })).toBe(true)
    expect(kinds(Endpoint.check(placeOrder, { ...limit, clientOid: 'a'.repeat(33) }))).toEqual([
      ['length', 'clientOid'],
    ])
  })

  test('decision: category is accepted in either case and sent upper-case', () => {
    expect(
      Endpoint.check(placeOrder, { ...limit, category: 'usdt-futures' }).output?.category,
    ).toBe('USDT-FUTURES')
  })

  test('All amounts, prices and quantities in requests are JSON strings', () => {
    expect(kinds(Endpoint.check(placeOrder, { ...limit, qty: 0.01, price: 100 }))).toEqual([
      ['type', 'qty'],
      ['type', 'price'],
    ])
  })

  test('price | string | when limit', () => {
    const { price: _, ...order } = limit
    expect(Endpoint.check(placeOrder, order).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a price (required when orderType is "limit")",
          "message": "price: expected a price (required when orderType is "limit"), received undefined",
          "path": [
            "price",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
    expect(Endpoint.validate(placeOrder, { ...order, orderType: 'market' })).toBe(true)
  })

  test('unified order rule 1: "Futures price must be a multiple of `priceMultiplier`"', () => {
    const result = Endpoint.check(placeOrder, { ...limit, price: '100.3' }, { instrument })
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a multiple of 0.5 (priceMultiplier of BTCUSDT)",
          "message": "price: expected a multiple of 0.5 (priceMultiplier of BTCUSDT), received "100.3"",
          "path": [
            "price",
          ],
          "received": ""100.3"",
          "type": "tick",
        },
      ]
    `)
  })

  test('unified order rule 4: "Hedge mode: open long = side `buy` + posSide `long`; ... close short = `buy` + `short`"', () => {
    for (const intent of PositionMode.intents) {
      const fields = PositionMode.toUnified(intent, 'hedge')
      expect(
        Endpoint.check(placeOrder, { ...limit, ...fields }, { positionMode: 'hedge' }).success,
      ).toBe(true)
    }
    expect(kinds(Endpoint.check(placeOrder, limit, { positionMode: 'hedge' }))).toEqual([
      ['missing', 'posSide'],
    ])
  })

  test('unified order rule 4: "One-way mode: ... close long = `sell` + reduceOnly `yes`; close short = `buy` + reduceOnly `yes`"', () => {
    for (const intent of PositionMode.intents) {
      const fields = PositionMode.toUnified(intent, 'one_way')
      expect(
        Endpoint.validate(placeOrder, { ...limit, ...fields }, { positionMode: 'one_way' }),
      ).toBe(true)
    }
    const hedged = { ...limit, posSide: 'long' }
    expect(kinds(Endpoint.check(placeOrder, hedged, { positionMode: 'one_way' }))).toEqual([
      ['forbidden', 'posSide'],
    ])
  })

  test('timeInForce "ignored for rToken pairs" and "market orders run as `ioc`": accepted', () => {
    const rToken = { ...limit, category: 'SPOT', symbol: 'rAAPLUSDT', timeInForce: 'fok' }
    expect(Endpoint.validate(placeOrder, rToken)).toBe(true)
    const market = { ...limit, orderType: 'market', timeInForce: 'gtc' }
    expect(Endpoint.validate(placeOrder, market)).toBe(true)
  })

  test('`rpi` ... only for accounts holding the RPI market-maker permission', () => {
    const order = { ...limit, timeInForce: 'rpi' }
    expect(kinds(Endpoint.check(placeOrder, order, { rpiPermission: false }))).toEqual([
      ['forbidden', 'timeInForce'],
    ])
    expect(Endpoint.validate(placeOrder, order, { rpiPermission: true })).toBe(true)
  })

  test('unified order rule 6: "at most 400 orders across all USDT, COIN and USDC futures pairs together"', () => {
    expect(kinds(Endpoint.check(placeOrder, limit, { openOrders: { futures: 400 } }))).toEqual([
      ['range', ''],
    ])
    expect(Endpoint.validate(placeOrder, limit, { openOrders: { futures: 399 } })).toBe(true)
  })

  test('unified order rule 7: "COIN-margined symbols of the new line are written `<BASE>USD_CM`; that line does not support ... preset take-profit/stop-loss"', () => {
    const order = { ...limit, category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', stopLoss: '90' }
    expect(kinds(Endpoint.check(placeOrder, order))).toEqual([['unsupported', 'stopLoss']])
  })

  test('one mistake, one message: a futures price off the step and the decimal places is one issue of the ValidationError', () => {
    const order = { ...limit, price: '100.25' }
    const error = (() => {
      try {
        Endpoint.assert(placeOrder, order, { instrument })
      } catch (e) {
        return e as Endpoint.ValidationError
      }
    })()
    expect(error?.issues.map((issue) => [issue.type, issue.path.join('.')])).toEqual([
      ['tick', 'price'],
    ])
    expect(error?.message).toMatchInlineSnapshot(`
      "Invalid request for unified.placeOrder: 1 issue.

      - price: expected a multiple of 0.5 (priceMultiplier of BTCUSDT), received "100.25"; also expected at most 1 decimal place (pricePrecision of BTCUSDT)"
    `)
  })

  test('every issue at once: schema, cross-field, mode and instrument rules', () => {
    const order = {
      ...limit,
      category: 'SPOT',
      side: 'hold',
      price: '100.25',
      posSide: 'long',
      slLimitPrice: '90',
      venue: 'lit_market',
      extra: true,
    }
    expect(kinds(Endpoint.check(placeOrder, order, { instrument, positionMode: 'hedge' }))).toEqual(
      [
        ['value', 'side'],
        ['unknown', 'extra'],
        ['forbidden', 'posSide'],
        ['precision', 'price'],
        ['forbidden', 'slLimitPrice'],
        ['forbidden', 'venue'],
      ],
    )
  })
})
