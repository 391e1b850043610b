import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { todayExecutions } from '../schemas/orders.js'

/**
 * Reads today's executions (GET /api/v3/stockplus/trade/today-executions), each partial fill its own, of a `symbol` or one `orderId`.
 *
 * @example
 * import { createSecuritiesClient, getTodayExecutions } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getTodayExecutions(client, { orderId: '1001' }) // [{ orderId: '1001', tradeId: '5000000001', quantity: '4', price: '100.1', tradeDoneAt: 1782914400000, ... }]
 */
export async function getTodayExecutions(
  client: ClientBase,
  parameters: getTodayExecutions.Parameters = {},
  options: CallOptions = {},
): Promise<getTodayExecutions.ReturnType> {
  requireArgument(Securities.getTodayExecutions, parameters, 'object')
  return callEndpoint(client, Securities.getTodayExecutions, parameters, todayExecutions, options)
}

export declare namespace getTodayExecutions {
  /** `symbol`, `orderId` (optional). */
  type Parameters = Securities.getTodayExecutions.Parameters
  /** The executions (`tradeDoneAt` in Unix ms, quantity and price as decimal strings). */
  type ReturnType = import('valibot').InferOutput<typeof todayExecutions>
  /** What the call may throw: `ValidationError` before sending, `ApiError`. */
  type ErrorType = ReadErrorType
}
