/**
 * Test harness: drives a limiter with calls arriving at given times (under fake timers), records
 * when each call is admitted and settles, and checks every rule's budgets with the checker.
 */
import { vi } from 'vitest'
import { createLimiter } from '../createLimiter.js'
import { type Admission, findViolations, type Violation } from '../findViolations.js'
import type { CountFrom, Rule } from '../Store.js'

/** One call: when it arrives, its rules, how long it stays in flight, and its weight. */
export type Arrival = {
  readonly at: number
  readonly rules: readonly Rule[]
  readonly holdMs?: number | undefined
  readonly weight?: number | undefined
  readonly priority?: number | undefined
}

/** What a run gives back. */
export type RunResult = {
  /** Admission per call (same order as the arrivals); `undefined` if never admitted. */
  readonly admitted: readonly (Admission | undefined)[]
  /** Every violation of every rule, over the admissions that took it. */
  readonly violations: readonly Violation[]
}

/**
 * Runs the arrivals through a fresh in-memory limiter under fake timers (clock `Date.now`,
 * starting at 0) until every call settled or `untilMs` passed.
 */
export async function run(
  arrivals: readonly Arrival[],
  options: { marginMs?: number; untilMs?: number; countFrom?: CountFrom } = {},
): Promise<RunResult> {
  vi.useFakeTimers({ now: 0 })
  try {
    const clock = { now: () => Date.now() }
    const countFrom = options.countFrom ?? 'settled'
    const limiter = createLimiter({ clock, marginMs: options.marginMs ?? 0, countFrom })
    const admitted: (Admission | undefined)[] = arrivals.map(() => undefined)
    const settled: Promise<void>[] = []
    for (const [i, arrival] of arrivals.entries()) {
      setTimeout(() => {
        const done = limiter
          .acquire(arrival.rules, { weight: arrival.weight, priority: arrival.priority })
          .then(async (release) => {
            const at = clock.now()
            admitted[i] = { at, weight: arrival.weight, end: at + (arrival.holdMs ?? 0) }
            if (arrival.holdMs) await new Promise((resolve) => setTimeout(resolve, arrival.holdMs))
            release()
          })
        settled.push(done)
      }, arrival.at)
    }
    const last = Math.max(0, ...arrivals.map((a) => a.at))
    await vi.advanceTimersByTimeAsync(last + 1)
    const untilMs = options.untilMs ?? 600_000
    while (admitted.some((a) => a === undefined) && Date.now() < untilMs)
      await vi.advanceTimersByTimeAsync(50)
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(settled)
    const violations =
      countFrom === 'admitted' ? check(arrivals, admitted) : checkWorstCase(arrivals, admitted)
    return { admitted, violations }
  } finally {
    vi.useRealTimers()
  }
}

/** Checks every rule (by key) over the admissions of the calls that took it. */
export function check(
  arrivals: readonly Arrival[],
  admitted: readonly (Admission | undefined)[],
): Violation[] {
  const byKey = new Map<string, { rule: Rule; admissions: Admission[] }>()
  for (const [i, arrival] of arrivals.entries()) {
    const admission = admitted[i]
    if (!admission) continue
    for (const rule of arrival.rules) {
      const entry = byKey.get(`${rule.kind}:${rule.key}`) ?? { rule, admissions: [] }
      entry.admissions.push(admission)
      byKey.set(`${rule.kind}:${rule.key}`, entry)
    }
  }
  return [...byKey.values()].flatMap(({ rule, admissions }) => findViolations(rule, admissions))
}

/**
 * Checks every rule for the worst arrivals: each call reached the server at any moment between
 * its admission (`at`) and its settling (`end`), so a window is broken when calls of more than
 * the limit could all arrive within one `windowMs`, a spacing when two calls could arrive closer
 * than `minIntervalMs`.
 */
export function checkWorstCase(
  arrivals: readonly Arrival[],
  admitted: readonly (Admission | undefined)[],
): Violation[] {
  const violations: Violation[] = []
  const byKey = new Map<
    string,
    { rule: Rule; calls: { at: number; end: number; weight: number }[] }
  >()
  for (const [i, arrival] of arrivals.entries()) {
    const a = admitted[i]
    if (!a) continue
    for (const rule of arrival.rules) {
      const entry = byKey.get(`${rule.kind}:${rule.key}`) ?? { rule, calls: [] }
      const weight = a.weight ?? (rule.kind === 'window' ? (rule.weight ?? 1) : 1)
      entry.calls.push({ at: a.at, end: a.end ?? Number.POSITIVE_INFINITY, weight })
      byKey.set(`${rule.kind}:${rule.key}`, entry)
    }
  }
  for (const { rule, calls } of byKey.values()) {
    if (rule.kind === 'window') {
      for (const first of calls) {
        const t = first.end
        const sum = calls
          .filter((c) => c.end >= t && c.at < t + rule.windowMs)
          .reduce((total, c) => total + c.weight, 0)
        if (sum > rule.limit)
          violations.push({
            rule,
            from: t,
            to: t + rule.windowMs,
            observed: sum,
            allowed: rule.limit,
          })
      }
    } else if (rule.kind === 'spacing') {
      for (const [i, x] of calls.entries())
        for (const y of calls.slice(i + 1))
          if (!(y.at >= x.end + rule.minIntervalMs || x.at >= y.end + rule.minIntervalMs))
            violations.push({
              rule,
              from: x.at,
              to: y.at,
              observed: 0,
              allowed: rule.minIntervalMs,
            })
    } else violations.push(...findViolations(rule, calls))
  }
  return violations
}

/** A window rule. */
export const window = (key: string, limit: number, windowMs: number, weight?: number): Rule => ({
  kind: 'window',
  key,
  scope: 'uid',
  limit,
  windowMs,
  ...(weight === undefined ? {} : { weight }),
  source: 'test',
})

/** A spacing rule. */
export const spacing = (key: string, minIntervalMs: number): Rule => ({
  kind: 'spacing',
  key,
  scope: 'uid',
  minIntervalMs,
  source: 'test',
})

/** A concurrency rule. */
export const concurrency = (key: string, limit: number): Rule => ({
  kind: 'concurrency',
  key,
  scope: 'uid',
  limit,
  source: 'test',
})
