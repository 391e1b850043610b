/**
 * The order history: an append-only log, per account, of every order and strategy order added
 * and of every change of one (fill, modification, replacement, cancel, trigger), each with a
 * sequence number shared by the whole sandbox and the sandbox time. It is what a test audits a
 * client's reported outcomes against ("was this order changed, when, and into what"), where the
 * state only shows the last value. Bounded: each account keeps its last `limit` entries.
 */
import type { StrategyOrder } from './exchange/types.js'
import type { Order } from './orders.js'

/** One add or change of an order or strategy order: the record as it became. */
export type OrderHistoryEntry = {
  /** 1, 2, 3, ... in the order the sandbox made the changes (shared by every account). */
  readonly seq: number
  /** The sandbox clock when it was recorded, Unix milliseconds. */
  readonly at: number
  readonly uid: string
  /** `add`: the record appeared; `update`: an existing record changed. */
  readonly change: 'add' | 'update'
} & (
  | { readonly kind: 'order'; readonly order: Order }
  | { readonly kind: 'strategy'; readonly strategy: StrategyOrder }
)

/** What to read of the history; every field narrows it. */
export type OrderHistoryQuery = {
  /** One account's entries. @default every account */
  readonly uid?: string | undefined
  /** One order's (or strategy order's) entries. @default every order */
  readonly orderId?: string | undefined
  /** Only entries after this sequence number (a reader's last `seq`). @default 0 */
  readonly afterSeq?: number | undefined
}

/** An answer of {@link OrderHistoryLog.read}. */
export type OrderHistory = {
  /** The entries asked for, oldest first. */
  readonly entries: readonly OrderHistoryEntry[]
  /** The last sequence number given so far (any account): the `afterSeq` of the next read. */
  readonly seq: number
  /**
   * Every entry after `afterSeq` of the accounts asked for is still kept; `false` when some were
   * dropped to keep the log within its limit (read more often, or raise `orderHistoryLimit`).
   */
  readonly complete: boolean
}

/** The order history of a sandbox. */
export type OrderHistoryLog = {
  /** Appends an entry (the order store and the strategy map call it on every change). */
  record(
    uid: string,
    change: 'add' | 'update',
    record: { kind: 'order'; order: Order } | { kind: 'strategy'; strategy: StrategyOrder },
  ): OrderHistoryEntry
  /** Reads entries, oldest first. */
  read(query?: OrderHistoryQuery | undefined): OrderHistory
  /** Entries kept per account. */
  readonly limit: number
}

/** Entries each account keeps by default (the oldest go first). */
export const defaultOrderHistoryLimit = 10_000

/**
 * Creates an empty order history that keeps the last `limit` entries of each account.
 *
 * @example
 * import { createOrderHistory } from '@tradeline/sandbox'
 * const history = createOrderHistory({ now: () => 0 })
 * history.read() // { entries: [], seq: 0, complete: true }
 */
export function createOrderHistory(
  clock: { now(): number },
  limit: number = defaultOrderHistoryLimit,
): OrderHistoryLog {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new RangeError('orderHistoryLimit must be an integer >= 1')
  const accounts = new Map<string, { entries: OrderHistoryEntry[]; droppedThrough: number }>()
  let seq = 0
  return {
    limit,
    record(uid, change, record) {
      const entry = { seq: ++seq, at: clock.now(), uid, change, ...record } as OrderHistoryEntry
      let account = accounts.get(uid)
      if (!account) {
        account = { entries: [], droppedThrough: 0 }
        accounts.set(uid, account)
      }
      account.entries.push(entry)
      if (account.entries.length > limit)
        account.droppedThrough = (account.entries.shift() as OrderHistoryEntry).seq
      return entry
    },
    read(query = {}) {
      const after = query.afterSeq ?? 0
      const chosen =
        query.uid === undefined
          ? [...accounts.values()]
          : [accounts.get(query.uid)].filter((a) => a !== undefined)
      const entries = chosen
        .flatMap((account) => account.entries.slice(firstAfter(account.entries, after)))
        .filter((entry) => query.orderId === undefined || idOf(entry) === query.orderId)
      if (chosen.length > 1) entries.sort((a, b) => a.seq - b.seq)
      return {
        entries,
        seq,
        complete: chosen.every((account) => account.droppedThrough <= after),
      }
    },
  }
}

/** The id of the order or strategy order of an entry. */
function idOf(entry: OrderHistoryEntry): string {
  return entry.kind === 'order' ? entry.order.orderId : entry.strategy.orderId
}

/** The index of the first entry whose seq is above `after` (entries are in seq order). */
function firstAfter(entries: readonly OrderHistoryEntry[], after: number): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((entries[middle] as OrderHistoryEntry).seq <= after) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * A map of strategy orders that records every `set` in the history (`add` for a new id,
 * `update` for a known one).
 */
export class RecordedStrategies extends Map<string, StrategyOrder> {
  readonly #history: OrderHistoryLog
  readonly #changed: ((strategy: StrategyOrder) => void) | undefined

  /** `changed` is told each strategy order set (placed or changed), e.g. to push it. */
  constructor(history: OrderHistoryLog, changed?: (strategy: StrategyOrder) => void) {
    super()
    this.#history = history
    this.#changed = changed
  }

  override set(orderId: string, strategy: StrategyOrder): this {
    const change = this.has(orderId) ? 'update' : 'add'
    super.set(orderId, strategy)
    this.#history.record(strategy.uid, change, { kind: 'strategy', strategy })
    this.#changed?.(strategy)
    return this
  }
}
