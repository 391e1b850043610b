/**
 * The securities money records parse key for key (fixtures/exchange/securities.stockplus.asset.*,
 * built from the field lists of bitget-api 3.2.3's typed client: no example is published).
 */
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { cashFlowList, transferRecords } from './moneyRecords.js'

const data = (name: string): any =>
  JSON.parse(
    readFileSync(
      new URL(
        `../../../../fixtures/exchange/securities.stockplus.asset.${name}.json`,
        import.meta.url,
      ),
      'utf8',
    ),
  ).data

/** Each raw key with its value as the lenient record gives it back (`""` is `null`). */
const expected = (raw: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, value === '' ? null : value]))

describe('securities money records (fixtures)', () => {
  test('cash-flow: every key of every movement, balance a signed decimal string, symbol null', () => {
    const raw = data('cash-flow')
    const parsed = v.parse(cashFlowList, raw)
    expect(parsed).toHaveLength(raw.list.length)
    raw.list.forEach((record: Record<string, unknown>, i: number) => {
      expect(parsed[i]).toEqual(expected(record))
    })
    expect(parsed[0]?.balance).toBe('-600.03')
    expect(parsed[1]?.symbol).toBeNull()
  })

  test('cash-flow: a balance sent as a JSON number comes back as a decimal string', () => {
    const [record] = v.parse(cashFlowList, {
      list: [{ ...data('cash-flow').list[0], balance: -0.1 }],
    })
    expect(record?.balance).toBe('-0.1')
  })

  test('transfer-records: the one documented record, every key, read as a list', () => {
    const raw = data('transfer-records')
    expect(v.parse(transferRecords, raw)).toEqual([expected(raw)])
  })

  test('transfer-records: an array (as the sandbox answers) and a { list } both read as the list', () => {
    const raw = data('transfer-records')
    const two = [raw, { ...raw, transferId: 7, amount: 0.5 }]
    const parsed = v.parse(transferRecords, two)
    expect(parsed.map((r) => [r.transferId, r.amount])).toEqual([
      [raw.transferId, raw.amount],
      ['7', '0.5'],
    ])
    expect(v.parse(transferRecords, { list: two })).toEqual(parsed)
    expect(v.parse(transferRecords, null)).toEqual([])
  })
})
