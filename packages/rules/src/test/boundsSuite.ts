/**
 * The shared table of the bounds tests: for every field of every endpoint of a family, a
 * request whose field holds one mebibyte is refused at that field's path, by a `length` rule
 * (or the `value` rule of an enum, or the `type` rule of a list), with short messages (what the refusal costs is measured in bounds.bench.ts, never asserted
 * on the wall clock). Never part of the
 * build.
 */
import { describe, expect, test } from 'vitest'
import type * as Endpoint from '../Endpoint.js'
import type { IssueType, Path } from '../Issue.js'
import { checkTimed, endpointsOf, fieldPaths, megabyte, withValue } from './bounds.js'

/**
 * Per endpoint id: a valid request, item paths a batch schema does not expose, and for a field
 * that the base request may not carry (an order type's own fields) a valid request that may,
 * by dotted path.
 */
export type Bases = Readonly<
  Record<
    string,
    {
      readonly request: unknown
      readonly paths?: readonly Path[] | undefined
      readonly requestFor?: Readonly<Record<string, unknown>> | undefined
    }
  >
>

/** A path whose refusal is of another type, with the reason (e.g. a field another change owns). */
export type Exceptions = Readonly<
  Record<string, { readonly type: IssueType; readonly why: string }>
>

/** Runs the bounds table of one endpoint family. */
export function boundsSuite(
  family: string,
  namespace: Record<string, unknown>,
  bases: Bases,
  exceptions: Exceptions = {},
): void {
  const endpoints = endpointsOf(namespace)
  const rows = endpoints.flatMap((endpoint) =>
    [...fieldPaths(endpoint.schema), ...(bases[endpoint.id]?.paths ?? [])].map(
      (path) => [endpoint.id, path.join('.'), endpoint, path] as const,
    ),
  )

  describe(`${family}: every request field is bounded`, () => {
    test('every endpoint of the family has valid base requests', () => {
      for (const endpoint of endpoints) {
        const base = bases[endpoint.id]
        expect(base, endpoint.id).toBeDefined()
        for (const request of [base?.request, ...Object.values(base?.requestFor ?? {})])
          expect(checkTimed(endpoint, request, []).issues, endpoint.id).toEqual([])
      }
    })

    test.each(rows)(
      '%s: a 1 MB %s is refused at its path by its length (or enum) rule, with short messages (its cost: bounds.bench.ts)',
      (id, key, endpoint: Endpoint.Endpoint<any, any>, path) => {
        const base = bases[id]
        const input = withValue(base?.requestFor?.[key] ?? base?.request, path, megabyte)
        const result = checkTimed(endpoint, input, path)
        expect(result.success).toBe(false)
        const allowed = exceptions[`${id} ${key}`]?.type
        expect(result.atPath.map((issue) => issue.type)).toEqual([
          expect.toSatisfy(
            (type: IssueType) =>
              type === 'length' || type === 'value' || type === 'type' || type === allowed,
          ),
        ])
        for (const issue of result.issues) expect(issue.message.length).toBeLessThan(400)
      },
    )
  })
}

export { megabyte }
