/**
 * rToken orders lapse: an order of an rToken pair is valid for the session it was placed in
 * (`rTokenTimeInForce` `gtd`, the default: placed on a weekday in US trading hours, to the end of
 * after-hours trading; placed at a weekend or overnight, until just before the next US open) or
 * 90 days (`gtc`). The expiry is fixed when the order rests; like the countdown switch it is
 * evaluated lazily on the sandbox clock (no timer keeps the process alive), and an order still
 * open at its expiry is cancelled then, reason `expired`.
 */
import { ProductLine, Session } from '@tradeline/rules'
import { type Order, openStatuses } from '../orders.js'
import type { SandboxState } from '../state.js'
import { cancelOrder } from './matching.js'

/** How long a `gtc` rToken order stays valid. */
export const rTokenGtcMs = 90 * 24 * 60 * 60 * 1000

/** The open rToken orders of each state and when each expires (only those: a scan per request stays small). */
const expiries = new WeakMap<SandboxState, Map<string, number>>()

/**
 * The instant an rToken order placed at `placedAt` with `rTokenTimeInForce` expires.
 *
 * @example
 * import { rTokenExpiry } from '@tradeline/sandbox'
 * rTokenExpiry(Date.UTC(2026, 2, 7, 17), 'gtc') - Date.UTC(2026, 2, 7, 17) // 7776000000 (90 days)
 */
export function rTokenExpiry(placedAt: number, timeInForce: unknown): number {
  return timeInForce === 'gtc' ? placedAt + rTokenGtcMs : Session.rTokenGtdExpiry(placedAt)
}

/** Notes the expiry of `order` when it is an rToken order left open at placement. */
export function noteRTokenOrder(
  state: SandboxState,
  order: Order,
  timeInForce: unknown,
  placedAt: number,
): void {
  if (!ProductLine.isRToken(order.symbol) || !openStatuses.includes(order.status)) return
  let pending = expiries.get(state)
  if (pending === undefined) {
    pending = new Map()
    expiries.set(state, pending)
  }
  pending.set(order.orderId, rTokenExpiry(placedAt, timeInForce))
}

/** Cancels every noted rToken order still open at its expiry (at the expiry, reason `expired`). */
export function settleRTokenExpiries(state: SandboxState, now: number): void {
  const pending = expiries.get(state)
  if (pending === undefined) return
  for (const [orderId, expiry] of pending) {
    const order = state.orders.get(orderId)
    if (order === undefined || !openStatuses.includes(order.status)) {
      pending.delete(orderId)
      continue
    }
    if (expiry > now) continue
    pending.delete(orderId)
    cancelOrder(state, orderId, 'expired', expiry)
  }
}
