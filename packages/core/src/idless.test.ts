import { describe, expect, test } from 'vitest'
import { clockTolerance } from './change.js'
import { idlessWrites } from './idless.js'

describe('idlessWrites', () => {
  test('a single match is claimed at once, by one write only; an answered record is never a match', () => {
    const writes = idlessWrites()
    const client = {}
    const a = writes.begin(client, 'k', 0)
    expect(a.judge(['1'])).toEqual({ kind: 'one', id: '1' })
    expect(writes.has(client, '1')).toBe(true)
    const b = writes.begin(client, 'k', 0)
    expect(b.judge(['1'])).toEqual({ kind: 'none' })
    b.answered('2')
    const c = writes.begin(client, 'k', 0)
    expect(c.judge(['1', '2', '3'])).toEqual({ kind: 'one', id: '3' })
    // Another client's records are its own.
    expect(writes.begin({}, 'k', 0).judge(['1'])).toEqual({ kind: 'one', id: '1' })
  })

  test('while another write of the same key is in flight a match waits; answered, that record is its own', () => {
    const writes = idlessWrites()
    const client = {}
    const a = writes.begin(client, 'k', 0)
    const b = writes.begin(client, 'k', 0)
    const other = writes.begin(client, 'other key', 0)
    expect(b.judge(['7'])).toEqual({ kind: 'wait', ids: ['7'] })
    expect(other.judge(['8'])).toEqual({ kind: 'one', id: '8' })
    a.answered('7')
    expect(b.judge(['7'])).toEqual({ kind: 'none' })
    expect(b.judge(['7', '9'])).toEqual({ kind: 'one', id: '9' })
  })

  test('a write ended unknown makes a single match ambiguous for twice the clock tolerance from its first attempt; a settled one does not', () => {
    const writes = idlessWrites()
    const client = {}
    writes.begin(client, 'refused', 0).settled()
    expect(writes.begin(client, 'refused', 0).judge(['1'])).toEqual({ kind: 'one', id: '1' })
    writes.begin(client, 'k', 0).unknown()
    const near = writes.begin(client, 'k', 2 * clockTolerance)
    expect(near.judge(['5'])).toEqual({ kind: 'ambiguous', ids: ['5'] })
    near.settled()
    const far = writes.begin(client, 'k', 2 * clockTolerance + 1)
    expect(far.judge(['5'])).toEqual({ kind: 'one', id: '5' })
  })

  test('several matches are ambiguous; an end after the first changes nothing', () => {
    const writes = idlessWrites()
    const client = {}
    const a = writes.begin(client, 'k', 0)
    expect(a.judge(['1', '2', '1'])).toEqual({ kind: 'ambiguous', ids: ['1', '2'] })
    a.settled()
    a.unknown()
    expect(writes.begin(client, 'k', 0).judge(['1'])).toEqual({ kind: 'one', id: '1' })
  })

  test('the writes ended unknown are bounded per client (the newest kept)', () => {
    const writes = idlessWrites(1)
    const client = {}
    writes.begin(client, 'a', 0).unknown()
    writes.begin(client, 'b', 0).unknown()
    const next = writes.begin(client, 'a', 0)
    expect(next.judge(['1'])).toEqual({ kind: 'one', id: '1' })
    expect(writes.begin(client, 'b', 0).judge(['2'])).toEqual({ kind: 'ambiguous', ids: ['2'] })
  })
})
