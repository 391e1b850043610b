import type { ChangeErrorType } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { modifyPlanWith, type PlanChanged } from '../plans/change.js'

/**
 * Changes a pending take-profit/stop-loss (POST /api/v2/mix/order/modify-tpsl-order) by
 * `orderId` (wins) or `clientOid`: trigger, execute price (`0` or empty: market), size (`""`
 * for one of the whole position) and a trailing stop's range. Checked before it is sent. An
 * unknown outcome is reconciled through the plan lists: done when the plan order shows the new
 * trigger price and size; nothing is sent twice.
 *
 * @example
 * import { createClassicFuturesClient, modifyTpslOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await modifyTpslOrder(client, { marginCoin: 'USDT', productType: 'USDT-FUTURES', symbol: 'BTCUSDT', orderId: '1002', triggerPrice: '71000', size: '' })
 * // { orderId: '1002', clientOid: 'Jc3m_…' }
 */
export async function modifyTpslOrder(
  client: ClientBase,
  parameters: modifyTpslOrder.Parameters,
  options: modifyTpslOrder.Options = {},
): Promise<modifyTpslOrder.ReturnType> {
  // Refused by name before its fields are read (a caller may pass anything).
  requireArgument(ClassicFutures.modifyTpslOrder, parameters, 'object')
  return modifyPlanWith(
    client,
    ClassicFutures.modifyTpslOrder,
    parameters,
    ['profit_loss'],
    [
      ['triggerPrice', parameters.triggerPrice],
      ['size', parameters.size],
    ],
    options,
  )
}

export declare namespace modifyTpslOrder {
  /** Which take-profit/stop-loss (`orderId` or `clientOid`, its contract) and its new values. */
  type Parameters = ClassicFutures.modifyTpslOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement: the plan order's id and `clientOid`. */
  type ReturnType = PlanChanged
  /** What the call may throw. */
  type ErrorType = ChangeErrorType<modifyTpslOrder.Parameters>
}
