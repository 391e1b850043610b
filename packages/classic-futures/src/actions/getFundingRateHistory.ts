import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type FundingHistoryRecord, fundingHistoryRecords } from '../schemas/ledger.js'

/**
 * Reads a symbol's settled funding rates (GET /api/v2/mix/market/history-fund-rate, public),
 * newest first, a page of `pageSize` at `pageNo`.
 *
 * @example
 * import { createClassicFuturesClient, getFundingRateHistory } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const [last] = await getFundingRateHistory(client, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * last?.fundingRate // '0.0005'
 */
export async function getFundingRateHistory(
  client: ClientBase,
  parameters: getFundingRateHistory.Parameters,
  options: CallOptions = {},
): Promise<getFundingRateHistory.ReturnType> {
  requireArgument(ClassicFutures.getHistoryFundRate, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getHistoryFundRate,
    parameters,
    fundingHistoryRecords,
    options,
  )
}

export declare namespace getFundingRateHistory {
  /** `symbol` and `productType` (required), pageSize (1 to 100), pageNo (from 1). */
  type Parameters = ClassicFutures.getHistoryFundRate.Parameters
  /** The settled rates, newest first. */
  type ReturnType = FundingHistoryRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
