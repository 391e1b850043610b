import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { timeoutReason } from './send.js'
import { joinTimeout, leaveTimeout, maxMembers, windowOf } from './timeoutSignals.js'

describe('shared timeout signals of the fetch sender', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('the window is 1% of the timeout, 1 to 50 ms', () => {
    expect([windowOf(10), windowOf(250), windowOf(10_000), windowOf(600_000)]).toEqual([
      1, 3, 50, 50,
    ])
  })

  test('an attempt is aborted no sooner than its timeout, at most the window later', () => {
    const group = joinTimeout(250, timeoutReason)
    vi.advanceTimersByTime(249)
    expect(group.controller.signal.aborted).toBe(false)
    vi.advanceTimersByTime(1 + windowOf(250))
    expect(group.controller.signal.aborted).toBe(true)
    expect(group.controller.signal.reason).toMatchObject({ name: 'TimeoutError' })
    leaveTimeout(group)
  })

  test('the last attempt a group takes still gets its whole timeout', () => {
    const first = joinTimeout(1_000, timeoutReason)
    vi.advanceTimersByTime(windowOf(1_000) - 1)
    const last = joinTimeout(1_000, timeoutReason)
    expect(last).toBe(first)
    leaveTimeout(first)
    vi.advanceTimersByTime(999)
    expect(last.controller.signal.aborted).toBe(false)
    vi.advanceTimersByTime(2)
    expect(last.controller.signal.aborted).toBe(true)
    leaveTimeout(last)
  })

  test('attempts within the window share a controller; later ones and other timeouts do not', () => {
    const a = joinTimeout(5_000, timeoutReason)
    const b = joinTimeout(5_000, timeoutReason)
    const other = joinTimeout(6_000, timeoutReason)
    vi.advanceTimersByTime(windowOf(5_000))
    const c = joinTimeout(5_000, timeoutReason)
    expect([b === a, other === a, c === a]).toEqual([true, false, false])
    for (const group of [a, b, other, c]) leaveTimeout(group)
  })

  test('a group whose attempts all settled never aborts, and its timer goes', () => {
    const timers = vi.getTimerCount()
    const group = joinTimeout(300, timeoutReason)
    leaveTimeout(group)
    vi.advanceTimersByTime(300 + windowOf(300))
    expect(group.controller.signal.aborted).toBe(false)
    expect(vi.getTimerCount()).toBe(timers)
    // Settled after its window: the timer is cleared at once.
    const late = joinTimeout(300, timeoutReason)
    vi.advanceTimersByTime(windowOf(300) + 1)
    leaveTimeout(late)
    expect(vi.getTimerCount()).toBe(timers)
  })

  test('attempts one after another share one timer', () => {
    const timers = vi.getTimerCount()
    for (let i = 0; i < 100; i++) leaveTimeout(joinTimeout(10_000, timeoutReason))
    // One group: its abort and the end of its window.
    expect(vi.getTimerCount()).toBeLessThanOrEqual(timers + 2)
  })

  test(`a group takes at most ${maxMembers} attempts`, () => {
    const first = joinTimeout(2_000, timeoutReason)
    for (let i = 1; i < maxMembers; i++) leaveTimeout(joinTimeout(2_000, timeoutReason))
    const next = joinTimeout(2_000, timeoutReason)
    expect(next).not.toBe(first)
    leaveTimeout(first)
    leaveTimeout(next)
  })

  test('a group armed with another setTimeout takes no new attempt', () => {
    const group = joinTimeout(700, timeoutReason)
    leaveTimeout(group)
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const next = joinTimeout(700, timeoutReason)
    expect(next).not.toBe(group)
    vi.advanceTimersByTime(700 + windowOf(700))
    expect(next.controller.signal.aborted).toBe(true)
    leaveTimeout(next)
  })

  test('the window follows the timers, not Date: a clock stepped back or a Date not faked moves no attempt into an old group', () => {
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const first = joinTimeout(5_000, timeoutReason)
    vi.advanceTimersByTime(4_000)
    const later = joinTimeout(5_000, timeoutReason)
    expect(later).not.toBe(first)
    leaveTimeout(first)
    vi.advanceTimersByTime(4_999)
    expect(later.controller.signal.aborted).toBe(false)
    vi.advanceTimersByTime(1 + windowOf(5_000))
    expect(later.controller.signal.aborted).toBe(true)
    leaveTimeout(later)
  })

  test('a busy event loop that holds the timers back closes the window by performance.now()', () => {
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['performance'] })
    const first = joinTimeout(3_000, timeoutReason)
    // performance.now() moves 100 ms; the (real) timers cannot fire within this test's turn.
    vi.advanceTimersByTime(100)
    const later = joinTimeout(3_000, timeoutReason)
    expect(later).not.toBe(first)
    vi.useRealTimers()
    leaveTimeout(first)
    leaveTimeout(later)
  })

  test('the last attempt leaving a group that already fired ends with the timeout, not a TypeError', () => {
    // Date not faked: it barely moves while the timers run 400 ms ahead.
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const group = joinTimeout(400, timeoutReason)
    vi.advanceTimersByTime(400 + windowOf(400))
    expect(group.controller.signal.aborted).toBe(true)
    expect(() => leaveTimeout(group)).not.toThrow()
  })

  test('the longest timeout a timer takes is armed without overflow', () => {
    const longest = 2_147_483_647
    const group = joinTimeout(longest, timeoutReason)
    const near = joinTimeout(longest - 10, timeoutReason)
    expect([group.window, near.window]).toEqual([0, 10])
    // An overflowing delay would have fired at once (Node uses 1 ms).
    vi.advanceTimersByTime(1_000)
    expect([group.controller.signal.aborted, near.controller.signal.aborted]).toEqual([
      false,
      false,
    ])
    leaveTimeout(group)
    leaveTimeout(near)
  })

  test("a group's signal takes a listener per attempt without Node's leak warning", async () => {
    const { getMaxListeners } = await import('node:events')
    const group = joinTimeout(900, timeoutReason)
    expect(getMaxListeners(group.controller.signal)).toBe(maxMembers)
    leaveTimeout(group)
  })
})
