import { afterEach, describe, expect, test, vi } from 'vitest'
import { createLimiter } from './createLimiter.js'
import { createMemoryStore, paceGap } from './createMemoryStore.js'
import type { Rule } from './Store.js'
import { concurrency, spacing, window } from './test/harness.js'

afterEach(() => {
  vi.useRealTimers()
})

/** A limiter over a memory store with `share`, on fake time from 0; logs admission times. */
function setup(share: number) {
  vi.useFakeTimers({ now: 0 })
  const clock = { now: () => Date.now() }
  const limiter = createLimiter({ clock, store: createMemoryStore({ clock, share }) })
  const passed: number[] = []
  const errors: unknown[] = []
  const call = (rules: readonly Rule[], weight?: number) =>
    limiter.acquire(rules, { weight }).then(
      (release) => {
        passed.push(Date.now())
        release()
      },
      (error: unknown) => {
        errors.push(error)
      },
    )
  return { limiter, passed, errors, call }
}

describe('createMemoryStore', () => {
  test('the size goals: paceGap is window / limit by weight for the first span of pacing, then a quarter', () => {
    // Before the call: 0 of 10 paced; the gaps after the calls that fill the first span are whole.
    expect(paceGap(0, 1, 10, 1000)).toBe(100)
    expect(paceGap(6, 3, 10, 1000)).toBe(300)
    // The call that completes the first span (and every later one): a quarter.
    expect(paceGap(9, 1, 10, 1000)).toBe(25)
    expect(paceGap(9, 3, 10, 1000)).toBe(75)
    expect(paceGap(12, 2, 10, 1000)).toBe(50)
  })

  test('the size goals: counted until settled, a window that was full admits its next calls paced', () => {
    let now = 0
    const store = createMemoryStore({ clock: { now: () => now } })
    const budgets = [{ rule: window('k', 2, 1000), id: 'k', scope: 'uid:1' }]
    const take = () => store.take({ budgets, marginMs: 0, countFrom: 'settled' })
    const a = take()
    const b = take()
    // Full: refused until the first call settled a window ago (both are still in flight).
    expect(take()).toEqual({ ok: false, retryAfterMs: 1000 })
    now = 10
    store.release(a.ok ? a.lease : undefined)
    store.release(b.ok ? b.lease : undefined)
    now = 1010
    const c = take()
    expect(c.ok).toBe(true)
    // The window now has room (the calls of 10 left it), but pacing holds the next call 500 ms.
    expect(take()).toEqual({ ok: false, retryAfterMs: 500 })
    now = 1510
    const d = take()
    expect(d.ok).toBe(true)
    // The window is full again; it decides (the paced floor, 250 ms now, is not what waits).
    now = 1600
    store.release(c.ok ? c.lease : undefined)
    store.release(d.ok ? d.lease : undefined)
    expect(take()).toEqual({ ok: false, retryAfterMs: 1000 })
    // A whole span with nothing counted after paced calls: pacing ends, a burst passes.
    now = 2600
    expect([take().ok, take().ok]).toEqual([true, true])
  })

  test('without a share, a window admits exactly its limit', () => {
    const store = createMemoryStore({ clock: { now: () => 0 } })
    const budgets = [{ rule: window('k', 2, 1000), id: 'k', scope: 'uid:1' }]
    const take = () => store.take({ budgets, marginMs: 0, countFrom: 'admitted' }).ok
    expect([take(), take(), take()]).toEqual([true, true, false])
  })

  test('a share of a 1-per-second rule is 1 call per stretched window, never 0 (share 0.25: 1 per 4 s)', async () => {
    const { passed, errors, call } = setup(0.25)
    const rules = [window('heartbeat', 1, 1000)]
    const calls = [call(rules), call(rules), call(rules)]
    await vi.advanceTimersByTimeAsync(0)
    expect(passed).toEqual([0])
    await vi.advanceTimersByTimeAsync(3999)
    expect(passed).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    expect(passed).toEqual([0, 4000])
    await vi.advanceTimersByTimeAsync(4000)
    await Promise.all(calls)
    expect(passed).toEqual([0, 4000, 8000])
    expect(errors).toEqual([])
  })

  test('a spacing rule (with the single in-flight slot it brings) still passes under a share', async () => {
    const { passed, errors, call } = setup(0.25)
    const rules = [spacing('countdown', 1000)]
    const calls = [call(rules), call(rules)]
    await vi.advanceTimersByTimeAsync(4000)
    await Promise.all(calls)
    expect(passed).toEqual([0, 4000])
    expect(errors).toEqual([])
  })

  test('decision: a concurrency cap keeps at least 1 slot under a share', async () => {
    const { passed, errors, call } = setup(0.25)
    const calls = [call([concurrency('slot', 1)]), call([concurrency('slot', 2)])]
    await vi.advanceTimersByTimeAsync(0)
    await Promise.all(calls)
    expect(passed).toEqual([0, 0])
    expect(errors).toEqual([])
  })

  test('a share of a larger window rounds the limit down and keeps the window (10/s at 0.25: 2 per s)', async () => {
    const { passed, call } = setup(0.25)
    const rules = [window('orders', 10, 1000)]
    const calls = Array.from({ length: 5 }, () => call(rules))
    await vi.advanceTimersByTimeAsync(2000)
    await Promise.all(calls)
    // After the first window, paced (the size goals): one per 1000 / 2 ms of the local window.
    expect(passed).toEqual([0, 0, 1000, 1500, 2000])
  })

  test('decision: the local rate never exceeds the share, and no span of the window holds more than limit x share', async () => {
    // 3 per second at 0.5 is 1.5: rounded down to 1 per second, the window kept (a window
    // shortened to 667 ms would put 2 calls in one second).
    const { passed, call } = setup(0.5)
    const rules = [window('k', 3, 1000)]
    const calls = Array.from({ length: 20 }, () => call(rules))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(passed.length).toBeLessThanOrEqual(1.5 * 10 + 1)
    for (const at of passed)
      expect(passed.filter((other) => other >= at && other < at + 1000).length).toBe(1)
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(calls)
  })

  test('decision: a call heavier than the local limit passes alone and holds the window for its weight', async () => {
    // 10 per second at 0.25 is 2 per second: a call of weight 5 holds the window 2.5 s.
    const { passed, errors, call } = setup(0.25)
    const rules = [window('k', 10, 1000)]
    const calls = [call(rules, 5), call(rules)]
    await vi.advanceTimersByTimeAsync(2499)
    expect(passed).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    await Promise.all(calls)
    expect(passed).toEqual([0, 2500])
    expect(errors).toEqual([])
  })

  test('a share outside (0, 1] is refused', () => {
    expect(() => createMemoryStore({ share: 0 })).toThrow(RangeError)
    expect(() => createMemoryStore({ share: 1.5 })).toThrow(RangeError)
  })
})
