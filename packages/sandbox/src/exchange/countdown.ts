/**
 * The countdown (dead-man) switch of the unified account (docs/exchange-conventions.md, "Countdown"), on the sandbox
 * clock: off -> armed with 5..60 seconds; armed -> armed when called again before the window
 * ends (the window restarts); armed -> off when the window elapses (every order of the unified
 * account is cancelled) or with 0. Lapse is evaluated lazily: no timer keeps the process alive.
 */
import { openStatuses } from '../orders.js'
import type { SandboxState } from '../state.js'
import { cancelOrder } from './matching.js'

/**
 * Arms or refreshes the switch of an account with `seconds` (5 to 60), or closes it with 0.
 *
 * @example
 * import { createState, setCountdown } from '@tradeline/sandbox'
 * const state = createState({ clock: { now: () => 0 } })
 * setCountdown(state, '1', 10)
 * state.countdowns.get('1') // { seconds: 10, deadline: 10000 }
 */
export function setCountdown(state: SandboxState, uid: string, seconds: number): void {
  if (seconds === 0) {
    state.countdowns.delete(uid)
    return
  }
  state.countdowns.set(uid, { seconds, deadline: state.clock.now() + seconds * 1000 })
}

/**
 * Lapses every switch whose window has elapsed at `now`: the account's open orders and live
 * strategy orders are cancelled (at the deadline, reason `countdown`) and the switch is off.
 */
export function settleCountdowns(state: SandboxState, now: number): void {
  for (const [uid, countdown] of state.countdowns) {
    if (countdown.deadline > now) continue
    state.countdowns.delete(uid)
    for (const order of state.orders.list({ uid, line: 'unified', statuses: openStatuses }))
      cancelOrder(state, order.orderId, 'countdown', countdown.deadline)
    for (const strategy of state.strategies.values())
      if (strategy.uid === uid && strategy.status === 'live')
        state.strategies.set(strategy.orderId, {
          ...strategy,
          status: 'cancelled',
          updatedTime: countdown.deadline,
        })
  }
}
