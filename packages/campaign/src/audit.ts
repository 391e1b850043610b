/**
 * The audit: what each call reported, against the sandbox's order history (every add and every
 * change of each order and strategy order, in the order they happened) and its executions,
 * read once every late request has landed. A report is judged against the history window of
 * its call (from just before its first request to its settlement): a claim that something
 * happened needs the change within the window, caused by the call (each call's new price,
 * quantity or id is its own); a claim that nothing happened is contradicted by such a change
 * at any time from the call's start on (a late request of the call counts too).
 */
import {
  becoming,
  type Context,
  decimal,
  type Index,
  indexOf,
  type Judged,
  negative,
  orderKey,
  placed,
  statusAt,
  strategyKey,
  whole,
  within,
} from './auditIndex.js'
import { applications, askedValue, matchModifications } from './auditModifications.js'
import {
  isPlanTarget,
  judgePlanCancel,
  judgePlanModify,
  judgePlanPlace,
  planStrays,
} from './auditPlans.js'
import {
  claimOf,
  type Findings,
  type Truth,
  targetOf,
  unknownByDesign,
  type Wrong,
} from './auditReports.js'
import { judgeSetting } from './auditSettings.js'
import { describeChange } from './history.js'
import type { Intent, Window } from './intents.js'

export { claimOf, type Findings, type Truth, type Wrong } from './auditReports.js'

/**
 * Audits every intent against the sandbox's history.
 *
 * @example
 * import { audit } from '@tradeline/campaign'
 * audit([], { history: [], executions: [], reference: '[]' }, 'c1-').duplicates // 0
 */
export function audit(intents: readonly Intent[], truth: Truth, prefix: string): Findings {
  const findings: Findings = {
    duplicates: 0,
    wrong: [],
    unresolved: 0,
    untyped: 0,
    securities: { placed: 0, refused: 0, unknownSettleable: 0, unknownPlaced: 0, unknownAbsent: 0 },
    strategies: {
      placed: 0,
      refused: 0,
      unknownPlaced: 0,
      unknownAbsent: 0,
      changeUnknownApplied: 0,
      changeUnknownNotApplied: 0,
    },
    settings: { applied: 0, refused: 0, refusedHolding: 0 },
    strays: 0,
    races: {},
  }
  const index = indexOf(truth.history)
  const plans = indexOf(truth.plans ?? [])
  const askedPlans = new Set<string>()
  const modifications = matchModifications(intents, index)
  const askedOrders = new Set<string>()
  const askedStrategies = new Set<string>()
  for (const intent of intents) {
    const { report, target } = intent
    const window = intent.window ?? whole
    if (report.status === 'untyped') findings.untyped++
    if (report.status === 'hung' || (report.status === 'unknown' && !unknownByDesign(intent)))
      findings.unresolved++
    const planned = isPlanTarget(target)
    const context: Context = { intent, window, index: planned ? plans : index, findings }
    let judged: Judged
    switch (target.kind) {
      case 'place':
        askedOrders.add(`${target.line}|${target.clientOid}`)
        judged = judgePlace(context, target.line, target.clientOid)
        if (!judged.what && intent.operation === 'classic.reverse')
          judged = { ...judged, what: judgeReversal(intent) }
        break
      case 'modify':
        judged = modifications.judge(context, orderKey(target.orderId), target.orderId)
        break
      case 'replace':
        askedOrders.add(`classic|${target.newClientOid}`)
        judged = judgeReplace(context, target.orderId, target.newClientOid)
        break
      case 'cancel':
        judged = judgeCancel(context, target.orderId)
        break
      case 'stock':
        judged = judgeStock(context, target.quantity, truth)
        break
      case 'read':
        judged = {
          orders: [],
          what:
            report.status === 'ok' && intent.truth !== truth.reference
              ? 'read data that differs from the reference read'
              : undefined,
        }
        break
      case 'strategy':
        askedStrategies.add(target.clientOid ?? `qty:${decimal(target.qty)}`)
        judged = judgeStrategyPlace(context, target)
        break
      case 'strategyModify':
        judged = modifications.judge(context, strategyKey(target.orderId), target.orderId)
        break
      case 'strategyCancel':
        judged = judgeStrategyCancel(context, target.orderId)
        break
      case 'plan':
        askedPlans.add(target.clientOid)
        judged = judgePlanPlace(context, target.clientOid)
        break
      case 'planModify':
        judged = judgePlanModify(context, target.orderId, target.trigger)
        break
      case 'planCancel':
        judged = judgePlanCancel(context, target.orderId)
        break
      case 'setting':
        judged = judgeSetting(context)
        break
    }
    if (judged.what) findings.wrong.push(wrongOf(intent, window, judged, context.index))
  }
  // The account is the campaign's alone: an order no intent asked for is a second order made
  // under another id (a retry that did not keep the clientOid). The closing half of a reversal
  // carries an id of the exchange's.
  for (const change of truth.history) {
    if (change.change !== 'add') continue
    if (change.kind === 'strategy') {
      const id = change.clientOid ?? `qty:${decimal(change.qty ?? '')}`
      if (!askedStrategies.has(id)) findings.strays++
    } else if (
      !askedOrders.has(`${change.line}|${change.clientOid}`) &&
      !(change.source === 'reverse' && !change.clientOid?.startsWith(prefix))
    )
      findings.strays++
  }
  findings.strays += planStrays(truth.plans ?? [], askedPlans)
  findings.duplicates += findings.strays
  countRaces(intents, index, findings)
  return findings
}

/** A placement known by its clientOid: one order, added within the window when reported placed. */
function judgePlace(
  { intent, window, index, findings }: Context,
  line: string,
  clientOid: string,
): Judged {
  const found = index.byClientOid.get(`order|${line}|${clientOid}`) ?? []
  if (found.length > 1) findings.duplicates++
  return { orders: found.map((c) => orderKey(c.orderId)), what: placed(intent, window, found) }
}

/**
 * A strategy cancel: the strategy order cancelled within the window when reported done; not
 * cancelled from the call's start on when reported not done. Reported unknown (the client offers
 * no lookup), it is counted by truth.
 */
function judgeStrategyCancel(
  { intent, window, index, findings }: Context,
  orderId: string,
): Judged {
  const { report } = intent
  const key = strategyKey(orderId)
  const changes = index.byOrder.get(key) ?? []
  const cancelled = becoming(changes, (c) => c.status === 'cancelled').filter(
    (c) => c.seq > window.start,
  )[0]
  const judged = (what?: string): Judged => ({ orders: [key], what })
  if (report.status === 'unknown') {
    if (cancelled) findings.strategies.changeUnknownApplied++
    else findings.strategies.changeUnknownNotApplied++
  }
  if (report.status === 'ok') {
    if (report.orderId !== null && report.orderId !== orderId)
      return judged(`reported orderId ${report.orderId}, the order is ${orderId}`)
    if (cancelled && within(cancelled, window)) return judged()
    if (cancelled)
      return judged(
        `reported cancelled, the order was cancelled only after the call settled (#${cancelled.seq})`,
      )
    return judged(
      `reported cancelled, the order was not (at settlement: ${statusAt(changes, window.settled)})`,
    )
  }
  if (negative(report) && cancelled)
    return judged(`reported not cancelled, the order was cancelled (#${cancelled.seq})`)
  return judged()
}

/**
 * A classic modification (replacement): reported done, the order carrying `newClientOid` was
 * added within the window with the reported orderId, and the old order was cancelled as
 * replaced; reported not done, no order carries `newClientOid`.
 */
function judgeReplace(
  { intent, window, index, findings }: Context,
  orderId: string,
  newClientOid: string,
): Judged {
  const { report } = intent
  const renewed = index.byClientOid.get(`order|classic|${newClientOid}`) ?? []
  if (renewed.length > 1) findings.duplicates++
  const old = index.byOrder.get(orderKey(orderId)) ?? []
  const orders = [orderKey(orderId), ...renewed.map((c) => orderKey(c.orderId))]
  const first = renewed[0]
  if (report.status === 'ok') {
    if (!first)
      return {
        orders,
        what: `reported modified, no order carries the newClientOid (the old order at settlement: ${statusAt(old, window.settled)})`,
      }
    if (report.orderId !== first.orderId)
      return {
        orders,
        what: `reported orderId ${report.orderId}, the new order is ${first.orderId}`,
      }
    if (first.seq > window.settled)
      return {
        orders,
        what: `reported modified, the new order was added only after the call settled (#${first.seq})`,
      }
    const replaced = becoming(old, (c) => c.status === 'cancelled')[0]
    if (replaced?.cancelReason !== 'replaced')
      return {
        orders,
        what: `modified, the old order was not cancelled as replaced (at settlement: ${statusAt(old, window.settled)})`,
      }
  } else if (negative(report) && first && first.seq > window.start)
    return {
      orders,
      what: `reported not modified, the order was replaced by ${first.orderId} (#${first.seq})`,
    }
  return { orders }
}

/**
 * A cancel: reported done, the order was cancelled by a cancel (`user`) within the window (or
 * the reported order is its successor and that was); reported not done, no cancel cancelled it
 * from the call's start on. An order a classic modification replaced was not cancelled by the
 * cancel: its successor lives on, and a report of plain success is wrong.
 */
function judgeCancel({ intent, window, index }: Context, orderId: string): Judged {
  const { report } = intent
  const changes = index.byOrder.get(orderKey(orderId)) ?? []
  const cancelled = becoming(changes, (c) => c.status === 'cancelled')[0]
  const byCancel = cancelled?.cancelReason === 'user' ? cancelled : undefined
  // A replacement cancels the order and adds its successor right after it.
  const next = cancelled ? index.bySeq.get(cancelled.seq + 1) : undefined
  const successor =
    cancelled?.cancelReason === 'replaced' && next?.change === 'add' ? next : undefined
  const orders = [orderKey(orderId), ...(successor ? [orderKey(successor.orderId)] : [])]
  if (report.status === 'ok') {
    if (report.orderId === orderId || report.orderId === null) {
      if (byCancel && within(byCancel, window)) return { orders }
    } else {
      const other = index.byOrder.get(orderKey(report.orderId)) ?? []
      const gone = becoming(other, (c) => c.status === 'cancelled' && c.cancelReason === 'user')
      if (successor?.orderId === report.orderId && gone.some((c) => within(c, window)))
        return { orders }
      return { orders, what: `reported orderId ${report.orderId}, the order is ${orderId}` }
    }
    if (successor) {
      const after = index.byOrder.get(orderKey(successor.orderId)) ?? []
      return {
        orders,
        what: `reported cancelled, but the order was replaced by a classic modification (#${cancelled?.seq}): its successor ${successor.orderId} (${successor.clientOid}) was not cancelled by this call (at settlement: ${statusAt(after, window.settled)})`,
      }
    }
    if (byCancel && byCancel.seq > window.settled)
      return {
        orders,
        what: `reported cancelled, the order was cancelled only after the call settled (#${byCancel.seq})`,
      }
    if (cancelled && !byCancel)
      return {
        orders,
        what: `reported cancelled, the order was cancelled by ${cancelled.cancelReason}, not by a cancel (#${cancelled.seq})`,
      }
    return {
      orders,
      what: `reported cancelled, the order was not (at settlement: ${statusAt(changes, window.settled)})`,
    }
  }
  if (negative(report) && byCancel && byCancel.seq > window.start)
    return {
      orders,
      what: `reported not cancelled, the order was cancelled by a cancel (#${byCancel.seq})`,
    }
  return { orders }
}

/**
 * A securities order (no clientOid): found among the executions by its unique quantity. An
 * unknown report is judged by when the order appeared: before the call settled, the client's
 * lookups could have settled it (unresolved); after, it arrived late (counted by truth).
 */
function judgeStock({ intent, findings }: Context, quantity: number, truth: Truth): Judged {
  const { report } = intent
  const found = truth.executions.filter((e) => e.quantity === quantity)
  if (found.length > 1) findings.duplicates++
  let what: string | undefined
  if (report.status === 'ok') {
    findings.securities.placed++
    if (found.length === 0) what = 'reported placed, absent'
    else if (found[0]?.orderId !== report.orderId)
      what = `reported orderId ${report.orderId}, the order is ${found[0]?.orderId}`
  } else if (negative(report)) {
    findings.securities.refused++
    if (found.length > 0) what = `reported ${report.error} (not placed), present`
  } else if (report.status === 'unknown') {
    const settledAt = (intent.truth as { settledAt?: number } | undefined)?.settledAt
    const first = found[0]
    if (first === undefined) findings.securities.unknownAbsent++
    else if (settledAt !== undefined && first.time <= settledAt) {
      // The order was made before the call settled: the lookups could have found it.
      findings.securities.unknownSettleable++
      findings.unresolved++
    } else findings.securities.unknownPlaced++
  }
  return { orders: [], what }
}

/**
 * A strategy order: a tpsl one found by its clientOid, the others by their unique quantity;
 * judged as a placement. Those without a clientOid reported unknown are counted by truth.
 */
function judgeStrategyPlace(
  { intent, window, index, findings }: Context,
  target: Extract<Intent['target'], { kind: 'strategy' }>,
): Judged {
  const { report } = intent
  const found =
    (target.clientOid
      ? index.byClientOid.get(`strategy|unified|${target.clientOid}`)
      : index.strategyByQty.get(decimal(target.qty))) ?? []
  if (found.length > 1) findings.duplicates++
  if (!target.clientOid) {
    if (report.status === 'ok') findings.strategies.placed++
    else if (negative(report)) findings.strategies.refused++
    else if (report.status === 'unknown')
      if (found.length > 0) findings.strategies.unknownPlaced++
      else findings.strategies.unknownAbsent++
  }
  return { orders: found.map((c) => strategyKey(c.orderId)), what: placed(intent, window, found) }
}

/** A reversal reported applied flipped the position; one reported not applied left it. */
function judgeReversal(intent: Intent): string | undefined {
  if (intent.truth === undefined) return undefined
  const { before, after } = intent.truth as { before: string; after: string }
  const flipped = before !== after && before.replace(/^-/, '') === after.replace(/^-/, '')
  if (intent.report.status === 'ok' && !flipped)
    return `reported reversed, the position went from ${before} to ${after}`
  if (negative(intent.report) && before !== after)
    return `reported not reversed, the position went from ${before} to ${after}`
  return undefined
}

/** The wrong outcome of an intent, with the history of the orders concerned. */
function wrongOf(intent: Intent, window: Window, judged: Judged, index: Index): Wrong {
  const history = judged.orders.flatMap((key) =>
    (index.byOrder.get(key) ?? []).map((c) => {
      const mark = c.seq <= window.start ? '<' : c.seq <= window.settled ? '>' : '+'
      return `${mark} ${describeChange(c)}`
    }),
  )
  return {
    call: intent.call,
    operation: intent.operation,
    fault: intent.fault,
    target: targetOf(intent),
    claimed: claimOf(intent.report),
    what: judged.what ?? '',
    ...(intent.window && { window: intent.window }),
    history,
  }
}

/** How each race ended, from the history of the order it raced on. */
function countRaces(intents: readonly Intent[], index: Index, findings: Findings): void {
  const count = (label: string) => {
    findings.races[label] = (findings.races[label] ?? 0) + 1
  }
  const calls = new Map<number, Intent[]>()
  for (const intent of intents) {
    if (!/twinModify|cancelVs/.test(intent.operation)) continue
    const list = calls.get(intent.call)
    if (list) list.push(intent)
    else calls.set(intent.call, [intent])
  }
  for (const made of calls.values()) {
    const first = made[0] as Intent
    const target = first.target
    if (!('orderId' in target)) continue
    const changes = index.byOrder.get(orderKey(target.orderId)) ?? []
    const closed = becoming(changes, (c) => c.status === 'cancelled' || c.status === 'filled')[0]
    if (first.operation === 'unified.twinModify') {
      const start = Math.min(...made.map((i) => (i.window ?? whole).start))
      const settled = Math.max(...made.map((i) => (i.window ?? whole).settled))
      const applied = applications(changes).filter((c) => c.seq > start && c.seq <= settled)
      const same = new Set(made.map(askedValue)).size === 1
      count(
        `twin unified modifications, ${same ? 'one price' : 'two prices'}: ${applied.length} applied`,
      )
    } else if (first.operation === 'classic.twinModify') {
      count(
        `twin classic modifications: ${closed?.cancelReason === 'replaced' ? 'one replaced the order' : 'none replaced the order'}`,
      )
    } else if (first.operation === 'classic.cancelVsModify') {
      const won =
        closed?.cancelReason === 'replaced'
          ? 'the modification first'
          : closed?.cancelReason === 'user'
            ? 'the cancel first'
            : 'neither'
      count(`cancel vs classic modification: ${won}`)
    } else {
      const filled = changes.some((c) => c.filledQty !== undefined && c.filledQty !== '0')
      const won =
        closed?.status === 'filled'
          ? 'filled before the cancel'
          : closed?.cancelReason === 'user'
            ? filled
              ? 'partly filled, then cancelled'
              : 'cancelled before the fill'
            : 'neither closed the order'
      count(`cancel vs fill: ${won}`)
    }
  }
}
