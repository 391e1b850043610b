import { describe, expect, test } from 'vitest'
import { findViolations } from './findViolations.js'
import { concurrency, spacing, window } from './test/harness.js'

describe('findViolations', () => {
  test('a window is half-open: a call one window later does not count', () => {
    const rule = window('k', 2, 1000)
    expect(findViolations(rule, [{ at: 0 }, { at: 500 }, { at: 1000 }])).toEqual([])
    expect(findViolations(rule, [{ at: 0 }, { at: 500 }, { at: 999 }])).toHaveLength(1)
  })
  test('weights count by weight', () => {
    const rule = window('k', 5, 1000, 2)
    expect(findViolations(rule, [{ at: 0 }, { at: 1 }, { at: 2, weight: 1 }])).toEqual([])
    expect(findViolations(rule, [{ at: 0 }, { at: 1 }, { at: 2 }])[0]?.observed).toBe(6)
  })
  test('spacing and concurrency', () => {
    expect(findViolations(spacing('s', 20), [{ at: 0 }, { at: 19 }])).toHaveLength(1)
    const slots = [
      { at: 0, end: 10 },
      { at: 10, end: 20 },
      { at: 5, end: 15 },
    ]
    expect(findViolations(concurrency('c', 2), slots)).toEqual([])
    expect(findViolations(concurrency('c', 1), slots)).toHaveLength(2)
  })
})
