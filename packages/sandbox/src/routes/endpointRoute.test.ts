import { Savings } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { routes } from '../app.js'
import { endpointMap } from '../endpoints.js'
import { endpointRoute } from './endpointRoute.js'

describe('endpointRoute', () => {
  test('takes the id, method, path and auth of the endpoint, the rest from the route', () => {
    const handle = () => ({ data: {} })
    const route = endpointRoute(Savings.subscribe, { handle, partial: true })
    expect(route).toEqual({
      id: 'savings.subscribe',
      method: 'POST',
      path: '/api/v2/earn/savings/subscribe',
      auth: true,
      handle,
      partial: true,
    })
  })

  test('decision: every route of a rules endpoint has its method, path and auth (the app serves it so)', () => {
    const byId = new Map([...endpointMap().values()].map((endpoint) => [endpoint.id, endpoint]))
    const served = routes.filter((route) => byId.has(route.id))
    expect(served.length).toBeGreaterThan(100)
    for (const route of served) {
      const { method, path, auth } = byId.get(route.id)!
      expect({ id: route.id, method: route.method, path: route.path, auth: route.auth }).toEqual({
        id: route.id,
        method,
        path,
        auth,
      })
    }
  })
})
