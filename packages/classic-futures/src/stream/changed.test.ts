// The classic stream's filter of repeated positions and coins remembers a bounded number of keys:
// a closed one is forgotten, and past the cap the least recently changed one. Before the fix the
// filter (inline in createClassicFuturesStream) kept every key ever pushed: 233 MiB for a server
// pushing 200,000 distinct positions.
import { describe, expect, test } from 'vitest'
import { changedOnly } from './changed.js'

type P = { id: string; size: string }
const filter = (cap?: number) =>
  changedOnly<P>(
    (p) => p.id,
    (p) => p.size === '0',
    cap,
  )

describe('changedOnly', () => {
  test('passes a record only when it changed', () => {
    const keep = filter()
    expect([keep({ id: 'a', size: '1' }), keep({ id: 'a', size: '1' })]).toEqual([true, false])
    expect(keep({ id: 'a', size: '2' })).toBe(true)
  })

  test('forgets a key once its closed record passed', () => {
    const keep = filter()
    keep({ id: 'a', size: '1' })
    keep({ id: 'b', size: '1' })
    expect(keep({ id: 'a', size: '0' })).toBe(true)
    expect(keep.size).toBe(1)
  })

  test('keeps at most the cap of keys (core maxStateKeys by default), the least recently changed dropped', () => {
    const keep = filter(3)
    for (const id of ['a', 'b', 'c', 'd']) keep({ id, size: '1' })
    expect(keep.size).toBe(3)
    // `a` was dropped: its record passes again; `d` was kept.
    expect(keep({ id: 'a', size: '1' })).toBe(true)
    expect(keep({ id: 'd', size: '1' })).toBe(false)
    const big = filter()
    for (let i = 0; i < 10_050; i++) big({ id: `S${i}`, size: '1' })
    expect(big.size).toBe(10_000)
  })
})
