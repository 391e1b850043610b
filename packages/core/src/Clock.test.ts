import { describe, expect, test } from 'vitest'
import { computeOffset, createSyncedClock } from './Clock.js'

describe('computeOffset', () => {
  test('offset = serverTime - (t0 + t1) / 2', () => {
    expect(computeOffset({ sentAt: 1000, receivedAt: 1100, serverTime: 5050 })).toBe(4000)
  })

  test('a server behind the local clock gives a negative offset, rounded', () => {
    expect(computeOffset({ sentAt: 10_000, receivedAt: 10_003, serverTime: 9_000 })).toBe(-1001)
  })
})

describe('createSyncedClock', () => {
  test('now() is local time plus the synchronised offset', async () => {
    let local = 1_000
    const clock = createSyncedClock({
      clock: { now: () => local },
      sample: async () => ({ sentAt: 1_000, receivedAt: 1_200, serverTime: 61_100 }),
    })
    expect([clock.offset, clock.synced, clock.now()]).toEqual([0, false, 1_000])
    expect(await clock.sync()).toBe(60_000)
    local = 2_000
    expect([clock.offset, clock.synced, clock.now()]).toEqual([60_000, true, 62_000])
  })

  test("uncertainty: how far the offset may be off, half the reading's round trip rounded up plus 2 ms; 0 until synchronised", async () => {
    const clock = createSyncedClock({
      clock: { now: () => 1_000 },
      // The server may have read its clock as the request left or as the answer came.
      sample: async () => ({ sentAt: 1_000, receivedAt: 1_401, serverTime: 51_000 }),
    })
    expect(clock.uncertainty).toBe(0)
    await clock.sync()
    expect([clock.offset, clock.uncertainty]).toEqual([49_800, 203])
    // Both ends of what the server's time may be now lie within it.
    for (const serverRead of [1_000, 1_401])
      expect(Math.abs(clock.now() - (51_000 + 1_000 - serverRead))).toBeLessThanOrEqual(203)
  })

  test('concurrent syncs share one reading', async () => {
    let readings = 0
    const clock = createSyncedClock({
      clock: { now: () => 0 },
      sample: async () => {
        readings++
        return { sentAt: 0, receivedAt: 0, serverTime: 5 }
      },
    })
    await Promise.all([clock.sync(), clock.sync(), clock.sync()])
    expect(readings).toBe(1)
    await clock.sync()
    expect(readings).toBe(2)
  })
})
