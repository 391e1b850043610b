import { describe, expect, test } from 'vitest'
import {
  isTrailing,
  orderTypeDependentFields,
  orderTypeFields,
  orderTypes,
  outsideRthValues,
  sides,
  timesInForce,
} from './order.js'

describe('orderTypes', () => {
  test('Order types (`orderType`): `LO` limit, `MO` market, `LIT` limit if touched, `MIT` market if touched, `TSLPAMT` trailing stop limit by amount, `TSLPPCT` trailing stop limit by percentage.', () => {
    expect(orderTypes).toEqual(['LO', 'MO', 'LIT', 'MIT', 'TSLPAMT', 'TSLPPCT'])
  })
})

describe('sides', () => {
  test('side | string | yes | `Buy`, `Sell`', () => {
    expect(sides).toEqual(['Buy', 'Sell'])
  })
})

describe('timesInForce', () => {
  test('timeInForce | string | yes | `Day`, `GoodTilCanceled`, `GoodTilDate`', () => {
    expect(timesInForce).toEqual(['Day', 'GoodTilCanceled', 'GoodTilDate'])
  })
})

describe('outsideRthValues', () => {
  test('outsideRth | string | US stocks | `RTHOnly`, `AnyTime`, `Overnight`', () => {
    expect(outsideRthValues).toEqual(['RTHOnly', 'AnyTime', 'Overnight'])
  })
})

describe('orderTypeDependentFields', () => {
  test('every field of the table with an order-type condition', () => {
    expect([...orderTypeDependentFields].sort()).toEqual(
      [
        'limitDepthLevel',
        'limitOffset',
        'monitorPrice',
        'submittedPrice',
        'trailingAmount',
        'trailingPercent',
        'triggerCount',
        'triggerPrice',
      ].sort(),
    )
  })
})

describe('orderTypeFields', () => {
  /** The order types whose row lists `field` as required. */
  const requiredBy = (field: string) =>
    orderTypes.filter((type) =>
      (orderTypeFields[type].required as readonly string[]).includes(field),
    )
  /** The order types that accept `field` at all. */
  const acceptedBy = (field: string) =>
    orderTypes.filter((type) =>
      [...orderTypeFields[type].required, ...orderTypeFields[type].optional].includes(
        field as never,
      ),
    )

  test.each([
    ['submittedPrice | string | LO, LIT', 'submittedPrice', ['LO', 'LIT']],
    ['triggerPrice | string | LIT, MIT', 'triggerPrice', ['LIT', 'MIT']],
    ['trailingAmount | string | TSLPAMT', 'trailingAmount', ['TSLPAMT']],
    ['trailingPercent | string | TSLPPCT', 'trailingPercent', ['TSLPPCT']],
  ])('%s', (_, field, types) => {
    expect(requiredBy(field)).toEqual(types)
    expect(acceptedBy(field)).toEqual(types)
  })

  test.each([
    ['limitDepthLevel ... valid for TSLPAMT/TSLPPCT', 'limitDepthLevel', ['TSLPAMT', 'TSLPPCT']],
    [
      'triggerCount ... valid for LIT, MIT, TSLPAMT, TSLPPCT',
      'triggerCount',
      ['LIT', 'MIT', 'TSLPAMT', 'TSLPPCT'],
    ],
    ['monitorPrice ... TSLPAMT/TSLPPCT', 'monitorPrice', ['TSLPAMT', 'TSLPPCT']],
    [
      'limitOffset | string | TSLPAMT/TSLPPCT when limitDepthLevel is 0',
      'limitOffset',
      ['TSLPAMT', 'TSLPPCT'],
    ],
  ])('%s', (_, field, types) => {
    expect(requiredBy(field)).toEqual([])
    expect(acceptedBy(field)).toEqual(types)
  })
})

describe('isTrailing', () => {
  test('TSLPAMT and TSLPPCT only', () => {
    expect(orderTypes.filter(isTrailing)).toEqual(['TSLPAMT', 'TSLPPCT'])
  })
})
