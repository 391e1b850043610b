// The statistics of the limiter's use measure (bench/use.mjs), on synthetic calls: the long-run
// rate against the count of a span, and the wake-up past what counting until settled requires.
import { describe, expect, test } from 'vitest'
import { lateOf, rateOf } from '../bench/use.mjs'

const rule = { limit: 10, windowMs: 1000 }

/** Ten slots, each admitted again `cycleMs` after its last admission, in flight `flightMs`. */
const slots = (cycleMs: number, flightMs: number, rounds: number, lateMs = 0) =>
  Array.from({ length: rounds * 10 }, (_, i) => {
    const at = Math.floor(i / 10) * cycleMs + (i % 10) * 100 + (i >= 10 ? lateMs : 0)
    return { at, end: at + flightMs }
  })

describe('the limiter use measure', () => {
  test('the rate is the cycle of the slots whatever the span, where the count of a 30 s span moves with its start', () => {
    // Each slot comes back 1005 ms after its last admission: 99.50% of the limit.
    const calls = slots(1005, 5, 40)
    const arrivals = calls.map((c) => c.at)
    expect(rateOf(arrivals, rule)).toBeCloseTo(1000 / 1005, 6)
    const counts = [0, 120, 480, 960].map(
      (t0) => arrivals.filter((t) => t >= t0 && t < t0 + 30_000).length,
    )
    // The same calls counted over spans that start elsewhere: 298, 299 or 300 of 300.
    expect(new Set(counts).size).toBeGreaterThan(1)
  })

  test('the wake-up: what a call waited past the 10th latest settle before it plus a window', () => {
    // Settled 5 ms after admission, admitted again 1005 ms later plus 2 ms: 2 ms late each.
    const cycle = 1005 + 2
    const calls = Array.from({ length: 40 }, (_, i) => {
      const at = Math.floor(i / 10) * cycle + (i % 10) * 100
      return { at, end: at + 5 }
    })
    expect(lateOf(rule, calls, 1000, 40_000)).toBeCloseTo(2, 6)
    // On time: 0.
    expect(lateOf(rule, slots(1005, 5, 4), 1000, 40_000)).toBeCloseTo(0, 6)
  })
})
