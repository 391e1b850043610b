import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  adlRankRecord,
  adlRanks,
  billPage,
  closedPositionPage,
  fundingHistoryRecords,
  fundingRateRecords,
  transferAck,
  transferRecords,
} from './ledger.js'
import { fillPage, positionRecords } from './records.js'

const data = (name: string): unknown => exchangeFixture(name).data

/** The documented value as the lenient records read it: `""` is `null`, the rest as sent. */
const read = (value: unknown): unknown =>
  value === ''
    ? null
    : Array.isArray(value)
      ? value.map(read)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([k, item]) => [k, read(item)]))
        : value

describe('the documented ledger records parse key for key (fixtures/exchange/classic.*.json)', () => {
  test.each([
    ['classic.mix.account.bill.json', billPage],
    ['classic.mix.order.fill-history.json', fillPage],
    ['classic.mix.position.single-position.json', positionRecords],
    ['classic.mix.position.history-position.json', closedPositionPage],
    ['classic.mix.position.adl-rank.json', adlRanks],
    ['classic.mix.market.current-fund-rate.json', fundingRateRecords],
    ['classic.mix.market.history-fund-rate.json', fundingHistoryRecords],
    ['classic.spot.wallet.transfer.json', transferAck],
    ['classic.spot.account.transferRecords.json', transferRecords],
  ] as const)('%s: every documented key comes out with its value', (name, schema) => {
    const documented = data(name)
    const parsed = v.parse(schema as v.GenericSchema, documented)
    expect(parsed).toMatchObject(read(documented) as object)
  })

  test('bills: a funding bill is contract_settle_fee with a negative amount; fees are negative decimal strings', () => {
    const { bills, endId } = v.parse(billPage, data('classic.mix.account.bill.json'))
    expect(bills.map((b) => [b.businessType, b.amount, b.fee])).toEqual([
      ['contract_settle_fee', '-0.004992', '0'],
      ['open_long', '0', '-0.222012'],
    ])
    expect(bills[0]?.feeByCoupon).toBeNull()
    expect(endId).toBe('2')
  })

  test('history-position: the times as the example spells them (ctime, utime); the table spelling is null when absent', () => {
    const { list } = v.parse(closedPositionPage, data('classic.mix.position.history-position.json'))
    expect(list[0]).toMatchObject({ ctime: '1988824171000', cTime: null, netProfit: '12.1' })
  })

  test('adlRank: a bare list of { symbol, marginCoin, adlRank, rank, holdSide }, every key typed', () => {
    const raw = data('classic.mix.position.adl-rank.json') as Record<string, string>[]
    for (const item of raw)
      expect(Object.keys(item).filter((key) => !(key in adlRankRecord.entries))).toEqual([])
    expect(v.parse(adlRanks, raw)).toEqual([
      {
        symbol: 'MOVEUSDT',
        marginCoin: 'USDT',
        adlRank: '0.2248',
        rank: '0.7752',
        holdSide: 'long',
      },
    ])
    expect(v.parse(adlRanks, null)).toEqual([])
    // Without the deprecated adlRank (once the exchange drops it), it is null.
    expect(v.parse(adlRankRecord, { symbol: 'BTCUSDT', rank: 0.5 })).toMatchObject({
      adlRank: null,
      rank: '0.5',
    })
  })

  test('numbers where strings are documented are read as decimal strings', () => {
    expect(
      v.parse(fundingRateRecords, [{ symbol: 'BTCUSDT', fundingRate: 0.0001 }])[0],
    ).toMatchObject({ fundingRate: '0.0001', nextUpdate: null })
  })
})
