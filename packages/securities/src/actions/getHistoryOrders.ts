import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { historyOrders } from '../schemas/orders.js'

/**
 * Reads one page of past stock and option orders (GET /api/v3/stockplus/trade/history-orders), before today, filtered by `symbol`, `status`, `side`, `market` and the window `startAt` to `endAt` (Unix seconds).
 *
 * @example
 * import { createSecuritiesClient, getHistoryOrders } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getHistoryOrders(client, { symbol: 'AAPL.US', startAt: 1767225600, endAt: 1769904000 }) // { hasMore: false, orders: [...] }
 */
export async function getHistoryOrders(
  client: ClientBase,
  parameters: getHistoryOrders.Parameters = {},
  options: CallOptions = {},
): Promise<getHistoryOrders.ReturnType> {
  requireArgument(Securities.getHistoryOrders, parameters, 'object')
  return callEndpoint(client, Securities.getHistoryOrders, parameters, historyOrders, options)
}

export declare namespace getHistoryOrders {
  /** `symbol`, `status`, `side`, `market`, `startAt`, `endAt` (all optional). */
  type Parameters = Securities.getHistoryOrders.Parameters
  /** `hasMore` and `orders`. */
  type ReturnType = import('valibot').InferOutput<typeof historyOrders>
  /** What the call may throw: `ValidationError` before sending, `ApiError`. */
  type ErrorType = ReadErrorType
}
