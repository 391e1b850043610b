/** A route built from the rules' endpoint it serves. */
import type { AnyEndpoint } from '../endpoints.js'
import type { Route } from '../exchange.js'

/**
 * The route of `endpoint`: its id, method, path and authentication are the endpoint's (the app
 * mounts a route at its endpoint's method and path and authenticates as the endpoint says), the
 * rest (`handle`, ...) the route's own.
 *
 * @example
 * import { Savings } from '@tradeline/rules'
 * import { endpointRoute } from './routes/endpointRoute.js'
 * const route = endpointRoute(Savings.getAccount, { handle: () => ({ data: {} }) })
 * route.path // '/api/v2/earn/savings/account'
 */
export function endpointRoute(
  endpoint: Pick<AnyEndpoint, 'id' | 'method' | 'path' | 'auth'>,
  route: Omit<Route, 'id' | 'method' | 'path' | 'auth'>,
): Route {
  const { id, method, path, auth } = endpoint
  return { id, method, path, auth, ...route }
}
