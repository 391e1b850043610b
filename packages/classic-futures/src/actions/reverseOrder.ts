import type { PlacementErrorType } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import { type ClientBase, clientOidFor } from '../internal/client.js'
import { isCanceled } from '../reconcile.js'
import { type placeOrder, placeWith } from './placeOrder.js'

/**
 * Reverses a position (POST /api/v2/mix/order/click-backhand): one-way mode without `size`
 * reverses the whole position; hedge mode closes `size` and opens as much on the other side.
 * Carries a `clientOid` (generated when absent); an unknown outcome is reconciled by order
 * detail by `clientOid`, as {@link placeOrder}.
 *
 * @example
 * import { createClassicFuturesClient, reverseOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await reverseOrder(client, { symbol: 'BTCUSDT', marginCoin: 'USDT', productType: 'USDT-FUTURES', side: 'buy' })
 * // { orderId: '1002', clientOid: 'Kd4n_…' }
 */
export async function reverseOrder(
  client: ClientBase,
  parameters: reverseOrder.Parameters,
  options: reverseOrder.Options = {},
): Promise<reverseOrder.ReturnType> {
  requireArgument(ClassicFutures.clickBackhand, parameters, 'object')
  const clientOid = clientOidFor(client, parameters.clientOid)
  const input = { ...parameters, clientOid }
  return placeWith(
    client,
    ClassicFutures.clickBackhand,
    input,
    options,
    (found) =>
      // The reversal's order is the opening half of this symbol: a market order the exchange
      // marks as a reversal (when it says), not cancelled.
      found.symbol?.toUpperCase() === input.symbol.toUpperCase() &&
      (found.orderType === null || found.orderType === 'market') &&
      (found.orderSource === null || found.orderSource === 'reverse') &&
      !isCanceled(found.state),
    parameters,
  )
}

export declare namespace reverseOrder {
  /** The reversal as a caller writes it; `clientOid` is generated when absent. */
  type Parameters = ClassicFutures.clickBackhand.Parameters
  /** Options of the call. */
  type Options = placeOrder.Options
  /** The acknowledgement. */
  type ReturnType = placeOrder.ReturnType
  /** What the call may throw. */
  type ErrorType = PlacementErrorType<reverseOrder.Parameters>
}
