/**
 * The checker: given the send time of every admitted call of one budget, finds every span that
 * breaks a rule. A window of `windowMs` is half-open, `[t, t + windowMs)`, as the exchange
 * counts it: a call exactly one window after another falls outside that one's window.
 */
import type { Rule } from './Store.js'

/** One admitted call: when it was sent, its cost on window rules, and when it settled. */
export type Admission = {
  /** Send (admission) time in milliseconds. */
  readonly at: number
  /** Cost on window rules. @default the rule's `weight`, or 1 */
  readonly weight?: number | undefined
  /** When the call settled (needed for concurrency rules). @default never */
  readonly end?: number | undefined
}

/** A span that holds more than a rule allows. */
export type Violation = {
  /** The rule broken. */
  readonly rule: Rule
  /** Where the span starts and ends (milliseconds). */
  readonly from: number
  readonly to: number
  /** What the span holds: weight in the window, calls in flight, or the gap between two calls. */
  readonly observed: number
  /** What the rule allows there. */
  readonly allowed: number
}

/**
 * Every violation of `rules` by the admissions of one budget (all empty means none).
 *
 * @example
 * import { findViolations } from '@tradeline/rate-limit'
 * const rule = { kind: 'window', key: 'k', scope: 'uid', limit: 2, windowMs: 1000, source: '' } as const
 * findViolations(rule, [{ at: 0 }, { at: 500 }, { at: 999 }]).length // 1: [0, 1000) holds 3
 * findViolations(rule, [{ at: 0 }, { at: 500 }, { at: 1000 }]) // []
 */
export function findViolations(
  rules: Rule | readonly Rule[],
  admissions: readonly Admission[],
): Violation[] {
  const list: readonly Rule[] = Array.isArray(rules) ? rules : [rules as Rule]
  const sorted = [...admissions].sort((x, y) => x.at - y.at)
  const violations: Violation[] = []
  for (const rule of list) {
    if (rule.kind === 'window') {
      const cost = (admission: Admission) => admission.weight ?? rule.weight ?? 1
      let end = 0
      let sum = 0
      for (let start = 0; start < sorted.length; start++) {
        const first = sorted[start] as Admission
        while (end < sorted.length && (sorted[end] as Admission).at < first.at + rule.windowMs) {
          sum += cost(sorted[end] as Admission)
          end++
        }
        if (sum > rule.limit)
          violations.push({
            rule,
            from: first.at,
            to: first.at + rule.windowMs,
            observed: sum,
            allowed: rule.limit,
          })
        sum -= cost(first)
      }
    } else if (rule.kind === 'spacing') {
      for (let i = 1; i < sorted.length; i++) {
        const from = (sorted[i - 1] as Admission).at
        const to = (sorted[i] as Admission).at
        if (to - from < rule.minIntervalMs)
          violations.push({ rule, from, to, observed: to - from, allowed: rule.minIntervalMs })
      }
    } else {
      // A slot released at t can be taken at t: ends sort before starts at equal times.
      const events = sorted.flatMap((a) => [
        { t: a.at, d: 1 },
        { t: a.end ?? Number.POSITIVE_INFINITY, d: -1 },
      ])
      events.sort((x, y) => x.t - y.t || x.d - y.d)
      let inFlight = 0
      for (const [i, event] of events.entries()) {
        inFlight += event.d
        if (event.d === 1 && inFlight > rule.limit)
          violations.push({
            rule,
            from: event.t,
            to: events[i + 1]?.t ?? event.t,
            observed: inFlight,
            allowed: rule.limit,
          })
      }
    }
  }
  return violations
}
