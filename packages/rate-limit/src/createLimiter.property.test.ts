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
    'issue: "a property test over random rule sets and arrival patterns": no window of any rule ever holds more than its limit, and every call passes',
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
