/** Every endpoint of the rules, found in the namespaces it exports (so a new one is covered). */
import * as Rules from '@tradeline/rules'
import { type Endpoint, RateLimits } from '@tradeline/rules'

export type AnyEndpoint = Endpoint.Endpoint<any, any>

/**
 * The namespaces the rules export (`Unified`, `ClassicFutures`, ...), where endpoints live. Any
 * exported object is searched: a bundle's namespace objects need not carry the module tag.
 */
const namespaces: readonly object[] = (Object.values(Rules) as unknown[]).filter(
  (value): value is object => typeof value === 'object' && value !== null,
)

function isEndpoint(value: unknown): value is AnyEndpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'schema' in value &&
    'path' in value &&
    'method' in value &&
    Array.isArray((value as { rules?: unknown }).rules)
  )
}

/** Every endpoint once, sorted by id. */
export function allEndpoints(): AnyEndpoint[] {
  const byId = new Map<string, AnyEndpoint>()
  for (const ns of namespaces)
    for (const value of Object.values(ns)) if (isEndpoint(value)) byId.set(value.id, value)
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id))
}

/** The ids of the rate-limit registry (`RateLimits.endpointIds`). */
export const registryIds: readonly string[] = RateLimits.endpointIds
