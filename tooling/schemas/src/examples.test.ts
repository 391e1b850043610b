// Every operation's example request is one the rules accept and its JSON Schema accepts.
import { readFileSync } from 'node:fs'
import { createValidator, validatorOf } from '@tradeline/ajv'
import { Endpoint } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { allEndpoints } from './endpoints.js'
import { exampleOf, type Json, operations, root } from './test/document.js'

const ajv = createValidator()

describe('example requests', () => {
  test.each(allEndpoints().map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: its example passes Endpoint.check (no context) and Ajv against its request schema',
    (id, endpoint) => {
      const example = exampleOf(operations.get(id) as Json)
      expect(example).toBeDefined()
      const result = Endpoint.check(endpoint, example, {} as never)
      expect(result.issues ?? [], JSON.stringify(example)).toEqual([])
      const schema = JSON.parse(
        readFileSync(new URL(`packages/rules/schemas/requests/${id}.json`, root), 'utf8'),
      )
      const validate = validatorOf(ajv, schema)
      expect(validate(example), ajv.errorsText(validate.errors)).toBe(true)
    },
  )

  test('unified place-order offers a BTCUSDT USDT-FUTURES limit order on the sandbox tick', () => {
    expect(exampleOf(operations.get('unified.placeOrder') as Json)).toMatchObject({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      orderType: 'limit',
      price: '60000',
      qty: '0.01',
    })
  })

  test('a required query parameter always has an example (no placeholder text)', () => {
    for (const operation of operations.values())
      for (const parameter of (operation.parameters ?? []) as Json[])
        if (parameter.required) expect(parameter.example, operation.operationId).toBeDefined()
  })
})
