/**
 * classic order rule 2, one-way mode: what a new reduce-only order does to the reduce-only orders
 * already pending on the position. Pure, so the sandbox and a client's local book agree.
 */
import * as Decimal from '../../Decimal.js'

/** A pending reduce-only order: its id, its open (unfilled) size and when it was created. */
export type ReduceOnlyOrder = {
  readonly orderId: string
  /** Open size, a decimal string. */
  readonly size: string
  /** Creation time (any increasing number, e.g. Unix milliseconds); ties keep list order. */
  readonly createdAt: number
}

/**
 * Settles a new reduce-only order in one-way mode: when its size plus the pending reduce-only
 * orders exceeds the position, pending ones are cancelled oldest first until the total fits.
 * The acknowledgement of such an order carries no `orderId` (find it by `clientOid`).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.settleReduceOnly({
 *   position: '10',
 *   pending: [{ orderId: 'a', size: '4', createdAt: 1 }, { orderId: 'b', size: '4', createdAt: 2 }],
 *   size: '5',
 * })
 * // { cancel: ['a'], fits: true, ackHasOrderId: false }
 */
export function settleReduceOnly(
  parameters: settleReduceOnly.Parameters,
): settleReduceOnly.ReturnType {
  const { position, size } = parameters
  const pending = parameters.pending
    .map((order, index) => ({ order, index }))
    .sort((a, b) => a.order.createdAt - b.order.createdAt || a.index - b.index)
    .map(({ order }) => order)
  let total = Decimal.trimZeros(size)
  for (const order of pending) total = Decimal.add(total, order.size)
  const limit = Decimal.trimZeros(position)
  const cancel: string[] = []
  for (const order of pending) {
    if (Decimal.compare(total, limit) <= 0) break
    cancel.push(order.orderId)
    total = Decimal.subtract(total, order.size)
  }
  return { cancel, fits: Decimal.compare(total, limit) <= 0, ackHasOrderId: cancel.length === 0 }
}

export declare namespace settleReduceOnly {
  type Parameters = {
    /** Size of the position the orders reduce, a decimal string. */
    readonly position: string
    /** Reduce-only orders pending on that position, in any order. */
    readonly pending: readonly ReduceOnlyOrder[]
    /** Size of the new reduce-only order, a decimal string. */
    readonly size: string
  }
  type ReturnType = {
    /** Pending orders to cancel, oldest first. */
    readonly cancel: readonly string[]
    /**
     * Whether the new order fits the position after the cancellations; `false` only when the
     * new order alone exceeds the position (then every pending one is cancelled, and what the
     * exchange does with the new order is not shown).
     */
    readonly fits: boolean
    /**
     * Whether the acknowledgement carries an `orderId`: not when pending orders were
     * cancelled for it (decision: the exchange documentation states the missing id for this case).
     */
    readonly ackHasOrderId: boolean
  }
}
