import { Endpoint, Unified } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { endpointMap, isEndpoint, routeKey } from './endpoints.js'

describe('isEndpoint', () => {
  test('tells endpoint definitions from other namespace values', () => {
    expect(isEndpoint(Unified.cancelOrder)).toBe(true)
    expect(isEndpoint(Unified.sides)).toBe(false)
    expect(
      isEndpoint({ id: 'x', method: 'PUT', path: '/x', auth: false, schema: {}, rules: [] }),
    ).toBe(false)
  })
})

describe('routeKey', () => {
  test('upper-cases the method', () => {
    expect(routeKey('post', '/a')).toBe('POST /a')
  })
})

describe('endpointMap', () => {
  test("finds every endpoint of the rules' product lines by method and path", () => {
    const map = endpointMap()
    expect(map.get('POST /api/v3/trade/cancel-order')).toBe(Unified.cancelOrder)
    expect(map.get('GET /api/v2/public/time')?.id).toBe('public.getTime')
    for (const [key, endpoint] of map) expect(key).toBe(routeKey(endpoint.method, endpoint.path))
  })

  test('picks up new endpoints without a change in the sandbox', () => {
    const extra = Endpoint.define({
      id: 'test.extra',
      method: 'GET',
      path: '/api/v9/extra',
      auth: false,
      schema: Unified.cancelOrder.schema,
    })
    expect(endpointMap([{ extra, note: 'not an endpoint' }]).get('GET /api/v9/extra')).toBe(extra)
  })
})
