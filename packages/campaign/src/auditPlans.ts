/**
 * The audit of the classic plan orders, against the plan log (every save of a plan order of the
 * plan account, with its own sequence numbers, which the plan intents' windows are in): a
 * placement by its `clientOid` (one plan order, added within the window when reported placed),
 * a new trigger price (its own in the campaign) shown within the window when reported done, a
 * cancel that cancelled the plan order within the window when reported done; a report that
 * nothing happened is contradicted by that change at any time from the call's start on.
 */
import {
  becoming,
  type Context,
  decimal,
  type Judged,
  negative,
  placed,
  statusAt,
  within,
} from './auditIndex.js'
import type { Change } from './history.js'
import type { Target } from './intents.js'

const planKey = (id: string) => `plan:${id}`

/** Whether an intent names a plan order (judged against the plan log). */
export function isPlanTarget(target: Target): boolean {
  return target.kind === 'plan' || target.kind === 'planModify' || target.kind === 'planCancel'
}

/** A plan placement: one plan order carries its `clientOid`, added within the window when reported placed. */
export function judgePlanPlace(
  { intent, window, index, findings }: Context,
  clientOid: string,
): Judged {
  const found = index.byClientOid.get(`plan|classic|${clientOid}`) ?? []
  if (found.length > 1) findings.duplicates++
  return { orders: found.map((c) => planKey(c.orderId)), what: placed(intent, window, found) }
}

/** A plan order's state at a sequence number, in words. */
function stateAt(changes: readonly Change[], seq: number): string {
  const last = changes.filter((c) => c.seq <= seq).at(-1)
  return last ? `${last.status}, trigger ${last.price}` : statusAt(changes, seq)
}

/** A new trigger price: shown within the window when reported done; never from the start on when reported not done. */
export function judgePlanModify(
  { intent, window, index }: Context,
  orderId: string,
  trigger: string,
): Judged {
  const { report } = intent
  const changes = index.byOrder.get(planKey(orderId)) ?? []
  const asked = decimal(trigger)
  const applied = becoming(changes, (c) => c.price !== undefined && decimal(c.price) === asked)
  const judged = (what?: string): Judged => ({ orders: [planKey(orderId)], what })
  if (report.status === 'ok') {
    if (report.orderId !== null && report.orderId !== orderId)
      return judged(`reported orderId ${report.orderId}, the plan order is ${orderId}`)
    if (applied.some((c) => within(c, window))) return judged()
    const late = applied.find((c) => c.seq > window.settled)
    if (late)
      return judged(
        `reported modified, the trigger was set only after the call settled (#${late.seq})`,
      )
    return judged(
      `reported modified, the plan order never showed trigger ${trigger} (at settlement: ${stateAt(changes, window.settled)})`,
    )
  }
  const after = applied.find((c) => c.seq > window.start)
  if (negative(report) && after)
    return judged(`reported not modified, the plan order took trigger ${trigger} (#${after.seq})`)
  return judged()
}

/** A plan cancel: the plan order cancelled within the window when reported done; not from the start on when reported not done. */
export function judgePlanCancel({ intent, window, index }: Context, orderId: string): Judged {
  const { report } = intent
  const changes = index.byOrder.get(planKey(orderId)) ?? []
  const cancelled = becoming(changes, (c) => c.status === 'cancelled').find(
    (c) => c.seq > window.start,
  )
  const judged = (what?: string): Judged => ({ orders: [planKey(orderId)], what })
  if (report.status === 'ok') {
    if (cancelled && within(cancelled, window)) return judged()
    if (cancelled)
      return judged(
        `reported cancelled, the plan order was cancelled only after the call settled (#${cancelled.seq})`,
      )
    return judged(
      `reported cancelled, the plan order was not (at settlement: ${stateAt(changes, window.settled)})`,
    )
  }
  if (negative(report) && cancelled)
    return judged(`reported not cancelled, the plan order was cancelled (#${cancelled.seq})`)
  return judged()
}

/** Plan orders added that no intent asked for (a retry under another `clientOid` would leave one). */
export function planStrays(plans: readonly Change[], asked: ReadonlySet<string>): number {
  return plans.filter((c) => c.change === 'add' && !asked.has(c.clientOid ?? '')).length
}
