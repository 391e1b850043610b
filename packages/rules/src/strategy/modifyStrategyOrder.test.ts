import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { modifyStrategyOrder } from './modifyStrategyOrder.js'

const kinds = (input: object) =>
  Endpoint.check(modifyStrategyOrder, input).issues?.map((issue) => [
    issue.type,
    issue.path.join('.'),
  ]) ?? []

describe('modifyStrategyOrder', () => {
  test('decision: endpoints named only in navigation are provided at the exchange\'s public paths ("/api/v3/trade/modify-strategy-order")', () => {
    expect([modifyStrategyOrder.id, modifyStrategyOrder.method, modifyStrategyOrder.path]).toEqual([
      'strategy.modifyStrategyOrder',
      'POST',
      '/api/v3/trade/modify-strategy-order',
    ])
  })

  test('the exchange docs: "strategy modify / cancel | ... | `orderId` or `clientOid`"', () => {
    expect(kinds({ stopLoss: '57500' })).toEqual([['one_of', 'orderId']])
    expect(
      Endpoint.check(modifyStrategyOrder, { clientOid: 'sl-1', stopLoss: '57500' }).success,
    ).toBe(true)
  })

  test('decision: at least one modifiable field is required (a modification that changes nothing is refused)', () => {
    expect(Endpoint.check(modifyStrategyOrder, { orderId: '1' }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "one of qty, tpTriggerBy, slTriggerBy, takeProfit, stopLoss, tpOrderType, slOrderType, tpLimitPrice, slLimitPrice, triggerBy, triggerPrice, triggerOrderType, triggerOrderPrice",
          "message": "qty: one of qty, tpTriggerBy, slTriggerBy, takeProfit, stopLoss, tpOrderType, slOrderType, tpLimitPrice, slLimitPrice, triggerBy, triggerPrice, triggerOrderType, triggerOrderPrice is required",
          "path": [
            "qty",
          ],
          "received": "undefined",
          "type": "one_of",
        },
      ]
    `)
  })

  test.each([
    [{ qty: '0.5' }],
    [{ tpTriggerBy: 'mark' }],
    [{ slTriggerBy: 'market' }],
    [{ takeProfit: '70000' }],
    [{ stopLoss: '0' }],
    [{ tpOrderType: 'limit', tpLimitPrice: '69990' }],
    [{ slOrderType: 'market' }],
    [{ slLimitPrice: '57990' }],
    [{ triggerBy: 'mark' }],
    [{ triggerPrice: '67000' }],
    [{ triggerOrderType: 'limit', triggerOrderPrice: '67100' }],
    [{ triggerOrderPrice: '67100' }],
  ])('the modifiable fields of the public exchange: %o', (fields) => {
    expect(Endpoint.check(modifyStrategyOrder, { orderId: '1', ...fields }).success).toBe(true)
  })

  test('modify-order: "tpLimitPrice, slLimitPrice ... effective only for limit type"', () => {
    expect(kinds({ orderId: '1', slOrderType: 'market', slLimitPrice: '57990' })).toEqual([
      ['forbidden', 'slLimitPrice'],
    ])
  })

  test('the exchange docs: a trigger order\'s "triggerOrderPrice ... only valid for limit orders (when triggerOrderType=limit)"; "triggerPrice" a positive price', () => {
    expect(kinds({ orderId: '1', triggerOrderType: 'market', triggerOrderPrice: '67100' })).toEqual(
      [['forbidden', 'triggerOrderPrice']],
    )
    expect(kinds({ orderId: '1', qty: '1', triggerPrice: '0' })).toEqual([
      ['range', 'triggerPrice'],
    ])
    expect(kinds({ orderId: '1', qty: '1', triggerBy: 'index' }).map(([, path]) => path)).toEqual([
      'triggerBy',
    ])
  })

  test('fields outside the modifiable set are unknown', () => {
    expect(kinds({ orderId: '1', qty: '1', type: 'twap', side: 'buy' })).toEqual([
      ['unknown', 'type'],
      ['unknown', 'side'],
    ])
  })
})
