import { describe, expect, test } from 'vitest'
import { convert } from './convert.js'
import { clients } from './generate.js'
import { recordName } from './openapi.js'
import { reads } from './reads.js'
import { document, type Json, operations } from './test/document.js'

const all = reads(clients)

/** The schema under the 200 answer's `data`, with a `$ref` resolved in the components. */
function dataOf(id: string): Json | undefined {
  const schema = operations.get(id)?.responses?.['200']?.content?.['application/json']?.schema
  const data = schema?.allOf?.[1]?.properties?.data as Json | undefined
  const ref = data?.$ref as string | undefined
  return ref ? document.components.schemas[ref.replace('#/components/schemas/', '')] : data
}

describe('OpenAPI answers', () => {
  test('the actions of the clients read at least 90 endpoints with a record schema', () => {
    expect(all.length).toBeGreaterThanOrEqual(90)
    expect(all.map((read) => read.endpoint)).toEqual(
      expect.arrayContaining(['unified.getOrderInfo', 'classic.getFills', 'savings.getAssets']),
    )
  })

  test.each(all.map((read) => [read.endpoint, read] as const))(
    '%s: its 200 answer has the record schema the client reads it with as data',
    (id, read) => {
      const { $schema: _, ...expected } = convert(read.schema) as Json
      expect(dataOf(id)).toEqual({ title: `${read.client} ${read.record}`, ...expected })
      expect(dataOf(id)).toBe(document.components.schemas[recordName(read)])
    },
  )

  test('unified.getOrderInfo reads an order record: orderId among its properties', () => {
    expect(Object.keys(dataOf('unified.getOrderInfo')?.properties ?? {})).toContain('orderId')
  })

  test('an endpoint no action reads with a record keeps the plain envelope', () => {
    const read = new Set(all.map((r) => r.endpoint))
    const plain = [...operations.keys()].filter((id) => !read.has(id))
    expect(plain).toContain('unified.placeOrder')
    for (const id of plain)
      expect(operations.get(id)?.responses['200'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Envelope',
      })
  })
})
