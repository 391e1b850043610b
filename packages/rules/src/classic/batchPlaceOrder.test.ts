import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { classicBatchSize } from '../Limits.js'
import type { Instrument } from '../TickSize.js'
import { issuesFor } from '../test/issues.js'
import { batchPlaceOrder } from './batchPlaceOrder.js'

const order = { size: '0.01', side: 'buy', orderType: 'limit', price: '65000' } as const
const base = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginCoin: 'USDT',
  marginMode: 'isolated',
  orderList: [order],
} as const
const instrument: Instrument = { symbol: 'BTCUSDT', priceMultiplier: '0.5', sizeMultiplier: '0.01' }

const issuesOf = issuesFor(batchPlaceOrder)

describe('batchPlaceOrder', () => {
  test('a batch of one limit order passes unchanged', () => {
    expect(Endpoint.check(batchPlaceOrder, base)).toEqual({ success: true, output: base })
  })

  test.each(['symbol', 'productType', 'marginCoin', 'marginMode', 'orderList'] as const)(
    '%s | yes',
    (field) => {
      const { [field]: _, ...rest } = base
      expect(issuesOf(rest)).toEqual([['missing', field]])
    },
  )

  test('marginCoin | capitalized', () => {
    expect(issuesOf({ ...base, marginCoin: 'Usdt' })).toEqual([['format', 'marginCoin']])
  })

  test('marginMode | isolated, crossed', () => {
    expect(issuesOf({ ...base, marginMode: 'cross' })).toEqual([['value', 'marginMode']])
  })

  test('orderList | at most 50 items', () => {
    const full = Array.from({ length: classicBatchSize }, () => order)
    expect(issuesOf({ ...base, orderList: full })).toEqual([])
    const result = Endpoint.check(batchPlaceOrder, { ...base, orderList: [...full, order] })
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "at most 50 orders",
          "message": "orderList: expected at most 50 orders, received 51",
          "path": [
            "orderList",
          ],
          "received": "51",
          "type": "length",
        },
      ]
    `)
  })

  test('decision: "Batch request bodies: a top-level JSON array" is the unified form; the classic body is an object with orderList (exchange documentation table)', () => {
    expect(issuesOf([order])).toContainEqual(['missing', 'orderList'])
  })

  test('an empty orderList has nothing to place', () => {
    expect(issuesOf({ ...base, orderList: [] })).toEqual([['length', 'orderList']])
  })

  test('item fields: size, price, side, tradeSide, orderType, force, clientOid, reduceOnly, presetStopSurplusPrice, presetStopLossPrice, stpMode (types and values as in place-order)', () => {
    const full = {
      size: '0.01',
      price: '65000',
      side: 'sell',
      tradeSide: 'open',
      orderType: 'limit',
      force: 'post_only',
      clientOid: 'b-1',
      reduceOnly: 'NO',
      presetStopSurplusPrice: '',
      presetStopLossPrice: '70000',
      stpMode: 'cancel_both',
    }
    expect(issuesOf({ ...base, orderList: [full] })).toEqual([])
    expect(issuesOf({ ...base, orderList: [{ ...order, force: 'day' }] })).toEqual([
      ['value', 'orderList.0.force'],
    ])
    expect(
      issuesOf({ ...base, orderList: [{ ...order, presetStopSurplusExecutePrice: '1' }] }),
    ).toEqual([['unknown', 'orderList.0.presetStopSurplusExecutePrice']])
    expect(issuesOf({ ...base, orderList: [{ side: 'buy', orderType: 'market' }] })).toEqual([
      ['missing', 'orderList.0.size'],
    ])
  })

  test('place-order: "price | when limit" — per item', () => {
    const orderList = [order, { ...order, price: undefined }]
    const result = Endpoint.check(batchPlaceOrder, { ...base, orderList })
    expect(result.issues?.map((issue) => issue.path)).toEqual([['orderList', 1, 'price']])
  })

  test('tradeSide ignored in one-way mode — decision: forbidden per item when the mode is known', () => {
    const orderList = [order, { ...order, tradeSide: 'close' }]
    expect(issuesOf({ ...base, orderList }, { positionMode: 'one_way' })).toEqual([
      ['forbidden', 'orderList.1.tradeSide'],
    ])
  })

  test('classic order rule 1 per item: hedge mode needs tradeSide and takes no reduceOnly', () => {
    const orderList = [
      { ...order, tradeSide: 'open' },
      order,
      { ...order, tradeSide: 'close', reduceOnly: 'YES' },
    ]
    expect(issuesOf({ ...base, orderList }, { positionMode: 'hedge' })).toEqual([
      ['missing', 'orderList.1.tradeSide'],
      ['forbidden', 'orderList.2.reduceOnly'],
    ])
  })

  test('price step and size step per item when the instrument is known', () => {
    const orderList = [order, { ...order, price: '65000.2' }, { ...order, size: '0.015' }]
    const result = Endpoint.check(batchPlaceOrder, { ...base, orderList }, { instrument })
    expect(result.issues?.map((issue) => [issue.type, issue.path])).toEqual([
      ['tick', ['orderList', 1, 'price']],
      ['lot', ['orderList', 2, 'size']],
    ])
  })

  test('per item: preset prices on the price step and a limit order worth at least minTradeUSDT of the batch product type', () => {
    const valued: Instrument = { ...instrument, minTradeUSDT: '5' }
    const orderList = [
      order,
      { ...order, presetStopLossPrice: '60000.2' },
      { ...order, presetStopSurplusPrice: '70000.5', presetStopLossPrice: '' },
      { ...order, price: '100' },
      { ...order, orderType: 'market', price: undefined, size: '0.01' },
    ]
    const result = Endpoint.check(batchPlaceOrder, { ...base, orderList }, { instrument: valued })
    expect(result.issues?.map((issue) => [issue.type, issue.path])).toEqual([
      ['tick', ['orderList', 1, 'presetStopLossPrice']],
      ['minimum', ['orderList', 3, 'size']],
    ])
    const coin = {
      ...base,
      productType: 'COIN-FUTURES',
      marginCoin: 'BTC',
      orderList: [orderList[3]],
    }
    expect(Endpoint.check(batchPlaceOrder, coin, { instrument: valued }).issues).toBeUndefined()
  })

  test('decision: a clientOid used twice in one batch is a duplicate', () => {
    const orderList = [
      { ...order, clientOid: 'a' },
      { ...order, clientOid: 'b' },
      { ...order, clientOid: 'a' },
    ]
    expect(issuesOf({ ...base, orderList })).toEqual([['duplicate', 'orderList.2.clientOid']])
  })

  test('classic order rule 5 (place endpoints): a pair off the elite-trader list is unsupported', () => {
    expect(issuesOf(base, { eliteTraderPairs: ['ETHUSDT'] })).toEqual([['unsupported', 'symbol']])
  })
})
