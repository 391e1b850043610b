/**
 * Which record schema a client reads each endpoint's answer with: every action that calls
 * `callEndpoint(client, <Namespace>.<endpoint>, parameters, <record>, options)` (or
 * `callBySymbols`, `sendOnce`, `sendUnnamed`, `sendRequest(client.transport, ...)`) names both, so
 * the actions' sources are read (a new action is picked up). Actions that go through core's
 * order engines read the answer inside the engine and are not listed (tooling/schemas/README.md).
 */
import { readdirSync, readFileSync } from 'node:fs'
import * as Rules from '@tradeline/rules'

/** How a client reads one endpoint's answer. */
export type Read = {
  readonly endpoint: string
  readonly client: string
  /** The export name of the record schema in the client package. */
  readonly record: string
  readonly schema: unknown
  readonly action: string
}

const root = new URL('../../../', import.meta.url)
const call =
  /(?:callEndpoint|callBySymbols|sendOnce|sendUnnamed|sendRequest)\(\s*client(?:\.transport)?,\s*(\w+)\.(\w+),\s*[^,()]+,\s*(\w+),/g

/** Every (endpoint, record) read by a client action; the first action wins for an endpoint. */
export function reads(clients: Readonly<Record<string, object>>): Read[] {
  const out = new Map<string, Read>()
  for (const [client, exports] of Object.entries(clients)) {
    const dir = new URL(`packages/${client}/src/actions/`, root)
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test'))
    for (const file of files.sort()) {
      const source = readFileSync(new URL(file, dir), 'utf8')
      for (const [, ns, name, record] of source.matchAll(call)) {
        const endpoint = (
          Rules as unknown as Record<string, Record<string, { id?: string }> | undefined>
        )[ns as string]?.[name as string]?.id
        const schema = (exports as Record<string, unknown>)[record as string]
        if (endpoint === undefined || schema === undefined || out.has(endpoint)) continue
        out.set(endpoint, { endpoint, client, record: record as string, schema, action: file })
      }
    }
  }
  return [...out.values()].sort((a, b) => a.endpoint.localeCompare(b.endpoint))
}
