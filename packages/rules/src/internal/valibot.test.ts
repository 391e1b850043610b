import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { Unified } from '../index.js'
import { JsonNumber } from '../JsonNumber.js'

describe('fromValibot', () => {
  test('a number read exactly from JSON is shown as its text, not as the class that holds it', () => {
    const long = `1.${'0'.repeat(30)}1`
    const result = Endpoint.check(Unified.placeOrder, {
      category: 'SPOT',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: JsonNumber.from(long),
    })
    expect(result.success).toBe(false)
    const messages = result.success ? [] : result.issues.map((issue) => issue.message)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('price: expected')
    expect(messages[0]).toContain(long.slice(0, 20))
    expect(messages[0]).not.toContain('JsonNumber')
  })
})
