import type { ReadErrorType } from '@tradeline/core'
import { sendRequest, validateRequest } from '@tradeline/core'
import { combineSignals } from '@tradeline/core/internal'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type OrderPage, orderPage } from '../schemas/order.js'

/**
 * Reads past orders of a category, one page at a time (GET /api/v3/trade/history-orders); a
 * query spans at most 30 days within the last 90 (checked against the transport's clock).
 *
 * @example
 * import { createUnifiedClient, getOrderHistory } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const page = await getOrderHistory(client, { category: 'SPOT' })
 * page.cursor // null on the last page
 */
export async function getOrderHistory(
  client: ClientBase,
  parameters: getOrderHistory.Parameters,
  options: getOrderHistory.Options = {},
): Promise<getOrderHistory.ReturnType> {
  requireArgument(Unified.getHistoryOrders, parameters, 'object', 'parameters')
  const context = { now: client.transport.clock.now() }
  const request = validateRequest(Unified.getHistoryOrders, parameters, context)
  return sendRequest(client.transport, Unified.getHistoryOrders, request, orderPage, {
    signal: combineSignals(client.config?.signal, options.signal),
  })
}

export declare namespace getOrderHistory {
  /** The query: `category` and optional symbol, times, `limit`, `cursor`. */
  type Parameters = Unified.getHistoryOrders.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** A page of order records. */
  type ReturnType = OrderPage
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
