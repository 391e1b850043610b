/**
 * The sandbox's order history as the audit reads it: each add or change of an order or strategy
 * order, compacted to what a judgement needs, read as the run goes (after the last sequence
 * number read), so that the sandbox's bounded log never drops an entry the audit needs.
 */
import type { Admin, OrderHistoryEntry } from '@tradeline/sandbox'

/** One add or change of an order or strategy order. */
export type Change = {
  /** The sandbox's sequence number: the order in which changes happened. */
  readonly seq: number
  readonly change: 'add' | 'update'
  readonly kind: 'order' | 'strategy' | 'plan'
  readonly orderId: string
  /** `null`: a strategy order without one. */
  readonly clientOid: string | null
  readonly line: 'unified' | 'classic'
  /** `live`, `partially_filled`, `filled`, `cancelled`; a strategy order `live`, `triggered`, `cancelled`. */
  readonly status: string
  readonly price?: string | undefined
  readonly qty?: string | undefined
  readonly filledQty?: string | undefined
  /** Why it was cancelled: `user` (a cancel call), `replaced` (a classic modification), ... */
  readonly cancelReason?: string | undefined
  /** Classic: what placed it (`reverse` for both halves of a reversal). */
  readonly source?: string | undefined
  /** A plan order's type (`normal_plan`, `track_plan`, `profit_plan`, ...); its `price` is the trigger. */
  readonly planType?: string | undefined
}

/**
 * The compact form of a sandbox history entry.
 *
 * @example
 * import { compact } from '@tradeline/campaign'
 * compact(entry).status // 'live'
 */
export function compact(entry: OrderHistoryEntry): Change {
  if (entry.kind === 'strategy') {
    const s = entry.strategy
    return {
      seq: entry.seq,
      change: entry.change,
      kind: 'strategy',
      orderId: s.orderId,
      clientOid: s.clientOid,
      line: 'unified',
      status: s.status,
      qty: s.qty,
    }
  }
  const o = entry.order
  return {
    seq: entry.seq,
    change: entry.change,
    kind: 'order',
    orderId: o.orderId,
    clientOid: o.clientOid,
    line: o.line ?? 'unified',
    status: o.status,
    price: o.price,
    qty: o.qty,
    filledQty: o.filledQty,
    cancelReason: o.cancelReason,
    source: o.source,
  }
}

/** Reads the history as it grows; `mark()` is the sequence number of "now". */
export type HistoryReader = {
  /** Reads what was added since the last read and answers the last sequence number given. */
  mark(): number
  /** Every change read so far, oldest first. */
  readonly changes: readonly Change[]
}

/**
 * A reader of the sandbox's order history. Throws when the sandbox dropped entries it had not
 * read yet (its log is bounded; the campaign reads it on every call's start and settlement).
 */
export function createHistoryReader(admin: Pick<Admin, 'orderHistory'>): HistoryReader {
  const changes: Change[] = []
  let last = 0
  return {
    mark() {
      const read = admin.orderHistory({ afterSeq: last })
      if (!read.complete)
        throw new Error(
          `the sandbox dropped order history entries after #${last} before they were read`,
        )
      for (const entry of read.entries) changes.push(compact(entry))
      last = read.seq
      return last
    },
    changes,
  }
}

/**
 * One line of a change for a report: `#12 update order 1001 (c1-u-3) cancelled (user) price 2000.01 filled 0`.
 *
 * @example
 * import { describeChange } from '@tradeline/campaign'
 * describeChange({ seq: 1, change: 'add', kind: 'order', orderId: '1', clientOid: 'a', line: 'unified', status: 'live' }) // '#1 add order 1 (a) live'
 */
export function describeChange(c: Change): string {
  const parts = [
    `#${c.seq} ${c.change} ${c.line === 'classic' ? 'classic ' : ''}${c.kind} ${c.orderId}`,
  ]
  if (c.clientOid) parts.push(`(${c.clientOid})`)
  parts.push(c.cancelReason ? `${c.status} (${c.cancelReason})` : c.status)
  if (c.planType !== undefined) parts.push(c.planType)
  if (c.price !== undefined) parts.push(`${c.kind === 'plan' ? 'trigger' : 'price'} ${c.price}`)
  if (c.qty !== undefined) parts.push(`qty ${c.qty}`)
  if (c.filledQty !== undefined && c.filledQty !== '0') parts.push(`filled ${c.filledQty}`)
  return parts.join(' ')
}
