import { createValidator } from '@tradeline/ajv'
import { ClassicFutures, Strategy, Unified } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { convert } from './convert.js'
import { requestSchema } from './generate.js'

const ajv = createValidator({ allErrors: false })

type Json = Record<string, unknown>
const entries = (schema: unknown) => (schema as { entries: Record<string, unknown> }).entries

describe('convert', () => {
  test('a number given for a text field is described, its text form keeps the pattern', () => {
    const limit = convert(entries(ClassicFutures.getFills.schema).limit) as Json
    expect(limit).toMatchObject({ maxLength: 20, pattern: '^(?:0|[1-9]\\d*)$' })
    expect(limit['x-tradeline-checks']).toContain(
      'a value that is not text is checked as its text: a non-negative integer',
    )
    // `pattern` reads text only: "7" and "0100" are checked, the number 0 is left to the rules.
    const validate = ajv.compile(limit)
    expect([validate('7'), validate('0100'), validate('101'), validate(0)]).toEqual([
      true,
      false,
      false,
      true,
    ])
  })

  test('an enumeration in any letter case is a pattern, with the values as sent', () => {
    const productType = convert(entries(ClassicFutures.placeOrder.schema).productType) as Json
    expect(productType['x-tradeline-enum']).toEqual([
      'USDT-FUTURES',
      'COIN-FUTURES',
      'USDC-FUTURES',
    ])
    const validate = ajv.compile(productType)
    expect(['USDT-FUTURES', 'usdt-futures', 'Usdt-Futures'].map((v) => validate(v))).toEqual([
      true,
      true,
      true,
    ])
    expect(['SPOT', 'USDT_FUTURES', ''].map((v) => validate(v))).toEqual([false, false, false])
  })

  test('decimal fields are strings with the decimal pattern and a length bound, never numbers', () => {
    const price = convert(entries(Unified.placeOrder.schema).qty) as Json
    expect(price).toMatchObject({
      type: 'string',
      maxLength: 40,
      pattern: '^(?:0|[1-9]\\d*)(?:\\.\\d+)?$',
    })
  })
})

describe('requestSchema', () => {
  const schema = requestSchema(Unified.placeOrder)
  const validate = ajv.compile(schema)
  const order = { category: 'SPOT', symbol: 'BTCUSDT', qty: '1', side: 'buy', orderType: 'limit' }

  test('a conditional required field is an if/then: price when orderType is limit', () => {
    expect(validate(order)).toBe(false)
    expect(validate({ ...order, price: '100' })).toBe(true)
    expect(validate({ ...order, orderType: 'market' })).toBe(true)
  })

  test('a preset limit price goes with a limit tp/sl order type, and only with it (if/then/else)', () => {
    const limitOrder = { ...order, price: '100' }
    expect(validate({ ...limitOrder, takeProfit: '120', tpOrderType: 'limit' })).toBe(false)
    expect(
      validate({ ...limitOrder, takeProfit: '120', tpOrderType: 'limit', tpLimitPrice: '121' }),
    ).toBe(true)
    expect(validate({ ...limitOrder, takeProfit: '120', tpLimitPrice: '121' })).toBe(false)
  })

  test('the rules it cannot say are listed, with the context they need', () => {
    const rules = schema['x-tradeline-rules'] as {
      name?: string
      context: boolean
      expressed: boolean
    }[]
    expect(rules.find((rule) => rule.name === 'instrumentRule')).toMatchObject({
      context: true,
      expressed: false,
    })
    expect(rules.find((rule) => rule.name === 'orderTypeRule')).toMatchObject({
      context: false,
      expressed: true,
    })
    expect(rules).toHaveLength(Unified.placeOrder.rules.length)
  })

  test('unknown fields are refused, as the strict schema does', () => {
    expect(validate({ ...order, price: '1', extra: '1' })).toBe(false)
  })
})

describe('strategy support matrix', () => {
  const validate = ajv.compile(requestSchema(Strategy.placeStrategyOrder))
  const oco = {
    category: 'SPOT',
    symbol: 'BTCUSDT',
    type: 'oco',
    side: 'sell',
    qty: '1',
    ocoParams: [{ ocoLimitPrice: '70000', ocoTriggerPrice: '60000', ocoOrderType: 'market' }],
  }

  test('a type under a category that does not support it is refused (oco on futures), in any letter case', () => {
    expect(validate(oco), JSON.stringify(validate.errors)).toBe(true)
    expect(validate({ ...oco, category: 'USDT-FUTURES' })).toBe(false)
    expect(validate({ ...oco, category: 'usdt-futures' })).toBe(false)
  })
})
