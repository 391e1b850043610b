import { describe, expect, test } from 'vitest'
import * as Endpoint from './Endpoint.js'
import * as Public from './Public.js'
import * as RateLimits from './RateLimits.js'

describe.each([
  ['getTime', Public.getTime, 'public.getTime', '/api/v2/public/time'],
  ['getTimeV3', Public.getTimeV3, 'public.getTimeV3', '/api/v3/public/time'],
] as const)('%s', (_name, endpoint, id, path) => {
  test(`the exchange docs: "Server time: \`GET /api/v2/public/time\` or \`GET /api/v3/public/time\`": ${path}`, () => {
    expect({ id: endpoint.id, method: endpoint.method, path: endpoint.path }).toEqual({
      id,
      method: 'GET',
      path,
    })
  })

  test('is public: no key, no signature', () => {
    expect(endpoint.auth).toBe(false)
  })

  test('takes an empty query', () => {
    expect(Endpoint.check(endpoint, {})).toEqual({ success: true, output: {} })
    expect(endpoint.rules).toEqual([])
  })

  test('rejects any parameter and anything that is not an object', () => {
    const result = Endpoint.check(endpoint, { symbol: 'BTCUSDT' })
    expect(result.issues?.map((issue) => [issue.type, issue.path.join('.')])).toEqual([
      ['unknown', 'symbol'],
    ])
    expect(Endpoint.validate(endpoint, undefined)).toBe(false)
  })

  test('has a rate-limit entry under the same id', () => {
    expect(RateLimits.isEndpointId(endpoint.id)).toBe(true)
  })
})
