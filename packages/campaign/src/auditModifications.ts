/**
 * Modifications judged against the history: a unified price or a strategy quantity asked by one
 * or more calls, matched with the updates that applied it (see the README's table).
 */

import {
  type Context,
  decimal,
  type Index,
  type Judged,
  negative,
  orderKey,
  statusAt,
  strategyKey,
  whole,
  within,
} from './auditIndex.js'
import type { Change } from './history.js'
import type { Intent, Window } from './intents.js'

/** The value a modification intent asks for (a unified price, a strategy quantity). */
export function askedValue(intent: Intent): string | undefined {
  const t = intent.target
  if (t.kind === 'modify') return decimal(t.price)
  if (t.kind === 'strategyModify') return decimal(t.qty)
  return undefined
}

/** The value a change carries, for the kind of record. */
function carried(change: Change): string | undefined {
  const value = change.kind === 'order' ? change.price : change.qty
  return value === undefined ? undefined : decimal(value)
}

/**
 * The updates of an order that applied a modification: neither a fill nor a status change
 * (a modification to the values the order already has is an update too).
 */
export function applications(changes: readonly Change[]): Change[] {
  return changes.filter((c, i) => {
    const before = changes[i - 1]
    return (
      c.change === 'update' &&
      before !== undefined &&
      c.status === before.status &&
      c.filledQty === before.filledQty
    )
  })
}

/**
 * Modifications judged together per order and value, since two calls may ask one order for the
 * same value and the history does not say which request applied it: each call reported done
 * needs an application of its value within its window that no other such call needs (matched
 * by window end, each to the earliest one free); a call reported not done is contradicted when
 * more applications of its value happened after its start than the other calls asking for it
 * could have made (one per request they sent).
 */
export function matchModifications(intents: readonly Intent[], index: Index) {
  const groups = new Map<string, Intent[]>()
  for (const intent of intents) {
    const value = askedValue(intent)
    const t = intent.target
    if (value === undefined || !('orderId' in t)) continue
    const key = `${t.kind === 'modify' ? orderKey(t.orderId) : strategyKey(t.orderId)}|${value}`
    const list = groups.get(key)
    if (list) list.push(intent)
    else groups.set(key, [intent])
  }
  const matched = new Map<Intent, Change>()
  const appliedOf = new Map<string, Change[]>()
  for (const [key, claimants] of groups) {
    const [orderKeyOf, value] = key.split('|') as [string, string]
    const applied = applications(index.byOrder.get(orderKeyOf) ?? []).filter(
      (c) => carried(c) === value,
    )
    appliedOf.set(key, applied)
    const used = new Set<Change>()
    const done = claimants
      .filter((i) => i.report.status === 'ok')
      .sort((a, b) => (a.window ?? whole).settled - (b.window ?? whole).settled)
    for (const claim of done) {
      const found = applied.find((c) => !used.has(c) && within(c, claim.window ?? whole))
      if (found) {
        used.add(found)
        matched.set(claim, found)
      }
    }
  }

  return {
    judge({ intent, window, findings }: Context, key: string, orderId: string): Judged {
      const { report } = intent
      const value = askedValue(intent) as string
      const group = groups.get(`${key}|${value}`) ?? []
      const applied = appliedOf.get(`${key}|${value}`) ?? []
      const changes = index.byOrder.get(key) ?? []
      const what = key.startsWith('strategy:') ? `qty ${value}` : `price ${value}`
      const others = group.filter((i) => i !== intent)
      const judged = (text?: string): Judged => ({ orders: [key], what: text })
      const after = applied.filter((c) => c.seq > window.start)
      if (report.status === 'unknown' && key.startsWith('strategy:')) {
        if (after.length > 0) findings.strategies.changeUnknownApplied++
        else findings.strategies.changeUnknownNotApplied++
      }
      if (report.status === 'ok') {
        if (report.orderId !== null && report.orderId !== orderId)
          return judged(`reported orderId ${report.orderId}, the order is ${orderId}`)
        if (matched.has(intent)) return judged()
        // A modification sets values: a call reported done while the order showed its value
        // within its window reports the order's state truly, also when a twin asking the same
        // value is the request that applied it (the clients' decision: done means "the order
        // shows the values asked", which the history cannot attribute to one request).
        if (showedWithin(changes, value, window)) return judged()
        const inWindow = after.filter((c) => within(c, window))
        if (inWindow.length > 0) {
          const claiming = group.filter((i) => i.report.status === 'ok')
          return judged(
            `reported modified, but ${inWindow.length} modification(s) to ${what} in its window (#${inWindow.map((c) => c.seq).join(', #')}) for ${claiming.length} calls reporting that value applied (step ${claiming.map((i) => i.call).join(', step ')}): the history cannot tell whose request applied it, and one report is too many`,
          )
        }
        if (after[0])
          return judged(
            `reported modified, the modification to ${what} came only after the call settled (#${after[0].seq})`,
          )
        return judged(
          `reported modified, the order never took ${what} (at settlement: ${statusAt(changes, window.settled)}, ${describeValue(changes, window.settled)})`,
        )
      }
      if (negative(report)) {
        // What the other calls asking for the value could have applied: one per request.
        const capacity = others
          .filter((i) => !negative(i.report))
          .reduce((sum, i) => sum + Math.max(1, i.sends), 0)
        if (after.length > capacity)
          return judged(
            others.length === 0
              ? `reported not modified, the order took ${what} (#${after[0]?.seq}), this call's value`
              : `reported not modified, ${after.length} modification(s) to ${what} after its start (#${after.map((c) => c.seq).join(', #')}), more than the other calls asking the same could have made (${capacity})`,
          )
      }
      return judged()
    },
  }
}

/** Whether the order carried `value` at some point of the window: at its start, or by a change within it. */
function showedWithin(changes: readonly Change[], value: string, window: Window): boolean {
  const atStart = changes.filter((c) => c.seq <= window.start).at(-1)
  if (atStart !== undefined && carried(atStart) === value) return true
  return changes.some(
    (c) => c.seq > window.start && c.seq <= window.settled && carried(c) === value,
  )
}

/** The value of an order at a sequence number, for a report. */
function describeValue(changes: readonly Change[], seq: number): string {
  const last = changes.filter((c) => c.seq <= seq).at(-1)
  if (!last) return 'absent'
  return last.kind === 'order' ? `price ${last.price}` : `qty ${last.qty}`
}
