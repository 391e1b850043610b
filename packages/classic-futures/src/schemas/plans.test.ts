import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  cancelPlanResult,
  planAck,
  planHistoryOrder,
  planHistoryPage,
  planOrder,
  planPage,
  planSubOrder,
  planSubOrders,
  posTpslAck,
  posTpslAcks,
} from './plans.js'

const data = (name: string): unknown => exchangeFixture(name).data

/** Every key of `item` is one the schema reads (none only kept as unknown). */
const keysRead = (item: unknown, schema: { entries: Record<string, unknown> }) =>
  Object.keys(item as object).filter((key) => !(key in schema.entries))

describe('the documented classic plan records parse key for key (fixtures/exchange/classic.mix.order.*plan*.json)', () => {
  test.each([
    'classic.mix.order.place-plan-order.json',
    'classic.mix.order.place-tpsl-order.json',
    'classic.mix.order.modify-plan-order.json',
    'classic.mix.order.modify-tpsl-order.json',
  ])('%s: { orderId, clientOid }', (name) => {
    const raw = data(name) as Record<string, string>
    expect(keysRead(raw, planAck)).toEqual([])
    expect(v.parse(planAck, raw)).toEqual({ orderId: raw.orderId, clientOid: raw.clientOid })
  })

  test('place-pos-tpsl: a list of { orderId, stopSurplusClientOid, stopLossClientOid }', () => {
    const raw = data('classic.mix.order.place-pos-tpsl.json') as object[]
    for (const item of raw) expect(keysRead(item, posTpslAck)).toEqual([])
    expect(v.parse(posTpslAcks, raw)).toEqual(raw)
  })

  test('cancel-plan-order: successList and failureList with errorMsg; "" clientOid is null', () => {
    const raw = data('classic.mix.order.cancel-plan-order.json') as Record<string, object[]>
    const parsed = v.parse(cancelPlanResult, raw)
    expect(parsed.successList[1]).toEqual({ orderId: '123', clientOid: '' })
    expect(parsed.failureList[0]).toEqual({
      orderId: '3',
      clientOid: '123',
      errorMsg: 'notExistend',
    })
  })

  test('orders-plan-pending: every key read; decimals as decimal strings, "" as null', () => {
    const raw = data('classic.mix.order.orders-plan-pending.json') as {
      entrustedList: Record<string, string>[]
    }
    const [item] = raw.entrustedList
    expect(keysRead(item, planOrder)).toEqual([])
    const page = v.parse(planPage, raw)
    expect(page.endId).toBe('123')
    const parsed = page.entrustedList[0] as Record<string, unknown>
    for (const [key, value] of Object.entries(item ?? {}))
      expect(parsed[key], key).toBe(value === '' && key !== 'clientOid' ? null : value)
  })

  test('orders-plan-history: every key read, with executeOrderId, priceAvg and baseVolume', () => {
    const raw = data('classic.mix.order.orders-plan-history.json') as {
      entrustedList: Record<string, string>[]
    }
    const [item] = raw.entrustedList
    expect(keysRead(item, planHistoryOrder)).toEqual([])
    const parsed = v.parse(planHistoryPage, raw).entrustedList[0] as Record<string, unknown>
    for (const [key, value] of Object.entries(item ?? {}))
      expect(parsed[key], key).toBe(value === '' && key !== 'clientOid' ? null : value)
    expect(parsed).toMatchObject({ executeOrderId: '123456', planStatus: 'executed' })
  })

  test('plan-sub-order: a bare list of { orderId, price, type, status }, every key read', () => {
    const raw = data('classic.mix.order.plan-sub-order.json') as Record<string, string>[]
    for (const item of raw) expect(keysRead(item, planSubOrder)).toEqual([])
    expect(v.parse(planSubOrders, raw)).toEqual([
      { orderId: 'xxxxxxxxxxxxx', price: '0.4188', type: 'limit', status: 'success' },
    ])
    expect(v.parse(planSubOrders, null)).toEqual([])
  })
})
