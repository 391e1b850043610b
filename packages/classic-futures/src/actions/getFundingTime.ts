import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type FundingTime, fundingTimes } from '../schemas/market.js'

/**
 * Reads the next funding settlement of a symbol and its period in hours (GET /api/v2/mix/market/funding-time; public).
 *
 * @example
 * import { createClassicFuturesClient, getFundingTime } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const [next] = await getFundingTime(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' })
 * next?.ratePeriod // '8'
 */
export async function getFundingTime(
  client: ClientBase,
  parameters: getFundingTime.Parameters,
  options: CallOptions = {},
): Promise<getFundingTime.ReturnType> {
  requireArgument(ClassicFutures.getFundingTime, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getFundingTime, parameters, fundingTimes, options)
}

export declare namespace getFundingTime {
  /** `symbol` and `productType` (both required). */
  type Parameters = ClassicFutures.getFundingTime.Parameters
  /** An array of the one symbol’s next funding time. */
  type ReturnType = FundingTime[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
