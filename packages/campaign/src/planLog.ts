/**
 * The plan log: every save of a classic plan order of one account (placed, changed, cancelled,
 * executed), in the order they happened, from the sandbox's own state events. The sandbox's
 * order history holds orders and strategy orders only; plan orders live in its plan store, and
 * the log is how the audit sees each change of them with a sequence number.
 */
import type { RunningSandbox } from '@tradeline/sandbox'
import type { Change } from './history.js'

/** The plan log of a campaign; `mark()` is the sequence number of "now". */
export type PlanLog = {
  /** The last sequence number given (a window's start or settlement). */
  mark(): number
  /** Every save read so far, oldest first. */
  readonly changes: readonly Change[]
  /** Stops listening. */
  close(): void
}

/**
 * Listens to the sandbox's plan events of `uid`'s plan orders: the first save of a plan order
 * is its `add`, the others `update`s.
 *
 * @example
 * import { createPlanLog } from '@tradeline/campaign'
 * const log = createPlanLog(sandbox, uid)
 * log.mark() // 0
 */
export function createPlanLog(sandbox: RunningSandbox, uid: string): PlanLog {
  const changes: Change[] = []
  const seen = new Set<string>()
  const close = sandbox.sandbox.state.events.listen((events) => {
    for (const event of events) {
      if (event.type !== 'plan' || event.plan.uid !== uid) continue
      const { plan } = event
      const added = !seen.has(plan.orderId)
      seen.add(plan.orderId)
      changes.push({
        seq: changes.length + 1,
        change: added ? 'add' : 'update',
        kind: 'plan',
        orderId: plan.orderId,
        clientOid: plan.clientOid,
        line: 'classic',
        status: plan.status,
        price: plan.triggerPrice,
        qty: plan.size,
        planType: plan.planType,
      })
    }
  })
  return { mark: () => changes.length, changes, close }
}
