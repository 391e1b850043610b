/** Test helpers of the rules package: never part of the build. */
import * as Endpoint from '../Endpoint.js'
import type { IssueType } from '../Issue.js'

/**
 * A function that checks a request against `endpoint` and returns each issue as
 * `[type, dotted path]`, the shape most rule tests assert on.
 */
export function issuesFor<endpoint extends Endpoint.Endpoint<any, any>>(endpoint: endpoint) {
  return (input: unknown, context?: Endpoint.ContextOf<endpoint>): [IssueType, string][] => {
    const check = Endpoint.check as (
      e: unknown,
      i: unknown,
      c: unknown,
    ) => ReturnType<typeof Endpoint.check>
    return (check(endpoint, input, context).issues ?? []).map((issue) => [
      issue.type,
      issue.path.join('.'),
    ])
  }
}

/** `n` distinct stock symbols in `ticker.region` form. */
export function symbols(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `S${i}.US`)
}

/** Issues as `[type, dotted path]` pairs; `undefined` (a passing check) gives none. */
export function kinds(
  issues: readonly { type: string; path: readonly unknown[] }[] | undefined,
): [string, string][] {
  return (issues ?? []).map((issue) => [issue.type, issue.path.join('.')])
}
