import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  accountLongShortRecords,
  longShortRecords,
  positionLongShortRecords,
  takerVolumeRecords,
  vipFeeRateRecords,
} from './analytics.js'

const data = (name: string): unknown => exchangeFixture(name).data

describe('the documented analytics examples parse key for key (fixtures/exchange/classic.mix.market.*.json)', () => {
  test.each([
    ['classic.mix.market.long-short.json', longShortRecords],
    ['classic.mix.market.account-long-short.json', accountLongShortRecords],
    ['classic.mix.market.position-long-short.json', positionLongShortRecords],
    ['classic.mix.market.taker-buy-sell.json', takerVolumeRecords],
    ['classic.mix.market.vip-fee-rate.json', vipFeeRateRecords],
  ] as const)('%s', (name, records) => {
    const raw = data(name)
    expect(v.parse(records, raw)).toEqual(raw)
  })

  test('leniently: null data is [], a missing or "" ratio is null, a JSON number a decimal string, an unknown field kept', () => {
    expect(v.parse(longShortRecords, null)).toEqual([])
    expect(
      v.parse(positionLongShortRecords, [
        { longPositionRatio: 1, shortPositionRatio: '0', longShortPositionRatio: '', extra: 'x' },
      ]),
    ).toEqual([
      {
        longPositionRatio: '1',
        shortPositionRatio: '0',
        longShortPositionRatio: null,
        ts: null,
        extra: 'x',
      },
    ])
  })
})
