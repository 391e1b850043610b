/**
 * The endpoints the sandbox knows, found by method and path: every value of the rules'
 * product-line namespaces that looks like an endpoint, so endpoints added to the rules are
 * picked up without a change here.
 */
import {
  ClassicFutures,
  type Endpoint,
  Market,
  Public,
  Savings,
  Securities,
  Strategy,
  Unified,
} from '@tradeline/rules'

/** An endpoint of the rules. */
export type AnyEndpoint = Endpoint.Endpoint<any, any>

/** The product-line namespaces whose endpoints the sandbox serves. */
const namespaces: readonly object[] = [
  Unified,
  Strategy,
  ClassicFutures,
  Securities,
  Savings,
  Public,
  Market,
]

/**
 * Whether a value is an endpoint definition (`id`, `method`, `path`, `auth`, `schema`).
 *
 * @example
 * import { isEndpoint } from '@tradeline/sandbox'
 * isEndpoint({ id: 'x', method: 'GET', path: '/x', auth: false, schema: {}, rules: [] }) // true
 */
export function isEndpoint(value: unknown): value is AnyEndpoint {
  if (typeof value !== 'object' || value === null) return false
  const e = value as Record<string, unknown>
  return (
    typeof e.id === 'string' &&
    (e.method === 'GET' || e.method === 'POST') &&
    typeof e.path === 'string' &&
    e.path.startsWith('/') &&
    typeof e.auth === 'boolean' &&
    typeof e.schema === 'object' &&
    e.schema !== null &&
    Array.isArray(e.rules)
  )
}

/** `METHOD path` -> endpoint, from the rules' namespaces. */
export type EndpointMap = ReadonlyMap<string, AnyEndpoint>

/**
 * The lookup key of a method and path.
 *
 * @example
 * import { routeKey } from '@tradeline/sandbox'
 * routeKey('get', '/api/v3/public/time') // 'GET /api/v3/public/time'
 */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`
}

/**
 * Collects the endpoints of the given namespaces (the rules' product lines by default).
 *
 * @example
 * import { endpointMap } from '@tradeline/sandbox'
 * endpointMap().get('POST /api/v3/trade/cancel-order')?.id // 'unified.cancelOrder'
 */
export function endpointMap(sources: readonly object[] = namespaces): EndpointMap {
  const map = new Map<string, AnyEndpoint>()
  for (const source of sources) {
    for (const value of Object.values(source)) {
      if (isEndpoint(value)) map.set(routeKey(value.method, value.path), value)
    }
  }
  return map
}
