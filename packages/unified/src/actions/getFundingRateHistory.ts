import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Market } from '@tradeline/rules/shared'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type FundingHistoryPage, fundingHistoryPage } from '../schemas/ledger.js'

/**
 * Reads a symbol's settled funding rates (GET /api/v3/market/history-fund-rate, public),
 * newest first; `cursor` is a page number (1 to 100), `limit` up to 200.
 *
 * @example
 * import { createUnifiedClient, getFundingRateHistory } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const { resultList } = await getFundingRateHistory(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * resultList[0]?.fundingRateTimestamp // '1754899200000'
 */
export async function getFundingRateHistory(
  client: ClientBase,
  parameters: getFundingRateHistory.Parameters,
  options: getFundingRateHistory.Options = {},
): Promise<getFundingRateHistory.ReturnType> {
  requireArgument(Market.getHistoryFundRate, parameters, 'object', 'parameters')
  return callEndpoint(client, Market.getHistoryFundRate, parameters, fundingHistoryPage, options)
}

export declare namespace getFundingRateHistory {
  /** `category` and `symbol` (required), cursor (a page number), limit. */
  type Parameters = Market.getHistoryFundRate.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `{ resultList }`, newest first. */
  type ReturnType = FundingHistoryPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
