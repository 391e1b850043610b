import { type BaseError, requireArgument, validateRequest } from '@tradeline/core'
import { ClassicFutures } from '@tradeline/rules'
import { type ChangeOptions, type ClientBase, instrumentOf } from '../internal/client.js'
import { changedAck, changePlanWith, type PlanChanged, sameDecimal } from '../plans/change.js'
import { planAck } from '../schemas/plans.js'

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
  requireArgument(ClassicFutures.modifyPlanOrder, parameters, 'object')
  const instrument = await instrumentOf(client, parameters.symbol, parameters.productType)
  const request = validateRequest(ClassicFutures.modifyPlanOrder, parameters, { instrument })
  return changePlanWith(
    client,
    {
      endpoint: ClassicFutures.modifyPlanOrder,
      request,
      response: planAck,
      parameters,
      families:
        parameters.planType === undefined ? ['normal_plan', 'track_plan'] : [parameters.planType],
      acknowledged: changedAck,
      applied: (found) =>
        found.planStatus === 'live' &&
        sameDecimal(found.triggerPrice, parameters.newTriggerPrice) &&
        sameDecimal(found.size, parameters.newSize) &&
        sameDecimal(found.price, parameters.newPrice) &&
        sameDecimal(found.callbackRatio, parameters.newCallbackRatio)
          ? changedAck(found)
          : undefined,
    },
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
  type ErrorType = BaseError
}
