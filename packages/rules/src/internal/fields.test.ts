import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { looseDecimal } from './fields.js'

const endpoint = Endpoint.define({
  id: 'test.loose',
  method: 'POST',
  path: '/test',
  auth: false,
  schema: v.strictObject({ price: looseDecimal }),
})

describe('looseDecimal', () => {
  test('DESIGN: a field typed number in one place and string in another is accepted in both forms, as a decimal string', () => {
    expect(Endpoint.check(endpoint, { price: 0.005 }).output).toEqual({ price: '0.005' })
    expect(Endpoint.check(endpoint, { price: '12.50' }).output).toEqual({ price: '12.50' })
  })

  test('a floating-point artefact is refused, never sent as a price nobody meant', () => {
    const result = Endpoint.check(endpoint, { price: 0.1 + 0.2 })
    expect(result.success).toBe(false)
    expect(result.issues?.[0]).toMatchObject({ type: 'format', path: ['price'] })
    expect(result.issues?.[0]?.expected).toContain('15 significant digits')
  })

  test('numbers of up to 15 significant digits pass, whatever their magnitude', () => {
    expect(Endpoint.check(endpoint, { price: 123456789012345 }).success).toBe(true)
    expect(Endpoint.check(endpoint, { price: 1e-7 }).output).toEqual({ price: '0.0000001' })
    expect(Endpoint.check(endpoint, { price: 1234567890123456 }).success).toBe(false)
  })
})
