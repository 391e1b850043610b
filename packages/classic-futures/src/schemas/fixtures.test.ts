import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { toInstrument } from './instrument.js'
import {
  batchResult,
  contractRecords,
  fillPage,
  orderDetail,
  pendingPage,
  positionRecords,
} from './records.js'

const data = (name: string): unknown => exchangeFixture(name).data

describe('the documented classic records parse (fixtures/exchange/classic.*.json)', () => {
  test.each([
    ['classic.mix.order.detail.json', orderDetail],
    ['classic.mix.order.detail.older-doc.json', orderDetail],
    ['classic.mix.order.orders-pending.json', pendingPage],
    ['classic.mix.order.orders-pending.jkorf-live.json', pendingPage],
    ['classic.mix.order.batch-place-order.json', batchResult],
    ['classic.mix.position.all-position.json', positionRecords],
    ['classic.mix.position.all-position.older-doc.json', positionRecords],
    ['classic.mix.market.contracts.json', contractRecords],
    ['classic.mix.market.contracts.older-doc.json', contractRecords],
    ['classic.mix.order.fills.json', fillPage],
  ] as const)('%s', (name, schema) => {
    const result = v.safeParse(schema as v.GenericSchema, data(name))
    expect(result.issues).toBeUndefined()
  })

  test('order detail: the status is in state, "" fee is null, unknown fields kept', () => {
    const order = v.parse(orderDetail, data('classic.mix.order.detail.json'))
    expect(order.state).toBe('filled')
    expect(order.fee).toBeNull()
    expect(order.size).toBe('2')
  })

  test('fills: feeDetail is a list of decimal strings, ids are strings, the page cursor is endId', () => {
    const page = v.parse(fillPage, data('classic.mix.order.fills.json'))
    expect(page.endId).toBe('123')
    expect(page.fillList[0]).toMatchObject({
      tradeId: '123',
      orderId: '121212',
      baseVolume: '1',
      quoteVolume: '1902',
      profit: '102',
      feeDetail: [
        {
          deduction: 'yes',
          feeCoin: 'BGB',
          totalDeductionFee: '-0.017118519726',
          totalFee: '-0.017118519726',
        },
      ],
    })
  })

  test('orders-pending with no orders: entrustedList null is [] (docs/records.md)', () => {
    expect(v.parse(pendingPage, { entrustedList: null, endId: null })).toEqual({
      entrustedList: [],
      endId: null,
    })
  })

  test('batch result: failureList items keep errorCode and errorMsg; result absent is null', () => {
    const parsed = v.parse(batchResult, {
      successList: [{ orderId: 1, clientOid: 'a' }],
      failureList: [{ clientOid: 'b', errorCode: '40762', errorMsg: 'too big', extra: 1 }],
    })
    expect(parsed.successList[0]?.orderId).toBe('1')
    expect(parsed.failureList[0]).toMatchObject({
      errorCode: '40762',
      errorMsg: 'too big',
      extra: 1,
    })
    expect(parsed.result).toBeNull()
  })
})

describe('toInstrument', () => {
  test.each([
    [1, 1, '0.1'],
    [1, 5, '0.5'],
    [2, 5, '0.05'],
    [0, 1, '1'],
  ])(
    'tick = priceEndStep x 10^-pricePlace (pricePlace %i, priceEndStep %i: %s)',
    (place, step, tick) => {
      const instrument = toInstrument({
        symbol: 'X',
        pricePlace: place,
        priceEndStep: step,
        sizeMultiplier: '0.001',
        minTradeNum: '0.01',
        minTradeUSDT: '5',
      } as never)
      expect(instrument).toEqual({
        symbol: 'X',
        priceMultiplier: tick,
        pricePrecision: place,
        sizeMultiplier: '0.001',
        minOrderAmount: '0.01',
        minTradeUSDT: '5',
        // An error about the minimum names the contract's own field.
        recordNames: { minOrderAmount: 'minTradeNum' },
      })
    },
  )

  test('the documented contracts map to the rules attributes', () => {
    const [first] = v.parse(contractRecords, data('classic.mix.market.contracts.json'))
    expect(toInstrument(first!)).toMatchObject({ symbol: first!.symbol })
  })
})
