/**
 * classic order rules 3 and 4, hedge mode: what a new close order does when limit close orders
 * already occupy the position. Pure, so the sandbox and a client's local book agree.
 */
import * as Decimal from '../../Decimal.js'

/** A pending limit close order on the same position side: its id and open size. */
export type CloseOrder = { readonly orderId: string; readonly size: string }

/**
 * Settles a new close order on a hedge-mode position. Rule 4: when one pending limit close
 * order already equals the held position, the new close order cancels it. Rule 3: a market
 * close larger than the unoccupied remainder closes only the remainder (default, docs/architecture.md)
 * or, with `mode: 'error'`, is rejected with the insufficient-position error.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.settleHedgeClose({
 *   position: '100', pending: [{ orderId: 'l', size: '70' }], size: '50', orderType: 'market',
 * })
 * // { ok: true, size: '30', cancel: [] }
 */
export function settleHedgeClose(
  parameters: settleHedgeClose.Parameters,
): settleHedgeClose.ReturnType {
  const position = Decimal.trimZeros(parameters.position)
  const size = Decimal.trimZeros(parameters.size)
  const whole = parameters.pending.find((order) => Decimal.compare(order.size, position) === 0)
  const cancel = whole && Decimal.compare(position, '0') > 0 ? [whole.orderId] : []
  let occupied = '0'
  for (const order of parameters.pending)
    if (!cancel.includes(order.orderId)) occupied = Decimal.add(occupied, order.size)
  const rest = Decimal.subtract(position, occupied)
  const available = Decimal.compare(rest, '0') > 0 ? rest : '0'
  if (Decimal.compare(size, available) <= 0) return { ok: true, size: parameters.size, cancel }
  const mode = parameters.mode ?? 'remainder'
  if (parameters.orderType === 'market' && mode === 'remainder' && available !== '0')
    return { ok: true, size: available, cancel }
  return { ok: false, error: 'insufficient_position', cancel: [] }
}

export declare namespace settleHedgeClose {
  type Parameters = {
    /** Size of the held position on the side being closed, a decimal string. */
    readonly position: string
    /** Limit close orders pending on that position side. */
    readonly pending: readonly CloseOrder[]
    /** Size of the new close order, a decimal string. */
    readonly size: string
    /** Type of the new close order. */
    readonly orderType: 'limit' | 'market'
    /**
     * Which published statement of rule 3 to follow for a market close larger than the
     * remainder: close only the remainder, or return the insufficient-position error.
     * @default 'remainder'
     */
    readonly mode?: 'remainder' | 'error' | undefined
  }
  type ReturnType =
    | {
        readonly ok: true
        /** Size the new order closes (or rests with), a decimal string. */
        readonly size: string
        /** Pending limit close orders cancelled by the new order (rule 4). */
        readonly cancel: readonly string[]
      }
    | {
        readonly ok: false
        readonly error: 'insufficient_position'
        readonly cancel: readonly []
      }
}
