import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type PlanSubOrder, planSubOrders } from '../schemas/plans.js'

/**
 * Reads the futures orders a triggered plan order placed (GET /api/v2/mix/order/plan-sub-order):
 * each `orderId` (then readable with `orders.get`), `price`, `type` and `status` (`success`
 * once placed). `planOrderId`, `planType` (`normal_plan` or `track_plan`) and `productType` are
 * required.
 *
 * @example
 * import { createClassicFuturesClient, getPlanSubOrders } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const [placed] = await getPlanSubOrders(client, { planOrderId: '1001', planType: 'normal_plan', productType: 'USDT-FUTURES' })
 * placed?.status // 'success'
 */
export async function getPlanSubOrders(
  client: ClientBase,
  parameters: getPlanSubOrders.Parameters,
  options: CallOptions = {},
): Promise<getPlanSubOrders.ReturnType> {
  requireArgument(ClassicFutures.getPlanSubOrder, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getPlanSubOrder, parameters, planSubOrders, options)
}

export declare namespace getPlanSubOrders {
  /** `planOrderId`, `planType` and `productType`, all required. */
  type Parameters = ClassicFutures.getPlanSubOrder.Parameters
  /** The orders the plan placed (`[]` before it triggers). */
  type ReturnType = PlanSubOrder[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
