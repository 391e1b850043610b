import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type PlanHistoryPage, planHistoryPage } from '../schemas/plans.js'

/**
 * Reads a page of finished plan orders (GET /api/v2/mix/order/orders-plan-history): executed
 * (with `executeOrderId`, the order placed), failed and cancelled, filtered by `planStatus`.
 *
 * @example
 * import { createClassicFuturesClient, getPlanOrderHistory } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await getPlanOrderHistory(client, { productType: 'USDT-FUTURES', planType: 'normal_plan', planStatus: 'executed' }) // { entrustedList: [], endId: null }
 */
export async function getPlanOrderHistory(
  client: ClientBase,
  parameters: getPlanOrderHistory.Parameters,
  options: CallOptions = {},
): Promise<getPlanOrderHistory.ReturnType> {
  requireArgument(ClassicFutures.getOrdersPlanHistory, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getOrdersPlanHistory,
    parameters,
    planHistoryPage,
    options,
  )
}

export declare namespace getPlanOrderHistory {
  /** The filter: `productType` and `planType` (required), `planStatus`, symbol, ids, times, page. */
  type Parameters = ClassicFutures.getOrdersPlanHistory.Parameters
  /** A page of finished plan orders. */
  type ReturnType = PlanHistoryPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
