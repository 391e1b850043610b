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
    vi.advanceTimersByTime(windowOf(1_000))
    const last = joinTimeout(1_000, timeoutReason)
    expect(last).toBe(first)
    leaveTimeout(first)
    vi.advanceTimersByTime(999)
    expect(last.controller.signal.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(last.controller.signal.aborted).toBe(true)
    leaveTimeout(last)
  })

  test('attempts within the window share a controller; later ones and other timeouts do not', () => {
    const a = joinTimeout(5_000, timeoutReason)
    const b = joinTimeout(5_000, timeoutReason)
    const other = joinTimeout(6_000, timeoutReason)
    vi.advanceTimersByTime(windowOf(5_000) + 1)
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
    expect(vi.getTimerCount()).toBeLessThanOrEqual(timers + 1)
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
})
