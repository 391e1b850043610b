import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import type { Rule } from './Store.js'
import { type Arrival, concurrency, run, spacing, window } from './test/harness.js'

/** A rule of any kind with small limits, so random arrivals hit them. */
const rule = (key: string): fc.Arbitrary<Rule> =>
  fc.oneof(
    fc
      .record({
        limit: fc.integer({ min: 3, max: 12 }),
        windowMs: fc.integer({ min: 50, max: 2000 }),
        weight: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      })
      .map(({ limit, windowMs, weight }) => window(key, limit, windowMs, weight)),
    fc.integer({ min: 1, max: 100 }).map((ms) => spacing(key, ms)),
    fc.integer({ min: 1, max: 4 }).map((limit) => concurrency(key, limit)),
  )

/** Three budgets; each call takes a non-empty subset of them (so keys are shared). */
const scenario = fc.tuple(rule('a'), rule('b'), rule('c')).chain((pool) =>
  fc.record({
    pool: fc.constant(pool),
    arrivals: fc.array(
      fc.record({
        at: fc.integer({ min: 0, max: 3000 }),
        picks: fc.subarray(pool, { minLength: 1 }),
        holdMs: fc.integer({ min: 0, max: 300 }),
        weight: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        priority: fc.integer({ min: 0, max: 1 }),
      }),
      { minLength: 1, maxLength: 60 },
    ),
    marginMs: fc.constantFrom(0, 1, 5),
    countFrom: fc.constantFrom('settled' as const, 'admitted' as const),
  }),
)

describe('createLimiter (property)', () => {
  test.prop([scenario], { numRuns: 80 })(
    'a property test over random rule sets and arrival patterns: no window of any rule ever holds more than its limit, and every call passes',
    async ({ arrivals, marginMs, countFrom }) => {
      const calls: Arrival[] = arrivals.map(({ at, picks, holdMs, weight, priority }) => ({
        at,
        rules: picks,
        holdMs,
        weight,
        priority,
      }))
      // 'settled' is checked against the worst arrival times within each call's flight.
      const { admitted, violations } = await run(calls, { marginMs, countFrom })
      expect(violations).toEqual([])
      expect(admitted.every((a) => a !== undefined)).toBe(true)
      // Nobody passes before it arrives.
      for (const [i, call] of calls.entries())
        expect(admitted[i]?.at).toBeGreaterThanOrEqual(call.at)
    },
  )
})

/** Saturating demand on one window: `5 × limit` calls at once, each in flight `holdMs`. */
const saturated = fc.record({
  limit: fc.integer({ min: 2, max: 12 }),
  windowMs: fc.integer({ min: 100, max: 2000 }),
  holdMs: fc.integer({ min: 0, max: 50 }),
})

describe('createLimiter (property): pacing, the size goals', () => {
  test.prop([saturated], { numRuns: 40 })(
    'the size goals: counted until settled, a saturated window is never over its limit and is paced as designed: its first paced span one call per window / limit, then each call one window after the call it replaces settled',
    async ({ limit, windowMs, holdMs }) => {
      const rules = [window('w', limit, windowMs)]
      const calls: Arrival[] = Array.from({ length: 5 * limit }, () => ({ at: 0, rules, holdMs }))
      const { admitted, violations } = await run(calls)
      // Checked against the worst arrival times within each call's flight.
      expect(violations).toEqual([])
      const at = admitted.map((a) => a?.at as number)
      const gap = windowMs / limit
      // From idle, a burst of the limit at once; the window is then full.
      expect(at.slice(0, limit)).toEqual(Array.from({ length: limit }, () => 0))
      // The first call after it, when the first call settled a window ago; then one per gap
      // (whole milliseconds of the fake timers: never less, less than 1 ms more).
      expect(at[limit]).toBe(holdMs + windowMs)
      for (let k = limit + 1; k < 2 * limit; k++) {
        expect((at[k] as number) - (at[k - 1] as number)).toBeGreaterThanOrEqual(gap)
        expect((at[k] as number) - (at[k - 1] as number)).toBeLessThan(gap + 1)
      }
      // Then each call passes one window after the call it replaces settled, or a quarter gap after
      // the call before it if that is later (the floor, reached at most once: the first span may
      // end up to 1 ms per call late on whole-millisecond timers)...
      for (let k = 2 * limit; k < 3 * limit; k++)
        expect(at[k]).toBe(
          Math.max(
            (at[k - limit] as number) + holdMs + windowMs,
            Math.ceil((at[k - 1] as number) + gap / 4),
          ),
        )
      // ...and from then on exactly one window and one round trip after the call it replaces:
      // the use is limit per (windowMs + holdMs), the strict most when counting from settlement.
      for (let k = 3 * limit; k < at.length; k++) {
        expect(at[k]).toBe((at[k - limit] as number) + holdMs + windowMs)
        expect((at[k] as number) - (at[k - 1] as number)).toBeGreaterThanOrEqual(gap / 4)
      }
    },
  )
})
