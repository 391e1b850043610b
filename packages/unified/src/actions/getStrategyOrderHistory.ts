import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Strategy } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type StrategyOrderPage, strategyOrderPage } from '../schemas/strategy.js'

/**
 * Reads past strategy orders of a category, optionally of one type (GET /api/v3/trade/history-strategy-orders).
 *
 * @example
 * import { createUnifiedClient, getStrategyOrderHistory } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const page = await getStrategyOrderHistory(client, { category: 'USDT-FUTURES', type: 'tpsl' })
 * page.list // [{ orderId: '5001', clientOid: 'my-tpsl', ... }]
 */
export async function getStrategyOrderHistory(
  client: ClientBase,
  parameters: getStrategyOrderHistory.Parameters,
  options: getStrategyOrderHistory.Options = {},
): Promise<getStrategyOrderHistory.ReturnType> {
  requireArgument(Strategy.getHistoryStrategyOrders, parameters, 'object', 'parameters')
  return callEndpoint(
    client,
    Strategy.getHistoryStrategyOrders,
    parameters,
    strategyOrderPage,
    options,
  )
}

export declare namespace getStrategyOrderHistory {
  /** The query: `category`, optional `type`, symbol, times, `limit`, `cursor`. */
  type Parameters = Strategy.getHistoryStrategyOrders.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** A page of strategy orders. */
  type ReturnType = StrategyOrderPage
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
