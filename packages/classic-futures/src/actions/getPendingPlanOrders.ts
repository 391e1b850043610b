import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type PlanPage, planPage } from '../schemas/plans.js'

/**
 * Reads a page of pending plan orders (GET /api/v2/mix/order/orders-plan-pending) of a product
 * type and plan type (`profit_loss`: every take-profit/stop-loss type): `entrustedList` and
 * `endId`, the next page's `idLessThan`.
 *
 * @example
 * import { createClassicFuturesClient, getPendingPlanOrders } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await getPendingPlanOrders(client, { productType: 'USDT-FUTURES', planType: 'normal_plan' }) // { entrustedList: [], endId: null }
 */
export async function getPendingPlanOrders(
  client: ClientBase,
  parameters: getPendingPlanOrders.Parameters,
  options: CallOptions = {},
): Promise<getPendingPlanOrders.ReturnType> {
  requireArgument(ClassicFutures.getOrdersPlanPending, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getOrdersPlanPending, parameters, planPage, options)
}

export declare namespace getPendingPlanOrders {
  /** The filter: `productType` and `planType` (required), symbol, ids, times, page. */
  type Parameters = ClassicFutures.getOrdersPlanPending.Parameters
  /** A page of pending plan orders. */
  type ReturnType = PlanPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
