import { describe, expect, test } from 'vitest'
import { sequence } from './createMarketStream.js'

describe('sequence', () => {
  test.each([
    // pseq, seq, last applied seq, last push was the snapshot, verdict
    [10, 11, 10, false, 'next'],
    [9, 11, 10, false, 'gap'],
    [0, 11, 10, false, 'gap'],
    // "the seq of the snapshot should fall within the range [pseq, seq] of the first update"
    [8, 12, 10, true, 'next'],
    [10, 11, 10, true, 'next'],
    [11, 12, 10, true, 'gap'],
    [7, 9, 10, true, 'stale'],
    [undefined, 11, 10, false, 'next'],
    [10, 11, undefined, false, 'next'],
  ] as const)('pseq %s, seq %s after %s (fresh %s): %s', (pseq, seq, last, fresh, verdict) => {
    expect(sequence(pseq, seq, last, fresh)).toBe(verdict)
  })
})
