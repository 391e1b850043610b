import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Strategy } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type StrategyOrderPage, strategyOrderPage } from '../schemas/strategy.js'

/**
 * Reads the open strategy orders of a category, optionally of one type (GET /api/v3/trade/unfilled-strategy-orders).
 *
 * @example
 * import { createUnifiedClient, getOpenStrategyOrders } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const page = await getOpenStrategyOrders(client, { category: 'USDT-FUTURES', type: 'tpsl' })
 * page.list // [{ orderId: '5001', clientOid: 'my-tpsl', ... }]
 */
export async function getOpenStrategyOrders(
  client: ClientBase,
  parameters: getOpenStrategyOrders.Parameters,
  options: getOpenStrategyOrders.Options = {},
): Promise<getOpenStrategyOrders.ReturnType> {
  requireArgument(Strategy.getUnfilledStrategyOrders, parameters, 'object', 'parameters')
  return callEndpoint(
    client,
    Strategy.getUnfilledStrategyOrders,
    parameters,
    strategyOrderPage,
    options,
  )
}

export declare namespace getOpenStrategyOrders {
  /** The query: `category`, optional `type`, symbol, times, `limit`, `cursor`. */
  type Parameters = Strategy.getUnfilledStrategyOrders.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** A page of strategy orders. */
  type ReturnType = StrategyOrderPage
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
