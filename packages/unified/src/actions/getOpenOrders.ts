import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import type { Endpoint } from '@tradeline/rules/shared'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type OrderPage, orderPage } from '../schemas/order.js'

/**
 * Reads the account's open orders, newest first, one page at a time
 * (GET /api/v3/trade/unfilled-orders).
 *
 * @example
 * import { createUnifiedClient, getOpenOrders } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const page = await getOpenOrders(client, { category: 'SPOT' })
 * page.list // []
 */
export async function getOpenOrders(
  client: ClientBase,
  parameters: getOpenOrders.Parameters = {},
  options: getOpenOrders.Options = {},
): Promise<getOpenOrders.ReturnType> {
  requireArgument(Unified.getUnfilledOrders, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getUnfilledOrders, parameters, orderPage, options)
}

export declare namespace getOpenOrders {
  type Parameters = Endpoint.InputOf<typeof Unified.getUnfilledOrders>
  type Options = CallOptions
  type ReturnType = OrderPage
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
