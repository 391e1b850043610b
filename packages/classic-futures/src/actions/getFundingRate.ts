import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type FundingRateRecord, fundingRateRecords } from '../schemas/ledger.js'

/**
 * Reads the current funding rate of a product type's contracts or of one symbol
 * (GET /api/v2/mix/market/current-fund-rate, public): `fundingRate`, its interval in hours and
 * `nextUpdate`, the next funding time.
 *
 * @example
 * import { createClassicFuturesClient, getFundingRate } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const [btc] = await getFundingRate(client, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * btc?.fundingRateInterval // '8'
 */
export async function getFundingRate(
  client: ClientBase,
  parameters: getFundingRate.Parameters,
  options: CallOptions = {},
): Promise<getFundingRate.ReturnType> {
  requireArgument(ClassicFutures.getCurrentFundRate, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getCurrentFundRate,
    parameters,
    fundingRateRecords,
    options,
  )
}

export declare namespace getFundingRate {
  /** `productType` (required) and symbol. */
  type Parameters = ClassicFutures.getCurrentFundRate.Parameters
  /** The funding of each symbol asked. */
  type ReturnType = FundingRateRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
