import type { ChangeErrorType } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { modifyPlanWith, type PlanChanged } from '../plans/change.js'

/**
 * Changes a pending trigger order or trailing stop (POST /api/v2/mix/order/modify-plan-order)
 * by `orderId` (wins) or `clientOid`: size, execute price, callback ratio, trigger and its
 * take-profit/stop-loss; an empty field keeps its value. Checked before it is sent
 * (`newTriggerType` needs `newTriggerPrice`, a trailing stop's ratio at most 10, steps of the
 * contract). An unknown outcome is reconciled through the plan lists: the change is done when
 * the plan order shows the new trigger price, size, price and ratio; nothing is sent twice.
 *
 * @example
 * import { createClassicFuturesClient, modifyPlanOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await modifyPlanOrder(client, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', orderId: '1001', newTriggerPrice: '66500' })
 * // { orderId: '1001', clientOid: 'Jc3m_…' }
 */
export async function modifyPlanOrder(
  client: ClientBase,
  parameters: modifyPlanOrder.Parameters,
  options: modifyPlanOrder.Options = {},
): Promise<modifyPlanOrder.ReturnType> {
  // Refused by name before its fields are read (a caller may pass anything).
  requireArgument(ClassicFutures.modifyPlanOrder, parameters, 'object')
  return modifyPlanWith(
    client,
    ClassicFutures.modifyPlanOrder,
    parameters,
    parameters.planType === undefined ? ['normal_plan', 'track_plan'] : [parameters.planType],
    [
      ['triggerPrice', parameters.newTriggerPrice],
      ['size', parameters.newSize],
      ['price', parameters.newPrice],
      ['callbackRatio', parameters.newCallbackRatio],
    ],
    options,
  )
}

export declare namespace modifyPlanOrder {
  /** Which plan order (`orderId` or `clientOid`, its product type) and what changes. */
  type Parameters = ClassicFutures.modifyPlanOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement: the plan order's id and `clientOid`. */
  type ReturnType = PlanChanged
  /** What the call may throw. */
  type ErrorType = ChangeErrorType<modifyPlanOrder.Parameters>
}
