/**
 * Place-order rule 5 as a pure function: in one-way futures mode a new reduce-only order may
 * replace earlier reduce-only orders of the same position, and the acknowledgement's
 * `orderId` is then null. The exchange applies it; the sandbox and tests reuse it here.
 */
import * as Decimal from '../../Decimal.js'

/** An open reduce-only order of the position: its id and its unfilled quantity. */
export type OpenReduceOnlyOrder = {
  readonly orderId: string
  /** The quantity still open (unfilled), a decimal string. */
  readonly qty: string
}

/**
 * Which earlier reduce-only orders a new one-way reduce-only order cancels, and whether the
 * acknowledgement's `orderId` is null. The replacement happens when a reduce-only order exists
 * and its quantity equals the position, or the new order exceeds the remaining position
 * (position minus the open reduce-only quantities). The exchange documentation names "the earlier order" without
 * saying which when there are several: the oldest are cancelled first, only as many as the new
 * order needs (all of them when it exceeds the whole position). Throws `Decimal.InvalidError`
 * on a quantity that is not a decimal string.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.reduceOnlyReplacement({ position: '1', open: [{ orderId: 'a', qty: '1' }], qty: '0.5' })
 * // { cancel: ['a'], orderIdIsNull: true }
 */
export function reduceOnlyReplacement(
  parameters: reduceOnlyReplacement.Parameters,
): reduceOnlyReplacement.ReturnType {
  const { open } = parameters
  const position = Decimal.trimZeros(parameters.position)
  const qty = Decimal.trimZeros(parameters.qty)
  const quantities = open.map((order) => Decimal.trimZeros(order.qty))
  const held = quantities.reduce((sum, value) => Decimal.add(sum, value), '0')
  let remaining = Decimal.subtract(position, held)
  const equalsPosition = quantities.some((value) => Decimal.compare(value, position) === 0)
  if (open.length === 0 || (!equalsPosition && Decimal.compare(qty, remaining) <= 0))
    return { cancel: [], orderIdIsNull: false }
  // An order equal to the position leaves nothing remaining, so freeing room for the new
  // order always cancels it too.
  const cancel: string[] = []
  for (const [index, order] of open.entries()) {
    if (Decimal.compare(qty, remaining) <= 0) break
    cancel.push(order.orderId)
    remaining = Decimal.add(remaining, quantities[index] ?? '0')
  }
  return { cancel, orderIdIsNull: true }
}

export declare namespace reduceOnlyReplacement {
  /** The position and its reduce-only orders before the new order arrives. */
  type Parameters = {
    /** The size of the one-way futures position the orders reduce, a decimal string. */
    readonly position: string
    /** The open reduce-only orders of that position, oldest first. */
    readonly open: readonly OpenReduceOnlyOrder[]
    /** The quantity of the new reduce-only order, a decimal string. */
    readonly qty: string
  }
  /** What the exchange does. */
  type ReturnType = {
    /** The ids of the earlier reduce-only orders that are cancelled, oldest first. */
    readonly cancel: readonly string[]
    /** Whether the new order's acknowledgement carries `orderId: null`. */
    readonly orderIdIsNull: boolean
  }
}
