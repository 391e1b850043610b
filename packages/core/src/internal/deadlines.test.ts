import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { afterDeadline } from './deadlines.js'

describe('afterDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('fires each deadline when it is due, not before', () => {
    const fired: string[] = []
    afterDeadline(100, () => fired.push('a'))
    afterDeadline(300, () => fired.push('b'))
    vi.advanceTimersByTime(99)
    expect(fired).toEqual([])
    vi.advanceTimersByTime(1)
    expect(fired).toEqual(['a'])
    vi.advanceTimersByTime(199)
    expect(fired).toEqual(['a'])
    vi.advanceTimersByTime(1)
    expect(fired).toEqual(['a', 'b'])
  })

  test('a shorter deadline added after a longer one fires first', () => {
    const fired: string[] = []
    afterDeadline(1_000, () => fired.push('long'))
    afterDeadline(50, () => fired.push('short'))
    vi.advanceTimersByTime(50)
    expect(fired).toEqual(['short'])
    vi.advanceTimersByTime(950)
    expect(fired).toEqual(['short', 'long'])
  })

  test('a cancelled deadline never fires; the others still do', () => {
    const fired: string[] = []
    const cancel = afterDeadline(100, () => fired.push('a'))
    afterDeadline(100, () => fired.push('b'))
    cancel()
    vi.advanceTimersByTime(100)
    expect(fired).toEqual(['b'])
  })

  test('attempts one after another share one timer', () => {
    const timers = vi.getTimerCount()
    for (let i = 0; i < 100; i++) afterDeadline(10_000, () => {})()
    expect(vi.getTimerCount()).toBeLessThanOrEqual(timers + 1)
    const fired: number[] = []
    afterDeadline(10_000, () => fired.push(1))
    vi.advanceTimersByTime(10_000)
    expect(fired).toEqual([1])
  })

  test('a deadline added while others fire is kept for its own time', () => {
    const fired: string[] = []
    afterDeadline(100, () => {
      fired.push('first')
      afterDeadline(100, () => fired.push('second'))
    })
    vi.advanceTimersByTime(100)
    expect(fired).toEqual(['first'])
    vi.advanceTimersByTime(100)
    expect(fired).toEqual(['first', 'second'])
  })
})

describe('afterDeadline across fake and real timers', () => {
  test('a timer armed under fake timers that were removed does not hold later deadlines', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    // Armed for a deadline earlier than the next one: without the check it would be kept.
    afterDeadline(1, () => {})()
    vi.useRealTimers()
    const fired = await new Promise<boolean>((resolve) => {
      afterDeadline(50, () => resolve(true))
      setTimeout(() => resolve(false), 2_000)
    })
    expect(fired).toBe(true)
  })
})
