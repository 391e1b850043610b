import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { JsonNumber } from '../JsonNumber.js'
import { kinds } from '../test/issues.js'
import { modifiableRule, modifyOrder, modifyTpslRule } from './modifyOrder.js'

const instrument = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.5',
  pricePrecision: 1,
  sizeMultiplier: '0.01',
  minOrderAmount: '0.01',
}

describe('modifyOrder', () => {
  test('endpoint id, method and path', () => {
    expect([modifyOrder.id, modifyOrder.method, modifyOrder.path]).toEqual([
      'unified.modifyOrder',
      'POST',
      '/api/v3/trade/modify-order',
    ])
  })

  test('orderId/clientOid "one of orderId/clientOid"; "orderId wins if both are sent"', () => {
    expect(kinds(Endpoint.check(modifyOrder, { price: '1' }).issues)).toEqual([
      ['one_of', 'orderId'],
    ])
    expect(Endpoint.validate(modifyOrder, { orderId: '1', clientOid: 'c', price: '1' })).toBe(true)
  })

  test('qty/price "one of qty/price"', () => {
    expect(Endpoint.check(modifyOrder, { orderId: '1' }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "one of qty, price",
          "message": "qty: one of qty or price is required",
          "path": [
            "qty",
          ],
          "received": "undefined",
          "type": "one_of",
        },
      ]
    `)
    expect(Endpoint.validate(modifyOrder, { orderId: '1', qty: '2' })).toBe(true)
  })

  test('requestId "up to 18 digits"', () => {
    const ok = Endpoint.check(modifyOrder, { orderId: '1', price: '1', requestId: '9'.repeat(18) })
    expect(ok.output?.requestId?.text).toBe('9'.repeat(18))
    const long = { orderId: '1', price: '1', requestId: '1'.repeat(19) }
    expect(kinds(Endpoint.check(modifyOrder, long).issues)).toEqual([['format', 'requestId']])
  })

  test('decision: requestId is typed number but 18 digits exceed a safe integer: a digit string, a safe integer or a JsonNumber in, a JsonNumber of the exact digits out (sent as a JSON number)', () => {
    const check = (requestId: unknown) =>
      Endpoint.check(modifyOrder, { orderId: '1', price: '1', requestId })
    expect(check(123).output?.requestId?.text).toBe('123')
    expect(check(Number.MAX_SAFE_INTEGER).output?.requestId?.text).toBe('9007199254740991')
    expect(check(JsonNumber.from('9'.repeat(18))).output?.requestId?.text).toBe('9'.repeat(18))
    expect(JsonNumber.is(check('123456789012345678').output?.requestId)).toBe(true)
    expect(kinds(check(2 ** 60).issues)).toEqual([['format', 'requestId']])
    expect(kinds(check(1.5).issues)).toEqual([['format', 'requestId']])
    expect(kinds(check(true).issues)).toEqual([['type', 'requestId']])
  })

  test('autoCancel "`yes` ... `no` (default)"', () => {
    expect(Endpoint.validate(modifyOrder, { orderId: '1', price: '1', autoCancel: 'yes' })).toBe(
      true,
    )
    const wrong = { orderId: '1', price: '1', autoCancel: 'true' }
    expect(kinds(Endpoint.check(modifyOrder, wrong).issues)).toEqual([['value', 'autoCancel']])
  })

  test('takeProfit, stopLoss "empty or omitted keeps existing; `0` cancels it"', () => {
    const order = { orderId: '1', price: '1', takeProfit: '', stopLoss: '0' }
    expect(Endpoint.check(modifyOrder, order).output).toEqual(order)
    const wrong = { orderId: '1', price: '1', takeProfit: 'none' }
    expect(kinds(Endpoint.check(modifyOrder, wrong).issues)).toEqual([['format', 'takeProfit']])
  })

  test('tpTriggerBy, slTriggerBy "`market`, `mark`; ... empty or omitted keeps the existing value"', () => {
    for (const value of ['market', 'mark', ''])
      expect(
        Endpoint.validate(modifyOrder, {
          orderId: '1',
          price: '1',
          tpTriggerBy: value,
          slTriggerBy: value,
        }),
      ).toBe(true)
  })

  test('pxAmendType "`no` (default), `yes`"', () => {
    const wrong = { orderId: '1', price: '1', pxAmendType: 'maybe' }
    expect(kinds(Endpoint.check(modifyOrder, wrong).issues)).toEqual([['value', 'pxAmendType']])
  })

  test('tick, lot and minimum checks with a known instrument', () => {
    const order = { orderId: '1', symbol: 'BTCUSDT', price: '100.3', qty: '0.005', takeProfit: '0' }
    expect(kinds(Endpoint.check(modifyOrder, order, { instrument }).issues)).toEqual([
      ['tick', 'price'],
      ['minimum', 'qty'],
    ])
    const spot = { ...order, category: 'SPOT', price: '100.3', qty: '0.015' }
    expect(Endpoint.validate(modifyOrder, spot, { instrument })).toBe(true)
  })
})

describe('modifiableRule', () => {
  test('unified order rule 8: "rToken orders cannot be modified; cancel and place again."', () => {
    expect(
      Endpoint.check(modifyOrder, { orderId: '1', price: '1', symbol: 'rAAPLUSDT' }).issues,
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "a symbol whose orders can be modified (rToken orders cannot be modified; cancel and place again)",
          "message": "symbol: expected a symbol whose orders can be modified (rToken orders cannot be modified; cancel and place again), received "rAAPLUSDT"",
          "path": [
            "symbol",
          ],
          "received": ""rAAPLUSDT"",
          "type": "unsupported",
        },
      ]
    `)
  })

  test('unified order rule 7: "that line does not support modify-order"', () => {
    expect(kinds(modifiableRule('ETHUSD_CM', [4]))).toEqual([['unsupported', '4.symbol']])
    expect(modifiableRule('ETHUSD')).toEqual([])
    expect(modifiableRule(undefined)).toEqual([])
  })
})

describe('modifyTpslRule', () => {
  test('tpTriggerBy, slTriggerBy "futures only"', () => {
    expect(kinds(modifyTpslRule({ category: 'SPOT', tpTriggerBy: 'mark' }))).toEqual([
      ['forbidden', 'tpTriggerBy'],
    ])
    expect(modifyTpslRule({ category: 'SPOT', slTriggerBy: '' })).toEqual([])
    expect(modifyTpslRule({ category: 'USDC-FUTURES', slTriggerBy: 'mark' })).toEqual([])
  })

  test('tpLimitPrice, slLimitPrice "effective only for limit type; empty or omitted keeps existing"', () => {
    expect(kinds(modifyTpslRule({ slOrderType: 'market', slLimitPrice: '1' }))).toEqual([
      ['forbidden', 'slLimitPrice'],
    ])
    expect(modifyTpslRule({ slOrderType: 'market', slLimitPrice: '' })).toEqual([])
    expect(modifyTpslRule({ tpOrderType: 'limit', tpLimitPrice: '1' })).toEqual([])
    // Without a type the order's existing type decides, which only the exchange knows.
    expect(modifyTpslRule({ tpLimitPrice: '1' })).toEqual([])
  })
})
