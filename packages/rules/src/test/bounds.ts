/**
 * Test helpers for the bounds of request fields: every field path of a schema, a request with
 * one field replaced, and the check of one endpoint with timing. Never part of the build.
 */
import * as Endpoint from '../Endpoint.js'
import type { Issue, Path } from '../Issue.js'

/** One mebibyte of `1`: digits pass every character rule, so only a length rule can refuse it. */
export const megabyte = '1'.repeat(1 << 20)

type Walkable = {
  readonly type: string
  readonly entries?: Readonly<Record<string, Walkable>>
  readonly wrapped?: Walkable
  readonly item?: Walkable
}

/**
 * Every field path of a request schema: the keys of its object, and inside lists of objects
 * the keys of the first item (index 0), at any depth.
 */
export function fieldPaths(schema: unknown, prefix: Path = []): Path[] {
  const s = schema as Walkable
  if (s.wrapped) return fieldPaths(s.wrapped, prefix)
  if (s.type === 'array' && s.item && objectLike(s.item)) return fieldPaths(s.item, [...prefix, 0])
  if (!s.entries || !objectLike(s)) return []
  return Object.entries(s.entries).flatMap(([key, entry]) => [
    [...prefix, key],
    ...fieldPaths(entry, [...prefix, key]),
  ])
}

function objectLike(s: Walkable): boolean {
  const inner = s.wrapped ?? s
  return /object/.test(inner.type) && inner.entries !== undefined
}

/** A copy of `input` with the value at `path` replaced (objects and lists created as needed). */
export function withValue(input: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  const [key, ...rest] = path as [string | number, ...(string | number)[]]
  const copy = (
    Array.isArray(input)
      ? [...input]
      : typeof input === 'object' && input !== null
        ? { ...input }
        : typeof key === 'number'
          ? []
          : {}
  ) as Record<string | number, unknown>
  const child = (copy as Record<string | number, unknown>)[key]
  copy[key] = withValue(
    child ?? (typeof rest[0] === 'number' ? [] : rest.length > 0 ? {} : undefined),
    rest,
    value,
  )
  return copy
}

/** Checks `input` against `endpoint`; the issues, those at `path`, and the time taken. */
export function checkTimed(
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  path: Path,
  context?: unknown,
): { success: boolean; issues: readonly Issue[]; atPath: readonly Issue[]; ms: number } {
  const check = Endpoint.check as (
    e: unknown,
    i: unknown,
    c: unknown,
  ) => ReturnType<typeof Endpoint.check>
  const start = performance.now()
  const result = check(endpoint, input, context)
  const ms = performance.now() - start
  const key = path.join('.')
  const issues = result.issues ?? []
  return {
    success: result.success,
    issues,
    atPath: issues.filter((issue) => issue.path.join('.') === key),
    ms,
  }
}

/** The endpoints among a namespace's exports. */
export function endpointsOf(namespace: Record<string, unknown>): Endpoint.Endpoint<any, any>[] {
  return Object.values(namespace).filter(
    (value): value is Endpoint.Endpoint<any, any> =>
      typeof value === 'object' &&
      value !== null &&
      'schema' in value &&
      'path' in value &&
      'method' in value,
  )
}
