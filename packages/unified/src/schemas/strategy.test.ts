import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { strategyOrderPage, strategyOrderRecord } from './strategy.js'

describe('strategyOrderRecord', () => {
  test('reads every field the sandbox sends; decimals, ids and times arriving as numbers become strings', () => {
    const record = v.parse(strategyOrderRecord, {
      orderId: 5001,
      clientOid: null,
      category: 'SPOT',
      symbol: 'ETHUSDT',
      type: 'twap',
      status: 'triggered',
      side: 'buy',
      qty: 0.3,
      twapParams: [
        { duration: 60, interval: 10, orderType: 'limit', limitOffsetPercentage: 0.005 },
      ],
      triggeredLeg: 'trigger',
      orderIds: [1001, '1002'],
      createdTime: 1700000000000,
      updatedTime: '1700000001000',
    })
    expect(record).toEqual({
      orderId: '5001',
      clientOid: null,
      category: 'SPOT',
      symbol: 'ETHUSDT',
      type: 'twap',
      status: 'triggered',
      side: 'buy',
      qty: '0.3',
      twapParams: [
        { duration: '60', interval: '10', orderType: 'limit', limitOffsetPercentage: '0.005' },
      ],
      triggeredLeg: 'trigger',
      orderIds: ['1001', '1002'],
      createdTime: '1700000000000',
      updatedTime: '1700000001000',
    })
  })

  test('the lists of oco, trailing_stop and iceberg orders, with a field it does not know kept', () => {
    const record = v.parse(strategyOrderRecord, {
      orderId: '1',
      type: 'oco',
      ocoParams: [{ ocoLimitPrice: 2900, ocoTriggerPrice: '3500', ocoOrderType: 'market' }],
      trailingStopParams: [{ activationPrice: '3300', trailType: 'ratio', trailVariance: 1.5 }],
      icebergParams: [{ splitMode: 'order', splitOrderNumbers: 10, priceLimit: null }],
      somethingNew: { a: 1 },
    })
    expect(record.clientOid).toBeNull()
    expect(record.ocoParams?.[0]?.ocoLimitPrice).toBe('2900')
    expect(record.trailingStopParams?.[0]?.trailVariance).toBe('1.5')
    expect(record.icebergParams?.[0]).toEqual({
      splitMode: 'order',
      splitOrderNumbers: '10',
      priceLimit: null,
    })
    expect(record).toMatchObject({ somethingNew: { a: 1 } })
  })

  test('a record without an orderId, or with a price that is not a decimal, is refused', () => {
    expect(v.safeParse(strategyOrderRecord, { clientOid: 'x' }).success).toBe(false)
    expect(v.safeParse(strategyOrderRecord, { orderId: '1', stopLoss: true }).success).toBe(false)
  })
})

describe('strategyOrderPage', () => {
  test('a page without a cursor is the last', () => {
    expect(v.parse(strategyOrderPage, { list: [] })).toEqual({ list: [], cursor: null })
  })
})
