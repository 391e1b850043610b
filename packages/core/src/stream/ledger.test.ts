// The ledger of a private stream without a network: paging to the end (or a StreamGapError),
// the catch-up's reads (history pages, not one lookup per order), and never going backwards.
import { describe, expect, test } from 'vitest'
import { StreamGapError } from './errors.js'
import { allPages, type GapReads, Ledger } from './ledger.js'

type O = { id: string; t: number; c: number; q: string; s: 0 | 1 | 2 }
type F = { id: string; o: string; t: number }
const shapes = {
  order: {
    id: (o: O) => o.id,
    time: (o: O) => o.t,
    created: (o: O) => o.c,
    filled: (o: O) => o.q,
    stage: (o: O) => o.s,
  },
  fill: { id: (f: F) => f.id, orderId: (f: F) => f.o, time: (f: F) => f.t },
}
const signal = new AbortController().signal

/** A paged reader over `n` records, `size` a page, counting its calls. */
const pager = (n: number, size = 100) => {
  const calls = { n: 0 }
  const read = async ({ cursor }: { cursor?: string }) => {
    calls.n++
    const from = cursor === undefined ? 0 : Number(cursor)
    const list = Array.from({ length: Math.max(0, Math.min(size, n - from)) }, (_, i) => from + i)
    return { list, cursor: String(from + list.length) }
  }
  return { read, calls }
}

describe('allPages', () => {
  test('reads past 50 pages: 6,000 records in 60 pages of 100, no empty page read after a short one', async () => {
    const { read, calls } = pager(6050)
    const all = await allPages('fills', read, { pageSize: 100 })
    expect(all).toHaveLength(6050)
    expect(new Set(all).size).toBe(6050)
    expect(calls.n).toBe(61)
  })

  test('more pages than it may follow: a StreamGapError naming the read, not part of it as if whole', async () => {
    const { read } = pager(1000, 10)
    const error = await allPages('fills', read, { maxPages: 5, pageSize: 10 }).catch(
      (e: unknown) => e,
    )
    expect(StreamGapError.isInstance(error)).toBe(true)
    expect((error as StreamGapError).what).toBe('fills')
    expect((error as StreamGapError).read).toBe(50)
  })

  test('an aborted signal stops before the next page', async () => {
    const { read, calls } = pager(1000)
    const aborter = new AbortController()
    aborter.abort()
    await expect(allPages('fills', read, { signal: aborter.signal })).rejects.toThrow()
    expect(calls.n).toBe(0)
  })
})

describe('Ledger.missed', () => {
  test('300 orders open before the stream and closed in a gap: history pages since their creation, no lookup per order', async () => {
    const ledger = new Ledger<O, F>(shapes)
    const open = Array.from({ length: 300 }, (_, i) => ({
      id: String(1000 + i),
      t: 100_000,
      c: 100_000,
      q: '0',
      s: 0 as const,
    }))
    ledger.seedOpen(open)
    ledger.start('order', 200_000)
    const counts = { open: 0, history: 0, lookups: 0, historyFrom: -1 }
    const closed = open.map((o) => ({ ...o, t: 500_000, s: 2 as const }))
    const reads: GapReads<O, F> = {
      openOrders: async () => {
        counts.open++
        return []
      },
      orderHistory: async (start) => {
        counts.historyFrom = start
        const { read, calls } = pager(closed.length)
        const pages = await allPages('history', read, { pageSize: 100 })
        counts.history += calls.n
        return pages.map((i) => closed[i] as O)
      },
      fills: async () => [],
      order: async () => {
        counts.lookups++
        return undefined
      },
    }
    const missed = await ledger.missed(reads, { orders: true, fills: false }, signal)
    expect(missed).toHaveLength(300)
    // Three full pages and the empty one that ends them.
    expect(counts).toEqual({ open: 1, history: 4, lookups: 0, historyFrom: 100_000 })
  })

  test('an order believed open that neither the open list nor the history shows is looked up by id', async () => {
    const ledger = new Ledger<O, F>(shapes)
    ledger.seedOpen([{ id: '7', t: 1, c: 1, q: '0', s: 0 }])
    ledger.start('order', 10)
    const reads: GapReads<O, F> = {
      openOrders: async () => [],
      orderHistory: async () => [],
      fills: async () => [],
      order: async (id) => ({ id, t: 50, c: 1, q: '1', s: 2 }),
    }
    const missed = await ledger.missed(reads, { orders: true, fills: false }, signal)
    expect(missed.map((e) => e.record)).toEqual([{ id: '7', t: 50, c: 1, q: '1', s: 2 }])
  })

  test('a failed read rejects the catch-up (the stream drops and tries again), it is never skipped', async () => {
    const ledger = new Ledger<O, F>(shapes)
    ledger.seedOpen([{ id: '7', t: 1, c: 1, q: '0', s: 0 }])
    ledger.start('order', 10)
    const reads: GapReads<O, F> = {
      openOrders: async () => [],
      orderHistory: async () => [],
      fills: async () => [],
      order: async () => {
        throw new Error('HTTP 500')
      },
    }
    await expect(ledger.missed(reads, { orders: true, fills: false }, signal)).rejects.toThrow(
      'HTTP 500',
    )
  })
})

describe('the gap start while a catch-up has not completed', () => {
  test('live states accepted during a catch-up that failed do not move the start of the next one; caughtUp() does', async () => {
    const starts: number[] = []
    // Both orders still open: no order believed open reaches the start further back.
    const reads: GapReads<O, F> = {
      openOrders: async () => [
        { id: '1', t: 10_000, c: 10_000, q: '0', s: 0 },
        { id: '2', t: 50_000, c: 50_000, q: '0', s: 0 },
      ],
      orderHistory: async (start) => {
        starts.push(start)
        return []
      },
      fills: async () => [],
      order: async () => undefined,
    }
    const ledger = new Ledger<O, F>(shapes)
    ledger.start('order', 1_000)
    ledger.acceptOrder({ id: '1', t: 10_000, c: 10_000, q: '0', s: 0 })
    const first = ledger.missed(reads, { orders: true, fills: false }, signal, 0)
    // A live push passes while the catch-up reads; the catch-up then fails (never caughtUp()).
    ledger.acceptOrder({ id: '2', t: 50_000, c: 50_000, q: '0', s: 0 })
    await first
    await ledger.missed(reads, { orders: true, fills: false }, signal, 0)
    ledger.caughtUp()
    await ledger.missed(reads, { orders: true, fills: false }, signal, 0)
    expect(starts).toEqual([10_000, 10_000, 50_000])
  })
})

describe('an order dropped from the cap', () => {
  // A cap of 8 drops the oldest orders once 9 (8 + 8/8) are held.
  const filled = (id: string, t: number): O => ({ id, t, c: t, q: '0', s: 0 })

  test('a resting order that newer orders pushed out of the cap is not emitted again by the next gap (it did not change); one that changed in the gap is', async () => {
    const ledger = new Ledger<O, F>(shapes, 8)
    ledger.start('order', 1_000)
    const resting = filled('1', 10_000)
    expect(ledger.acceptOrder(resting)).toBe(true)
    for (let i = 0; i < 10; i++) ledger.acceptOrder(filled(String(100 + i), 20_000 + i * 1_000))
    const changed = { ...filled('2', 10_000), t: 60_000, q: '1', s: 1 as const }
    const reads: GapReads<O, F> = {
      // Both still open: the resting one as it was, the other filled in part during the gap.
      openOrders: async () => [resting, changed],
      orderHistory: async () => [],
      fills: async () => [],
      order: async () => undefined,
    }
    const missed = await ledger.missed(reads, { orders: true, fills: false }, signal)
    expect(missed.map((e) => e.record)).toEqual([changed])
  })

  test('orders closed while the stream was up and pushed out of the cap are not emitted again when the history is read from an old order’s creation', async () => {
    const ledger = new Ledger<O, F>(shapes, 8)
    ledger.start('order', 1_000)
    // An order believed open since 5,000 (seeded, never pushed) reaches the history back to then.
    ledger.seedOpen([filled('7', 5_000)])
    const closedEarly = Array.from({ length: 10 }, (_, i) => ({
      ...filled(String(100 + i), 10_000 + i),
      t: 20_000 + i,
      s: 2 as const,
    }))
    for (const order of closedEarly) expect(ledger.acceptOrder(order)).toBe(true)
    // The newest event before the drop, past the slack (2 s) after those closes.
    expect(ledger.acceptOrder(filled('200', 40_000))).toBe(true)
    const cancelledInGap = { ...filled('7', 5_000), t: 90_000, s: 2 as const }
    const reads: GapReads<O, F> = {
      openOrders: async () => [],
      orderHistory: async () => [...closedEarly, cancelledInGap],
      fills: async () => [],
      order: async () => undefined,
    }
    const missed = await ledger.missed(reads, { orders: true, fills: false }, signal)
    expect(missed.map((e) => e.record)).toEqual([cancelledInGap])
  })
})
