/**
 * The placement reading's judgement of an order found under its clientOid: whose it is, by its
 * creation time against the placement's first attempt. These cases are the ones that must never
 * call the placement's own order another's (which invites a second order).
 */
import { describe, expect, test } from 'vitest'
import type { ChangeVerdict } from './change.js'
import {
  clockDriftRate,
  type PlacementClock,
  placementReading,
  reuseMargin,
  wallSkew,
} from './placement.js'

type Found = { createdTime: string | number | null | undefined }

/**
 * A transport clock on the exchange's time (offset 0, uncertainty 10 ms), running with the
 * monotonic clock from `serverNow`; `step` moves it as a time daemon's step does.
 */
function exchangeClock(serverNow: number): PlacementClock & { syncs: number; step: number } {
  const origin = performance.now()
  const clock = {
    syncs: 0,
    step: 0,
    now: () => serverNow + (performance.now() - origin) + clock.step,
    offset: 0,
    synced: true,
    uncertainty: 10,
    sync: async () => {
      clock.syncs++
      return 0
    },
  }
  return clock
}

const own: ChangeVerdict<string> = { kind: 'done', value: 'own' }

/** A reading of a placement whose first attempt was at `start` on `clock`. */
function readingAt(start: number, clock: PlacementClock) {
  return placementReading<string, Found>({
    retry: false,
    since: () => start,
    duplicateCodes: ['43118'],
    judge: (found) => (found === undefined ? { kind: 'not-applied', final: false } : own),
    createdAt: (found) => found.createdTime,
    clock,
    skew: wallSkew(clock),
  })
}

describe('placementReading', () => {
  test("an order created well inside the synchronised margin before the first attempt is another's (the reused id the reading is for)", async () => {
    const start = 1_700_000_000_000
    const clock = exchangeClock(start + 2_000)
    const reading = readingAt(start, clock)
    const found = { createdTime: String(start - 5_000) }
    await reading.examine(found)
    expect([clock.syncs, reading.judge(found)]).toEqual([1, { kind: 'not-applied', final: true }])
  })

  test('a wall clock stepped back 1 s between the first attempt and the judgement: the own order (stamped 1 s "before" on the stepped clock) stays its own', async () => {
    const start = 1_700_000_000_000
    const clock = exchangeClock(start + 2_000)
    const reading = readingAt(start, clock)
    clock.step = -1_000
    const found = { createdTime: String(start - 1_000) }
    await reading.examine(found)
    expect(reading.judge(found)).toEqual(own)
  })

  test('a wall clock stepped forward: the same (the tolerance decides)', async () => {
    const start = 1_700_000_000_000
    const clock = exchangeClock(start + 2_000)
    const reading = readingAt(start, clock)
    clock.step = 1_000
    const found = { createdTime: String(start - 1_000) }
    await reading.examine(found)
    expect(reading.judge(found)).toEqual(own)
  })

  test('a slew (wall and monotonic clocks together) within the drift allowed: the own order stays its own', async () => {
    // A lookup 12 s after the first attempt; a daemon slewing at its fastest (1/12) moved the
    // local clock by 1 s meanwhile, so the first attempt reads 1 s late.
    const start = 1_700_000_000_000
    const clock = exchangeClock(start + 12_000)
    const reading = readingAt(start + 1_000, clock)
    const found = { createdTime: String(start + 1) }
    await reading.examine(found)
    expect([clock.syncs, reading.judge(found)]).toEqual([1, own])
    expect(reuseMargin + clockDriftRate * 11_000).toBeGreaterThan(1_000)
  })

  test.each([
    ['""', ''],
    ['null', null],
    ['missing', undefined],
    ['"0"', '0'],
    ['"-1"', '-1'],
    ['0', 0],
  ])(
    'a found order whose creation time is %s ("not set") is judged by the line: its own',
    async (_, createdTime) => {
      const start = 1_700_000_000_000
      const clock = exchangeClock(start + 2_000)
      const reading = readingAt(start, clock)
      const found = { createdTime }
      await reading.examine(found)
      expect([clock.syncs, reading.judge(found)]).toEqual([0, own])
    },
  )
})
