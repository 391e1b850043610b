/**
 * Compares an answer of the sandbox with a documented example of the exchange
 * (`fixtures/exchange/*.json`): every key of the example is in the answer, with the same JSON
 * type, at every depth (each item of an answered array against the example's first item).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const fixtures = new URL('../../../../fixtures/exchange/', import.meta.url)

/** A documented example response of the exchange, by file name. */
export function fixture(name: string): {
  code: string
  msg: string
  requestTime: number
  data: any
} {
  return JSON.parse(readFileSync(fileURLToPath(new URL(name, fixtures)), 'utf8'))
}

/** The JSON type of a value: `null`, `array`, `object`, `string`, `number` or `boolean`. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/**
 * Every way `actual` falls short of the example's shape: a key it lacks, or a value of another
 * JSON type; `[]` when it has every key of the example with the same types (extra keys are
 * allowed).
 */
export function shapeIssues(example: unknown, actual: unknown, path = '$'): string[] {
  const expected = jsonType(example)
  const received = jsonType(actual)
  if (expected !== received) return [`${path}: expected ${expected}, received ${received}`]
  if (expected === 'array') {
    const [first] = example as unknown[]
    if (first === undefined) return []
    if ((actual as unknown[]).length === 0) return [`${path}: empty, the example has items`]
    return (actual as unknown[]).flatMap((item, index) =>
      shapeIssues(first, item, `${path}[${index}]`),
    )
  }
  if (expected !== 'object') return []
  const record = actual as Record<string, unknown>
  return Object.entries(example as Record<string, unknown>).flatMap(([key, value]) =>
    key in record ? shapeIssues(value, record[key], `${path}.${key}`) : [`${path}.${key}: missing`],
  )
}
