import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { placeOrder } from './placeOrder.js'

const stock = {
  symbol: 'AAPL.US',
  side: 'Buy',
  submittedQuantity: '10',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
} as const

const byType = {
  LO: { orderType: 'LO', submittedPrice: '150' },
  MO: { orderType: 'MO' },
  LIT: { orderType: 'LIT', submittedPrice: '150', triggerPrice: '149' },
  MIT: { orderType: 'MIT', triggerPrice: '149' },
  TSLPAMT: { orderType: 'TSLPAMT', trailingAmount: '2', limitOffset: '0.1' },
  TSLPPCT: { orderType: 'TSLPPCT', trailingPercent: '2.5', limitOffset: '0.1' },
} as const

/** The issues of a request as `[type, path]` pairs. */
const issuesOf = issuesFor(placeOrder)

describe('placeOrder', () => {
  test('is POST /api/v3/stockplus/trade/place-order, signed', () => {
    expect([placeOrder.id, placeOrder.method, placeOrder.path, placeOrder.auth]).toEqual([
      'securities.placeOrder',
      'POST',
      '/api/v3/stockplus/trade/place-order',
      true,
    ])
  })

  test.each(Object.values(byType))('a minimal valid order: %j', (fields) => {
    expect(issuesOf({ ...stock, ...fields })).toEqual([])
  })

  test.each(['symbol', 'orderType', 'side', 'submittedQuantity', 'timeInForce'])(
    '%s | string | yes',
    (key) => {
      const input: Record<string, unknown> = { ...stock, ...byType.LO }
      delete input[key]
      expect(issuesOf(input)).toContainEqual(['missing', key])
    },
  )

  test('symbol | string | yes | ticker.region', () => {
    expect(issuesOf({ ...stock, ...byType.LO, symbol: 'AAPL' })).toEqual([['format', 'symbol']])
  })

  test('option contract symbols use the same form', () => {
    const option = { ...stock, ...byType.LO, symbol: 'AAPL260116C00150000.US' }
    expect(issuesOf(option)).toEqual([])
  })

  test('orderType | string | yes | `LO`, `MO`, `LIT`, `MIT`, `TSLPAMT`, `TSLPPCT`', () => {
    expect(issuesOf({ ...stock, ...byType.LO, orderType: 'STP' })).toEqual([['value', 'orderType']])
  })

  test('side | string | yes | `Buy`, `Sell` (case as written)', () => {
    expect(issuesOf({ ...stock, ...byType.LO, side: 'Sell' })).toEqual([])
    expect(issuesOf({ ...stock, ...byType.LO, side: 'buy' })).toEqual([['value', 'side']])
  })

  test('timeInForce | string | yes | `Day`, `GoodTilCanceled`, `GoodTilDate`', () => {
    expect(issuesOf({ ...stock, ...byType.LO, timeInForce: 'GoodTilCanceled' })).toEqual([])
    expect(issuesOf({ ...stock, ...byType.LO, timeInForce: 'IOC' })).toEqual([
      ['value', 'timeInForce'],
    ])
  })

  test.each([
    ['submittedPrice', 'LO'],
    ['submittedPrice', 'LIT'],
    ['triggerPrice', 'LIT'],
    ['triggerPrice', 'MIT'],
    ['trailingAmount', 'TSLPAMT'],
    ['trailingPercent', 'TSLPPCT'],
  ] as const)('%s | string | %s is required', (key, orderType) => {
    const input: Record<string, unknown> = { ...stock, ...byType[orderType] }
    delete input[key]
    expect(issuesOf(input)).toEqual([['missing', key]])
  })

  test('a required field sent with a wrong value is reported once, not as missing', () => {
    expect(issuesOf({ ...stock, ...byType.LO, submittedPrice: '1e3' })).toEqual([
      ['format', 'submittedPrice'],
    ])
  })

  test.each([
    ['MO', 'submittedPrice', '150'],
    ['MIT', 'submittedPrice', '150'],
    ['TSLPAMT', 'submittedPrice', '150'],
    ['LO', 'triggerPrice', '149'],
    ['TSLPPCT', 'triggerPrice', '149'],
    ['LO', 'trailingAmount', '2'],
    ['TSLPPCT', 'trailingAmount', '2'],
    ['TSLPAMT', 'trailingPercent', '2'],
    ['LIT', 'limitOffset', '0.1'],
    ['LO', 'limitDepthLevel', 1],
    ['MIT', 'limitDepthLevel', 1],
    ['LO', 'monitorPrice', '150'],
    ['LIT', 'monitorPrice', '150'],
    ['LO', 'triggerCount', 1],
    ['MO', 'triggerCount', 1],
  ] as const)(
    'a field not valid for the order type: %s with %s is forbidden',
    (type, key, value) => {
      expect(issuesOf({ ...stock, ...byType[type], [key]: value })).toEqual([['forbidden', key]])
    },
  )

  test('the forbidden issue names the order type', () => {
    expect(
      Endpoint.check(placeOrder, { ...stock, ...byType.MO, submittedPrice: '150' }).issues,
    ).toMatchInlineSnapshot(`
        [
          {
            "expected": "no value when orderType is MO",
            "message": "submittedPrice: expected no value when orderType is MO, received "150"",
            "path": [
              "submittedPrice",
            ],
            "received": ""150"",
            "type": "forbidden",
          },
        ]
      `)
  })

  test('limitOffset | string | TSLPAMT/TSLPPCT when limitDepthLevel is 0 | spread in currency units', () => {
    const { limitOffset: _, ...trailing } = byType.TSLPPCT
    expect(issuesOf({ ...stock, ...trailing, limitDepthLevel: 0 })).toEqual([
      ['missing', 'limitOffset'],
    ])
    expect(issuesOf({ ...stock, ...trailing, limitDepthLevel: 0, limitOffset: '0' })).toEqual([])
  })

  test('decision: an absent limitDepthLevel means 0, so limitOffset is required', () => {
    const { limitOffset: _, ...trailing } = byType.TSLPAMT
    expect(Endpoint.check(placeOrder, { ...stock, ...trailing }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a value when orderType is TSLPAMT and limitDepthLevel is 0",
          "message": "limitOffset: expected a value when orderType is TSLPAMT and limitDepthLevel is 0, received undefined",
          "path": [
            "limitOffset",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
  })

  test('negative = bid level (-1 best bid), positive = ask level (1 best ask); at 0 limitOffset applies', () => {
    const { limitOffset: _, ...trailing } = byType.TSLPAMT
    expect(issuesOf({ ...stock, ...trailing, limitDepthLevel: -1 })).toEqual([])
    expect(issuesOf({ ...stock, ...trailing, limitDepthLevel: 1 })).toEqual([])
    expect(issuesOf({ ...stock, ...byType.TSLPAMT, limitDepthLevel: 1 })).toEqual([
      ['forbidden', 'limitOffset'],
    ])
  })

  test('limitDepthLevel | number | no | integer in [-5, 5]', () => {
    const { limitOffset: _, ...trailing } = byType.TSLPAMT
    const check = (level: unknown) => issuesOf({ ...stock, ...trailing, limitDepthLevel: level })
    expect(check(-5)).toEqual([])
    expect(check(5)).toEqual([])
    expect(check(6)).toEqual([['range', 'limitDepthLevel']])
    expect(check(-6)).toEqual([['range', 'limitDepthLevel']])
    expect(check(1.5)).toEqual([['format', 'limitDepthLevel']])
  })

  test('decision: limitDepthLevel may be an integer string and is sent as a number', () => {
    const { limitOffset: _, ...trailing } = byType.TSLPAMT
    const result = Endpoint.check(placeOrder, { ...stock, ...trailing, limitDepthLevel: '-2' })
    expect(result.output?.limitDepthLevel).toBe(-2)
    expect(issuesOf({ ...stock, ...trailing, limitDepthLevel: '1.0' })).toEqual([
      ['format', 'limitDepthLevel'],
    ])
  })

  test('a limitDepthLevel with a wrong value does not also report limitOffset', () => {
    const { limitOffset: _, ...trailing } = byType.TSLPAMT
    expect(issuesOf({ ...stock, ...trailing, limitDepthLevel: 9 })).toEqual([
      ['range', 'limitDepthLevel'],
    ])
  })

  test('valid for TSLPAMT/TSLPPCT (limitDepthLevel)', () => {
    expect(issuesOf({ ...stock, ...byType.TSLPPCT, limitDepthLevel: 0 })).toEqual([])
    expect(issuesOf({ ...stock, ...byType.LIT, limitDepthLevel: 0 })).toEqual([
      ['forbidden', 'limitDepthLevel'],
    ])
  })

  test('triggerCount | number | no | 0 to 3', () => {
    const check = (count: unknown) => issuesOf({ ...stock, ...byType.MIT, triggerCount: count })
    expect(check(0)).toEqual([])
    expect(check(3)).toEqual([])
    expect(check('2')).toEqual([])
    expect(check(4)).toEqual([['range', 'triggerCount']])
    expect(check(-1)).toEqual([['range', 'triggerCount']])
  })

  test.each(['LIT', 'MIT', 'TSLPAMT', 'TSLPPCT'] as const)(
    'valid for LIT, MIT, TSLPAMT, TSLPPCT (triggerCount): %s',
    (type) => {
      expect(issuesOf({ ...stock, ...byType[type], triggerCount: 2 })).toEqual([])
    },
  )

  test('monitorPrice | string | no | monitoring starts at this price; TSLPAMT/TSLPPCT', () => {
    expect(issuesOf({ ...stock, ...byType.TSLPAMT, monitorPrice: '155' })).toEqual([])
    expect(issuesOf({ ...stock, ...byType.TSLPPCT, monitorPrice: '155' })).toEqual([])
    expect(issuesOf({ ...stock, ...byType.MO, monitorPrice: '155' })).toEqual([
      ['forbidden', 'monitorPrice'],
    ])
  })

  test('trailingPercent | string | TSLPPCT | percentage points (2.5 = 2.5%)', () => {
    const result = Endpoint.check(placeOrder, {
      ...stock,
      ...byType.TSLPPCT,
      trailingPercent: '2.50',
    })
    expect(result.output?.trailingPercent).toBe('2.5')
  })

  test('expireDate | string | when timeInForce=GoodTilDate | YYYY-MM-DD', () => {
    const gtd = { ...stock, ...byType.LO, timeInForce: 'GoodTilDate' }
    expect(issuesOf(gtd)).toEqual([['missing', 'expireDate']])
    expect(issuesOf({ ...gtd, expireDate: '2026-12-31' })).toEqual([])
    expect(issuesOf({ ...gtd, expireDate: '20261231' })).toEqual([['format', 'expireDate']])
  })

  test('expireDate is a real calendar day: 2026-02-30 and 2026-02-29 are rejected', () => {
    const gtd = { ...stock, ...byType.LO, timeInForce: 'GoodTilDate' }
    expect(issuesOf({ ...gtd, expireDate: '2026-02-30' })).toEqual([['format', 'expireDate']])
    expect(issuesOf({ ...gtd, expireDate: '2026-02-29' })).toEqual([['format', 'expireDate']])
    expect(issuesOf({ ...gtd, expireDate: '2028-02-29' })).toEqual([])
  })

  test('expireDate is forbidden unless timeInForce is GoodTilDate', () => {
    expect(issuesOf({ ...stock, ...byType.LO, expireDate: '2026-12-31' })).toEqual([
      ['forbidden', 'expireDate'],
    ])
  })

  test('outsideRth | string | US stocks | `RTHOnly`, `AnyTime`, `Overnight`', () => {
    for (const outsideRth of ['RTHOnly', 'AnyTime', 'Overnight']) {
      expect(issuesOf({ ...stock, ...byType.LO, outsideRth })).toEqual([])
    }
    expect(issuesOf({ ...stock, ...byType.LO, outsideRth: 'Always' })).toEqual([
      ['value', 'outsideRth'],
    ])
  })

  test('decision: outsideRth is required for a US stock (the Required column says "US stocks")', () => {
    const { outsideRth: _, ...withoutRth } = stock
    expect(issuesOf({ ...withoutRth, ...byType.LO })).toEqual([['missing', 'outsideRth']])
  })

  test('decision: outsideRth is optional for a US option contract', () => {
    const { outsideRth: _, ...withoutRth } = stock
    const option = { ...withoutRth, ...byType.LO, symbol: 'AAPL260116C00150000.US' }
    expect(issuesOf(option)).toEqual([])
    expect(issuesOf({ ...option, outsideRth: 'RTHOnly' })).toEqual([])
  })

  test('decision: outsideRth is forbidden outside the US region', () => {
    expect(issuesOf({ ...stock, ...byType.LO, symbol: '700.HK' })).toEqual([
      ['forbidden', 'outsideRth'],
    ])
    const { outsideRth: _, ...withoutRth } = stock
    expect(issuesOf({ ...withoutRth, ...byType.LO, symbol: '700.HK' })).toEqual([])
  })

  test('remark | string | no | at most 64 characters', () => {
    const check = (remark: string) => issuesOf({ ...stock, ...byType.LO, remark })
    expect(check('x'.repeat(64))).toEqual([])
    expect(check('x'.repeat(65))).toEqual([['length', 'remark']])
    // 64 emoji are 128 UTF-16 units but 64 characters.
    expect(check('📈'.repeat(64))).toEqual([])
  })

  test('decision: stockplus prices, quantities and amounts are decimal strings, sent normalised', () => {
    const result = Endpoint.check(placeOrder, {
      ...stock,
      orderType: 'LIT',
      submittedQuantity: '10',
      submittedPrice: '150.250',
      triggerPrice: '149.50',
    })
    expect(result.output).toMatchObject({
      submittedQuantity: '10',
      submittedPrice: '150.25',
      triggerPrice: '149.5',
    })
  })

  test('"A price, a quantity or an amount is a decimal string end to end, never a float": a number is refused, naming the field', () => {
    const result = Endpoint.check(placeOrder, {
      ...stock,
      orderType: 'LO',
      submittedQuantity: 3,
      submittedPrice: 150.1,
    })
    expect(result.issues?.map((issue) => issue.message)).toEqual([
      'submittedQuantity: expected a decimal string such as "150.5" (not a number), received 3',
      'submittedPrice: expected a decimal string such as "150.5" (not a number), received 150.1',
    ])
  })

  test.each([
    ['submittedPrice', { ...byType.LO, submittedPrice: 150 }],
    ['triggerPrice', { ...byType.MIT, triggerPrice: 149 }],
    ['trailingAmount', { ...byType.TSLPAMT, trailingAmount: 2 }],
    ['trailingPercent', { ...byType.TSLPPCT, trailingPercent: 2.5 }],
    ['limitOffset', { ...byType.TSLPPCT, limitOffset: 0.1 }],
    ['monitorPrice', { ...byType.TSLPAMT, monitorPrice: 151 }],
  ])('%s given as a number is a type issue on that field', (field, fields) => {
    expect(issuesOf({ ...stock, ...fields })).toEqual([['type', field]])
  })

  test('quantities and prices must be greater than zero', () => {
    expect(issuesOf({ ...stock, ...byType.LO, submittedQuantity: '0' })).toEqual([
      ['range', 'submittedQuantity'],
    ])
    expect(issuesOf({ ...stock, ...byType.LO, submittedPrice: '-1' })).toEqual([
      ['format', 'submittedPrice'],
    ])
  })

  test('clientOid (string; empty string when not passed; no request field of that name is listed): clientOid is not accepted', () => {
    expect(issuesOf({ ...stock, ...byType.LO, clientOid: 'my-1' })).toEqual([
      ['unknown', 'clientOid'],
    ])
  })

  test('every issue at once', () => {
    expect(
      issuesOf({
        symbol: '700.HK',
        orderType: 'MO',
        side: 'Hold',
        submittedQuantity: 'ten',
        timeInForce: 'GoodTilDate',
        submittedPrice: '1',
        outsideRth: 'AnyTime',
        remark: 'x'.repeat(65),
      }),
    ).toEqual([
      ['value', 'side'],
      ['format', 'submittedQuantity'],
      ['length', 'remark'],
      ['forbidden', 'submittedPrice'],
      ['missing', 'expireDate'],
      ['forbidden', 'outsideRth'],
    ])
  })
})
