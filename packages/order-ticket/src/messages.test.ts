import { Issue } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { messages } from './messages.js'

describe('messages', () => {
  test('one off-tick price that the rules report twice (precision and tick) reads as one message', () => {
    const issues = [
      Issue.create({
        type: 'precision',
        path: ['price'],
        expected: 'at most 1 decimal place (pricePrecision of BTCUSDT)',
        received: '"65000.37"',
      }),
      Issue.create({
        type: 'tick',
        path: ['price'],
        expected: 'a multiple of 0.1 (priceMultiplier of BTCUSDT)',
        received: '"65000.37"',
      }),
    ]
    expect(messages(issues, 'price')).toEqual({
      own: true,
      texts: [
        'expected at most 1 decimal place (price decimals of BTCUSDT) and a multiple of 0.1 (price step of BTCUSDT), received "65000.37"',
      ],
    })
  })

  test('rules that report the same mistake once give that one message, without the field name', () => {
    const issues = [
      Issue.create({
        type: 'tick',
        path: ['price'],
        expected: 'a multiple of 0.1 with at most 1 decimal place (BTCUSDT)',
        received: '"65000.37"',
      }),
    ]
    expect(messages(issues, 'price')).toEqual({
      own: true,
      texts: [
        'expected a multiple of 0.1 with at most 1 decimal place (BTCUSDT), received "65000.37"',
      ],
    })
  })

  test('a message of its own wording loses only the field name; a quoted value stays as typed', () => {
    const issue = Issue.create({
      type: 'unsupported',
      path: ['type'],
      expected: 'x',
      received: '"oco"',
      message: 'type: not supported for USDT-FUTURES (orderType "fooBar")',
    })
    expect(messages([issue], 'type')).toEqual({
      own: true,
      texts: ['not supported for USDT-FUTURES (order type "fooBar")'],
    })
  })

  test('an issue about a parent keeps naming it, as its label', () => {
    const issue = Issue.create({
      type: 'missing',
      path: ['ocoParams'],
      expected: 'a value (required when type=oco)',
      received: 'undefined',
    })
    expect(messages([issue], 'ocoParams.0.ocoLimitPrice')).toEqual({
      own: false,
      texts: ['OCO parameters: expected a value (required when type=oco), received undefined'],
    })
  })

  test('different wordings on one field are kept apart', () => {
    const issues = [
      Issue.create({ type: 'minimum', path: ['qty'], expected: 'at least 1', received: '"0.5"' }),
      Issue.create({
        type: 'range',
        path: ['qty'],
        expected: 'x',
        received: '"0.5"',
        message: 'qty: too small for this account',
      }),
    ]
    expect(messages(issues, 'qty').texts).toEqual([
      'expected at least 1, received "0.5"',
      'too small for this account',
    ])
  })
})
