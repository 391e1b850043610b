import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import { describe, expect, test } from 'vitest'
import { asOrderDetail, closedPosition, isClosedPosition, readClassicPush } from './records.js'

const push = (name: string): { action: string; arg: Record<string, unknown>; data: unknown[] } =>
  exchangeFixture(name)

describe('readClassicPush: the documented pushes (fixtures/exchange/classic.ws.*.json)', () => {
  test("orders (doc): the order-detail shape; accBaseVolume is the filled total (baseVolume), the push's baseVolume the last fill (fillBaseVolume); clientOId read as clientOid", () => {
    const { data, action, arg } = push('classic.ws.orders.json')
    expect([action, arg.channel]).toEqual(['snapshot', 'orders'])
    const order = readClassicPush('orders', data[0])
    expect(order).toMatchObject({
      orderId: '1',
      clientOid: '1',
      symbol: 'BTCUSDT',
      state: 'filled',
      baseVolume: '0.01',
      fillBaseVolume: '0.01',
      size: '0.01',
      priceAvg: '27000.5',
      reduceOnly: 'NO',
      fillPrice: '27000.5',
      tradeId: '1111111111',
      pnl: '0',
      uTime: '1695718781146',
    })
    expect(order).not.toHaveProperty('instId')
    expect(order).not.toHaveProperty('status')
  })

  test('orders (a live push): status live, accBaseVolume "0", no fill fields; one-way tradeSide kept', () => {
    const order = readClassicPush('orders', push('classic.ws.orders.ccxt-live.json').data[0])
    expect(order).toMatchObject({
      orderId: '1286956078633488402',
      clientOid: '1286956078637682690',
      symbol: 'LTCUSDT',
      state: 'live',
      baseVolume: '0',
      tradeSide: 'sell_single',
      posSide: 'net',
      cancelReason: null,
    })
    expect(order).not.toHaveProperty('fillBaseVolume')
  })

  test('fill: the REST fill record (tradeId, baseVolume, feeDetail list), push-only clientOid/orderType/uTime kept', () => {
    const fill = readClassicPush('fill', push('classic.ws.fill.json').data[0])
    expect(fill).toMatchObject({
      tradeId: '222',
      orderId: '111',
      clientOid: '111',
      orderType: 'market',
      baseVolume: '0.01',
      quoteVolume: '510.005',
      feeDetail: [
        { feeCoin: 'USDT', deduction: 'no', totalDeductionFee: '0', totalFee: '-0.183717' },
      ],
      cTime: '1703577336606',
    })
  })

  test('positions: the REST position record; instId → symbol, frozen → locked, leverage 20 (a JSON number) → "20"; posId kept', () => {
    const position = readClassicPush('positions', push('classic.ws.positions.json').data[0])
    expect(position).toMatchObject({
      posId: '1',
      symbol: 'ETHUSDT',
      holdSide: 'short',
      total: '0.1',
      available: '0.1',
      locked: '0',
      leverage: '20',
      openPriceAvg: '1900',
      liquidationPrice: '5788.108475905242',
    })
    expect(isClosedPosition(position)).toBe(false)
    const closed = closedPosition(position)
    expect([closed.total, closed.available, (closed as { closed?: boolean }).closed]).toEqual([
      '0',
      '0',
      true,
    ])
    expect(isClosedPosition(closed)).toBe(true)
  })

  test('account and orders-algo: their own records, numbers as decimal strings', () => {
    expect(readClassicPush('account', push('classic.ws.account.json').data[0])).toMatchObject({
      marginCoin: 'USDT',
      available: '11490.16841069',
      equity: '11489.96841069',
      usdtEquity: '11489.968410691679',
      maxOpenPosAvailable: '10940.45841069',
    })
    expect(
      readClassicPush('orders-algo', push('classic.ws.orders-algo.json').data[0]),
    ).toMatchObject({
      symbol: 'BTCUSDT',
      orderId: '1',
      planType: 'pl',
      triggerPrice: '27000.000000000',
      size: '0.020000000',
      status: 'live',
    })
  })

  test('a record without an order id is refused (a ValiError naming the field); a non-object is a TypeError', () => {
    expect(() => readClassicPush('orders', { instId: 'BTCUSDT' })).toThrow('orderId')
    expect(() => readClassicPush('fill', 'x')).toThrow(TypeError)
  })

  test('asOrderDetail: a pending/history item (status) in the detail shape (state)', () => {
    expect(asOrderDetail({ orderId: '1', status: 'canceled', baseVolume: '0' })).toMatchObject({
      orderId: '1',
      state: 'canceled',
    })
  })
})
