/**
 * Every generated file, by its path from the repository root: the request schema of each
 * endpoint and the OpenAPI document (shipped by @tradeline/rules), and the record schemas of
 * each client (shipped by the client).
 */
import * as ClassicFutures from '@tradeline/classic-futures'
import * as Savings from '@tradeline/savings'
import * as Securities from '@tradeline/securities'
import * as Unified from '@tradeline/unified'
import { convert, isObjectSchema } from './convert.js'
import { type AnyEndpoint, allEndpoints } from './endpoints.js'
import { openApi } from './openapi.js'
import { reads } from './reads.js'
import { rulesOf } from './rules.js'

type JsonObject = Record<string, unknown>

/** Where the request schemas and the OpenAPI document are written. */
export const rulesDir = 'packages/rules/schemas'

/** The client packages and their exports: each exported object schema is a record. */
export const clients = {
  unified: Unified,
  'classic-futures': ClassicFutures,
  securities: Securities,
  savings: Savings,
} as const

const draft = 'https://json-schema.org/draft/2020-12/schema'

/** The request schema of an endpoint, with its cross-field rules. */
export function requestSchema(endpoint: AnyEndpoint): JsonObject {
  const { $schema: _, ...converted } = convert(endpoint.schema) as JsonObject
  const { allOf, entries } = rulesOf(
    endpoint,
    (converted.properties ?? {}) as Record<string, JsonObject>,
  )
  return {
    $schema: draft,
    $id: `urn:tradeline:request:${endpoint.id}`,
    title: endpoint.id,
    description: `${endpoint.method} ${endpoint.path}: the request ${endpoint.method === 'GET' ? 'query' : 'body'} as a caller writes it.`,
    'x-tradeline-endpoint': { method: endpoint.method, path: endpoint.path, auth: endpoint.auth },
    ...converted,
    ...(allOf.length > 0 ? { allOf: [...((converted.allOf as object[]) ?? []), ...allOf] } : {}),
    ...(entries.length > 0 ? { 'x-tradeline-rules': entries } : {}),
  }
}

/** The record schemas of a client: every exported object schema, by export name. */
export function recordSchemas(exports: object): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>()
  for (const [name, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
    if (!isObjectSchema(value)) continue
    const { $schema: _, ...converted } = convert(value) as JsonObject
    out.set(name, {
      $schema: draft,
      $id: `urn:tradeline:record:${name}`,
      title: name,
      ...converted,
    })
  }
  return out
}

/** Every generated file: path from the repository root to its JSON text. */
export function generate(): Map<string, string> {
  const files = new Map<string, string>()
  const endpoints = allEndpoints()
  const requests = new Map(endpoints.map((endpoint) => [endpoint.id, requestSchema(endpoint)]))
  for (const [id, schema] of requests) files.set(`${rulesDir}/requests/${id}.json`, text(schema))
  files.set(`${rulesDir}/openapi.json`, text(openApi(endpoints, requests, reads(clients))))
  for (const [pkg, exports] of Object.entries(clients))
    for (const [name, schema] of recordSchemas(exports))
      files.set(`packages/${pkg}/schemas/records/${name}.json`, text(schema))
  return files
}

function text(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}
