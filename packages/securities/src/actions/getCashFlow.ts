import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { cashFlowList } from '../schemas/moneyRecords.js'

/**
 * Reads the movements of the securities cash (GET /api/v3/stockplus/asset/cash-flow) between
 * `startTime` and `endTime` (Unix seconds, both required): transfers in and out, buys, sells and
 * fees, each with its signed `balance`; `businessType`, `symbol`, `page` and `size` narrow and
 * page the list.
 *
 * @example
 * import { createSecuritiesClient, getCashFlow } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const [latest] = await getCashFlow(client, { startTime: 1767225600, endTime: 1769904000 })
 * latest?.balance // '-600.03'
 */
export async function getCashFlow(
  client: ClientBase,
  parameters: getCashFlow.Parameters,
  options: CallOptions = {},
): Promise<getCashFlow.ReturnType> {
  requireArgument(Securities.getCashFlow, parameters, 'object')
  return callEndpoint(client, Securities.getCashFlow, parameters, cashFlowList, options)
}

export declare namespace getCashFlow {
  /** `startTime`, `endTime` (Unix seconds), `businessType` (`1` cash, `2` stock, `3` fund), `symbol`, `page`, `size`. */
  type Parameters = Securities.getCashFlow.Parameters
  /** The movements, `balance` as a decimal string, `symbol` `null` for a transfer or fee. */
  type ReturnType = import('valibot').InferOutput<typeof cashFlowList>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
