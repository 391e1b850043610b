// The request and record schemas say what every part of a request or an answer is: no list
// leaves its items open.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

const root = new URL('../../../', import.meta.url)
const dir = new URL('packages/rules/schemas/requests/', root)
const names = readdirSync(dir).filter((name) => name.endsWith('.json'))

/** The JSON paths under which a schema has an empty `items` (`{}`). */
function openItems(node: unknown, path = '$'): string[] {
  if (typeof node !== 'object' || node === null) return []
  const own = Object.entries(node).flatMap(([key, value]) =>
    key === 'items' &&
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 0
      ? [`${path}.items`]
      : openItems(value, `${path}.${key}`),
  )
  return own
}

describe('request schemas', () => {
  test('no request schema (nor an OpenAPI request) has an empty items anywhere', () => {
    expect(names.length).toBeGreaterThan(50)
    for (const name of names)
      expect(openItems(JSON.parse(readFileSync(new URL(name, dir), 'utf8'))), name).toEqual([])
    const openapi = JSON.parse(
      readFileSync(new URL('packages/rules/schemas/openapi.json', root), 'utf8'),
    )
    // The OpenAPI requests: query parameters in the paths, bodies as components by endpoint id.
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')))
    const bodies = Object.entries(openapi.components.schemas).filter(([id]) => ids.has(id))
    expect(bodies.length).toBeGreaterThan(20)
    expect(openItems(openapi.paths)).toEqual([])
    expect(openItems(Object.fromEntries(bodies))).toEqual([])
  })

  test('no record schema of any client (nor the whole OpenAPI document) has an empty items', () => {
    let count = 0
    for (const client of ['unified', 'classic-futures', 'securities', 'savings']) {
      const records = new URL(`packages/${client}/schemas/records/`, root)
      for (const name of readdirSync(records)) {
        count++
        const schema = JSON.parse(readFileSync(new URL(name, records), 'utf8'))
        expect(openItems(schema), `${client}/${name}`).toEqual([])
      }
    }
    expect(count).toBeGreaterThan(100)
    const openapi = readFileSync(new URL('packages/rules/schemas/openapi.json', root), 'utf8')
    expect(openItems(JSON.parse(openapi))).toEqual([])
  })

  test('a batch body describes one item: place-batch items are orders with required fields', () => {
    const schema = JSON.parse(readFileSync(new URL('unified.placeBatch.json', dir), 'utf8'))
    expect(schema.type).toBe('array')
    expect(schema.items.type).toBe('object')
    expect(schema.items.required).toEqual(
      expect.arrayContaining(['category', 'symbol', 'qty', 'side', 'orderType']),
    )
  })
})
