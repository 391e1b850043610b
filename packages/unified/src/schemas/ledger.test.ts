import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  closeResults,
  financialRecordPage,
  fundingHistoryPage,
  fundingRateRecords,
  positionHistoryPage,
} from './ledger.js'

const data = (name: string): unknown => exchangeFixture(name).data

describe('the documented ledger records parse key for key (fixtures/exchange/uta.*.json)', () => {
  test.each([
    ['uta.account.financial-records.json', financialRecordPage],
    ['uta.position.history-position.json', positionHistoryPage],
    ['uta.trade.close-positions.json', closeResults],
    ['uta.market.current-fund-rate.json', fundingRateRecords],
    ['uta.market.history-fund-rate.json', fundingHistoryPage],
  ] as const)('%s: every documented key comes out with its value', (name, schema) => {
    const documented = data(name)
    expect(v.parse(schema as v.GenericSchema, documented)).toEqual(documented)
  })

  test('financial records: the fee is a negative decimal string, the category as sent ("Margin")', () => {
    const { list, cursor } = v.parse(
      financialRecordPage,
      data('uta.account.financial-records.json'),
    )
    expect(list[0]).toMatchObject({
      category: 'Margin',
      type: 'ORDER_DEALT_IN',
      fee: '-0.00000531',
    })
    expect(cursor).toBe('122222222222222222')
  })

  test('close-positions: a failed item keeps its code and message', () => {
    const { list } = v.parse(closeResults, data('uta.trade.close-positions.json'))
    expect(list[0]).toMatchObject({ code: '24056', msg: 'notExisted' })
  })

  test('a page without a cursor reads it as null; a rate sent as a number is a decimal string', () => {
    expect(v.parse(positionHistoryPage, { list: null })).toEqual({ list: [], cursor: null })
    expect(v.parse(fundingRateRecords, [{ fundingRate: 0.0001 }])[0]?.fundingRate).toBe('0.0001')
  })
})
