import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { executionsPage } from '../schemas/records.js'

/**
 * Reads one page of historical executions (GET /api/v3/stockplus/trade/history-executions): at most 1000 orders, today's not included; {@link iterateExecutions} walks any range.
 *
 * @example
 * import { createSecuritiesClient, getExecutions } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getExecutions(client, { startAt: 1767225600, endAt: 1769904000 }) // { hasMore: false, trades: [...] }
 */
export async function getExecutions(
  client: ClientBase,
  parameters: getExecutions.Parameters = {},
  options: CallOptions = {},
): Promise<getExecutions.ReturnType> {
  requireArgument(Securities.getHistoryExecutions, parameters, 'object')
  return callEndpoint(client, Securities.getHistoryExecutions, parameters, executionsPage, options)
}

export declare namespace getExecutions {
  /** `symbol`, `startAt`, `endAt` (Unix seconds; all optional). */
  type Parameters = Securities.getHistoryExecutions.Parameters
  /** One page: `hasMore` and `trades` (`tradeDoneAt` in Unix ms, quantity and price as decimal strings). */
  type ReturnType = import('valibot').InferOutput<typeof executionsPage>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
