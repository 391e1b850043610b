/**
 * The classic account's close-order rules as one step every new close order goes through: a
 * placement, the new order of a modification (a cancel and a new order) and a reversal's
 * closing half. One-way mode: rule 2 (`settleReduceOnly`: earlier reduce-only orders go, oldest
 * first, until the total fits the position). Hedge mode: rules 3 and 4 (`settleHedgeClose`:
 * limit close orders occupy the position; one equal to the position is cancelled by the new
 * close order).
 */
import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../../envelope.js'
import { type Order, openStatuses } from '../../orders.js'
import type { SandboxState } from '../../state.js'
import { isClosing } from '../balances.js'
import { classicFailures, failures } from '../codes.js'
import { cancelOrder } from '../matching.js'
import { reducible } from '../positions.js'

const big = (value: string): Big => new Big(value)

/** A close order about to exist: whose, which position side, and how it closes. */
export type CloseDraft = Pick<Order, 'side' | 'posSide' | 'reduceOnly' | 'category' | 'symbol'> & {
  readonly line?: Order['line']
  readonly uid: string
}

/** What a new close order does to the others: the size it keeps and the orders it cancels. */
export type CloseSettlement =
  | {
      readonly ok: true
      readonly size: string
      readonly cancel: readonly string[]
      readonly cancelReason: string
      /** `false` when rule 2 cancelled earlier orders: the answer carries no orderId. */
      readonly ackHasOrderId: boolean
    }
  | { readonly ok: false; readonly error: Failure }

/**
 * Settles a new close order of `size` against the position it closes and the close orders
 * pending on it (without `replacing`, the order a modification replaces). `undefined` when the
 * draft does not close. Nothing changes until {@link applySettlement}.
 */
export function settleClosing(
  state: SandboxState,
  draft: CloseDraft,
  size: string,
  orderType: 'limit' | 'market',
  replacing?: string | undefined,
): CloseSettlement | undefined {
  if (!isClosing(draft)) return undefined
  const held = reducible(state, draft)
  if (big(held).isZero()) return { ok: false, error: failures.noPosition }
  const closing = openClosingOrders(state, draft).filter((o) => o.orderId !== replacing)
  if (draft.posSide === undefined) {
    const settled = ClassicFutures.settleReduceOnly({
      position: held,
      pending: closing.map((o) => ({
        orderId: o.orderId,
        size: rest(o),
        createdAt: o.createdTime,
      })),
      size,
    })
    return {
      ok: true,
      size,
      cancel: settled.cancel,
      cancelReason: 'reduceOnlyReplaced',
      ackHasOrderId: settled.ackHasOrderId,
    }
  }
  const settled = ClassicFutures.settleHedgeClose({
    position: held,
    pending: closing
      .filter((o) => o.orderType === 'limit')
      .map((o) => ({ orderId: o.orderId, size: rest(o) })),
    size,
    orderType,
    mode: state.classic.hedgeClose,
  })
  if (!settled.ok) return { ok: false, error: classicFailures.insufficientPosition }
  return {
    ok: true,
    size: settled.size,
    cancel: settled.cancel,
    cancelReason: 'closeReplaced',
    ackHasOrderId: true,
  }
}

/** Cancels the orders a settled close order displaces. */
export function applySettlement(
  state: SandboxState,
  settled: CloseSettlement | undefined,
  at?: number,
): void {
  if (settled?.ok) for (const id of settled.cancel) cancelOrder(state, id, settled.cancelReason, at)
}

/** The remaining (unfilled) size of an order. */
function rest(order: Order): string {
  return big(order.qty).minus(order.filledQty).toFixed()
}

/** The open classic orders that close the position `draft` closes, oldest first. */
function openClosingOrders(state: SandboxState, draft: CloseDraft): Order[] {
  return state.orders
    .list({ uid: draft.uid, line: 'classic', symbol: draft.symbol, statuses: openStatuses })
    .filter((o) => isClosing(o) && o.side === draft.side && o.posSide === draft.posSide)
    .reverse()
}
