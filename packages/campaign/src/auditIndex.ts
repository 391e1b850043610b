/**
 * What the audit's judges share: the history indexed by order and by clientOid, the context of
 * one judgement, and small readings of an order's changes.
 */

import type { Findings } from './audit.js'
import type { Report } from './careful.js'
import type { Change } from './history.js'
import type { Intent, Window } from './intents.js'

/** What a judgement found: the contradiction, if any, and the orders whose history tells it. */
export type Judged = { what?: string | undefined; orders: readonly string[] }

/** The history by order and by clientOid. */
export type Index = {
  /** Changes of one order (`order:<id>`) or strategy order (`strategy:<id>`). */
  byOrder: Map<string, Change[]>
  /** Adds by `<kind>|<line>|<clientOid>`. */
  byClientOid: Map<string, Change[]>
  /** Strategy adds without a clientOid by their quantity. */
  strategyByQty: Map<string, Change[]>
  bySeq: Map<number, Change>
}

export const orderKey = (id: string) => `order:${id}`
export const strategyKey = (id: string) => `strategy:${id}`

export function indexOf(history: readonly Change[]): Index {
  const index: Index = {
    byOrder: new Map(),
    byClientOid: new Map(),
    strategyByQty: new Map(),
    bySeq: new Map(),
  }
  const push = (map: Map<string, Change[]>, key: string, change: Change) => {
    const list = map.get(key)
    if (list) list.push(change)
    else map.set(key, [change])
  }
  for (const change of history) {
    index.bySeq.set(change.seq, change)
    push(index.byOrder, `${change.kind}:${change.orderId}`, change)
    if (change.change !== 'add') continue
    if (change.clientOid)
      push(index.byClientOid, `${change.kind}|${change.line}|${change.clientOid}`, change)
    else if (change.kind === 'strategy' && change.qty !== undefined)
      push(index.strategyByQty, decimal(change.qty), change)
  }
  return index
}

/** A decimal string in one spelling (no trailing fractional zeros), for comparisons. */
export function decimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value
}

/** The changes that make `holds` true (it did not hold just before). */
export function becoming(changes: readonly Change[], holds: (c: Change) => boolean): Change[] {
  return changes.filter((c, i) => holds(c) && !(i > 0 && holds(changes[i - 1] as Change)))
}

/** The status of an order at a sequence number (`absent` before its add). */
export function statusAt(changes: readonly Change[], seq: number): string {
  const last = changes.filter((c) => c.seq <= seq).at(-1)
  return last ? last.status : 'absent'
}

export const whole: Window = { start: 0, settled: Number.POSITIVE_INFINITY }

export type Context = {
  readonly intent: Intent
  readonly window: Window
  readonly index: Index
  readonly findings: Findings
}

export const negative = (report: Report) =>
  report.status === 'refused' || report.status === 'not-applied'
export const within = (c: Change, w: Window) => c.seq > w.start && c.seq <= w.settled

/** The contradiction of a placement's report with the adds found for it, if any. */
export function placed(
  intent: Intent,
  window: Window,
  found: readonly Change[],
): string | undefined {
  const { report } = intent
  const first = found[0]
  if (report.status === 'ok') {
    if (!first) return 'reported placed, no order was added for it'
    if (report.orderId !== first.orderId)
      return `reported orderId ${report.orderId}, the order added for it is ${first.orderId}`
    if (first.seq > window.settled)
      return `reported placed, the order was added only after the call settled (#${first.seq})`
  } else if (negative(report) && first && first.seq > window.start)
    return `reported not placed, the order ${first.orderId} was added (#${first.seq})`
  return undefined
}
