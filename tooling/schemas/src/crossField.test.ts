// The cross-field rules written as JSON Schema (src/crossField.ts): what Ajv refuses with them,
// and that every rule the schema does not say gives its reason.
import { readdirSync, readFileSync } from 'node:fs'
import { createValidator, validatorOf } from '@tradeline/ajv'
import { ClassicFutures, Endpoint, Strategy, Unified } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { requestSchema } from './generate.js'
import { reasons } from './reasons.js'

const ajv = createValidator()
const requests = new URL('../../../packages/rules/schemas/requests/', import.meta.url)

/**
 * The verdict on each request, once Ajv and the rules (no context) are seen to agree on it:
 * `true` accepted, `false` refused.
 */
function verdicts(endpoint: Parameters<typeof requestSchema>[0], inputs: readonly object[]) {
  const validate = validatorOf(ajv, requestSchema(endpoint))
  return inputs.map((input) => {
    const accepted = validate(input)
    expect(Endpoint.check(endpoint, input).success, JSON.stringify(input)).toBe(accepted)
    return accepted
  })
}

/** A market buy of 1 under a category. */
const marketBuy = (category: string, symbol: string) => ({
  category,
  symbol,
  qty: '1',
  side: 'buy',
  orderType: 'market',
})

describe('cross-field rules in JSON Schema', () => {
  test('a transfer between one account and itself, or with isolated margin and no symbol, is refused', () => {
    const transfer = { fromType: 'spot', toType: 'usdt_futures', amount: '1', coin: 'USDT' }
    expect(
      verdicts(ClassicFutures.transfer, [
        transfer,
        { ...transfer, toType: 'spot' },
        { ...transfer, toType: 'isolated_margin' },
        { ...transfer, toType: 'isolated_margin', symbol: 'BTCUSDT' },
      ]),
    ).toEqual([true, false, false, true])
  })

  test('a strategy order refuses the fields of another type, and type defaults to tpsl', () => {
    const tpsl = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', takeProfit: '70000' }
    expect(
      verdicts(Strategy.placeStrategyOrder, [
        tpsl,
        { ...tpsl, triggerPrice: '65000' },
        { ...tpsl, type: 'tpsl', triggerPrice: '65000' },
        { category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
      ]),
    ).toEqual([true, false, false, false])
  })

  test('futures-only fields and reduceOnly "yes" are refused for SPOT, in any letter case', () => {
    const order = marketBuy('spot', 'BTCUSDT')
    expect(
      verdicts(Unified.placeOrder, [
        order,
        { ...order, marginMode: 'crossed' },
        { ...order, reduceOnly: 'yes' },
        { ...order, reduceOnly: 'no' },
        { ...order, category: 'USDT-FUTURES', reduceOnly: 'yes' },
      ]),
    ).toEqual([true, false, false, true, true])
  })

  test('rToken pairs: spot only, market tp/sl only; other pairs take no venue', () => {
    const order = marketBuy('SPOT', 'rAAPLUSDT')
    expect(
      verdicts(Unified.placeOrder, [
        order,
        { ...order, category: 'USDT-FUTURES' },
        { ...order, takeProfit: '300', tpOrderType: 'limit', tpLimitPrice: '300' },
        { ...order, symbol: 'BTCUSDT', venue: 'nasdaq' },
      ]),
    ).toEqual([true, false, false, false])
  })

  test('every rule the schema does not say whole gives its reason', () => {
    const entries = readdirSync(requests).flatMap(
      (file) =>
        (JSON.parse(readFileSync(new URL(file, requests), 'utf8'))['x-tradeline-rules'] ?? []) as {
          rule: string
          expressed: boolean | 'partly'
          context: boolean
          reason?: string
        }[],
    )
    const unsaid = entries.filter((entry) => entry.expressed !== true)
    expect(unsaid.filter((entry) => !entry.reason).map((entry) => entry.rule)).toEqual([])
    // Context-free rules left described only are those JSON Schema cannot say.
    const free = unsaid.filter((entry) => !entry.context && entry.expressed === false)
    expect(new Set(free.map((entry) => entry.reason))).toEqual(
      new Set([reasons.compare, reasons.span, reasons.unique, reasons.range]),
    )
  })
})
