import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { todayOrders } from '../schemas/orders.js'

/**
 * Reads today's stock and option orders of every status (GET /api/v3/stockplus/trade/today-orders), filtered by `symbol`, `status` (one or several), `side`, `market` and `orderId`.
 *
 * @example
 * import { createSecuritiesClient, getTodayOrders } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getTodayOrders(client, { symbol: 'AAPL.US', status: ['NewStatus', 'PartialFilledStatus'] }) // [{ orderId: '1001', status: 'NewStatus', ... }]
 */
export async function getTodayOrders(
  client: ClientBase,
  parameters: getTodayOrders.Parameters = {},
  options: CallOptions = {},
): Promise<getTodayOrders.ReturnType> {
  requireArgument(Securities.getTodayOrders, parameters, 'object')
  return callEndpoint(client, Securities.getTodayOrders, parameters, todayOrders, options)
}

export declare namespace getTodayOrders {
  /** `symbol`, `status`, `side`, `market`, `orderId` (all optional). */
  type Parameters = Securities.getTodayOrders.Parameters
  /** The orders, oldest first. */
  type ReturnType = import('valibot').InferOutput<typeof todayOrders>
  /** What the call may throw: `ValidationError` before sending, `ApiError`. */
  type ErrorType = ReadErrorType
}
