import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Market } from '@tradeline/rules/shared'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type FundingRateRecord, fundingRateRecords } from '../schemas/ledger.js'

/**
 * Reads the current funding rate of a symbol, or of every futures symbol (of `category`) when no
 * `symbol` is given (GET /api/v3/market/current-fund-rate, public): the rate, its interval in
 * hours and `nextUpdate`, the next funding time.
 *
 * @example
 * import { createUnifiedClient, getFundingRate } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const [btc] = await getFundingRate(client, { symbol: 'BTCUSDT' })
 * btc?.fundingRate // '0.000071'
 */
export async function getFundingRate(
  client: ClientBase,
  parameters: getFundingRate.Parameters,
  options: getFundingRate.Options = {},
): Promise<getFundingRate.ReturnType> {
  requireArgument(Market.getCurrentFundRate, parameters, 'object', 'parameters')
  return callEndpoint(client, Market.getCurrentFundRate, parameters, fundingRateRecords, options)
}

export declare namespace getFundingRate {
  /** `symbol` and `category`, both optional (the exchange's newer page). */
  type Parameters = Market.getCurrentFundRate.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The funding of the symbol (one item), or of every futures symbol asked. */
  type ReturnType = FundingRateRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
