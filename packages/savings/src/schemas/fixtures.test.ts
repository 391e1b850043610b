/** The documented savings responses (fixtures/exchange/savings.*.json) parse key for key. */

import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { assetsPage, recordsPage, redeemAck, savingsAccount, subscribeAck } from './holdings.js'
import { subscribeResult } from './records.js'

const data = (name: string): Record<string, unknown> => exchangeFixture(name).data

/** The keys of an object and of the first item of each of its lists, by path. */
function keysOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.length > 0 ? keysOf(value[0], `${path}[0]`) : []
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, item]) => [
    `${path}.${key}`,
    ...keysOf(item, `${path}.${key}`),
  ])
}

describe('the documented savings records parse (fixtures/exchange/savings.earn.savings.*.json)', () => {
  test.each([
    ['savings.earn.savings.subscribe.json', subscribeAck],
    ['savings.earn.savings.redeem.json', redeemAck],
    ['savings.earn.savings.redeem-result.json', subscribeResult],
    ['savings.earn.savings.assets.json', assetsPage],
    ['savings.earn.savings.records.json', recordsPage],
    ['savings.earn.savings.account.json', savingsAccount],
  ] as const)('%s: every documented key is kept', (name, schema) => {
    const raw = data(name)
    const parsed = v.parse(schema as v.GenericSchema, raw)
    // Key for key: every key of the example (nested lists included) is in the record.
    for (const key of keysOf(raw)) expect(keysOf(parsed)).toContain(key)
  })

  test('subscribe and redeem: the orderId as text; the status as sent (both pages show it)', () => {
    expect(v.parse(subscribeAck, data('savings.earn.savings.subscribe.json'))).toEqual({
      orderId: '123123123',
      status: '2000.000000',
    })
    expect(v.parse(redeemAck, data('savings.earn.savings.redeem.json'))).toEqual({
      orderId: '123123123',
      status: '2000.000000',
    })
  })

  test('assets: decimal strings as sent, "" period and holdDays are null, the period type typed', () => {
    const [asset] = v.parse(assetsPage, data('savings.earn.savings.assets.json')).resultList
    expect(asset).toMatchObject({
      productId: '123123123',
      orderId: 'xxxx',
      periodType: 'flexible',
      period: null,
      holdAmount: '100.000',
      lastProfit: '0.01643800',
      totalProfit: '1.25479000',
      holdDays: null,
      status: 'in_holding',
      allowRedemption: null,
      advanceRedeem: null,
      apy: [{ rateLevel: '1', minApy: '0.000000', maxApy: '200.000000', currentApy: '6.00' }],
    })
  })

  test('records: ts in Unix ms, amount a decimal string, orderType and productType typed; endId kept', () => {
    const page = v.parse(recordsPage, data('savings.earn.savings.records.json'))
    expect(page.endId).toBe('456456456456')
    expect(page.resultList[0]).toMatchObject({
      orderId: '123123123123',
      productType: 'flexible',
      amount: '200.000000',
      ts: 1695797014392,
      orderType: 'redeem',
    })
  })

  test('redeem-result: "" msg is null; account: every value a decimal string', () => {
    expect(v.parse(subscribeResult, data('savings.earn.savings.redeem-result.json'))).toEqual({
      result: 'success',
      msg: null,
    })
    const account = v.parse(savingsAccount, data('savings.earn.savings.account.json'))
    expect(account.usdtAmount).toBe('9481.55500000')
    expect(account.btcTotalEarning).toBe('0.00000761')
  })
})
