/** Every endpoint of the rules, found in the product-line namespaces (so a new one is covered). */
import {
  ClassicFutures,
  type Endpoint,
  Market,
  Public,
  RateLimits,
  Savings,
  Securities,
  Strategy,
  Unified,
} from '@tradeline/rules'

export type AnyEndpoint = Endpoint.Endpoint<any, any>

/** The product-line namespaces of the rules, by name. */
export const namespaces = {
  Unified,
  Strategy,
  ClassicFutures,
  Securities,
  Savings,
  Public,
  Market,
} as const

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
  for (const ns of Object.values(namespaces))
    for (const value of Object.values(ns)) if (isEndpoint(value)) byId.set(value.id, value)
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id))
}

/** The ids of the rate-limit registry (`RateLimits.endpointIds`). */
export const registryIds: readonly string[] = RateLimits.endpointIds
