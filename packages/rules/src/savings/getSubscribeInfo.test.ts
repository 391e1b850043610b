import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getSubscribeInfo } from './getSubscribeInfo.js'

const base = { productId: '1234', periodType: 'fixed' } as const

const issuesOf = issuesFor(getSubscribeInfo)

describe('getSubscribeInfo', () => {
  test('GET /api/v2/earn/savings/subscribe-info, signed', () => {
    expect([getSubscribeInfo.method, getSubscribeInfo.path, getSubscribeInfo.auth]).toEqual([
      'GET',
      '/api/v2/earn/savings/subscribe-info',
      true,
    ])
    expect(Endpoint.check(getSubscribeInfo, base)).toEqual({ success: true, output: base })
  })

  test('productId (string, required)', () => {
    expect(issuesOf({ periodType: 'fixed' })).toEqual([['missing', 'productId']])
    expect(issuesOf({ ...base, productId: '' })).toEqual([['format', 'productId']])
    expect(issuesOf({ ...base, productId: 1234 })).toEqual([['type', 'productId']])
  })

  test('periodType (required; flexible, fixed)', () => {
    expect(issuesOf({ productId: '1' })).toEqual([['missing', 'periodType']])
    expect(issuesOf({ ...base, periodType: 'flexible' })).toEqual([])
    expect(
      Endpoint.check(getSubscribeInfo, { ...base, periodType: 'daily' }).issues,
    ).toMatchInlineSnapshot(`
        [
          {
            "expected": "("flexible" | "fixed")",
            "message": "periodType: expected ("flexible" | "fixed"), received "daily"",
            "path": [
              "periodType",
            ],
            "received": ""daily"",
            "type": "value",
          },
        ]
      `)
  })
})
