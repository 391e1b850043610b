import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type VipFeeRateRecord, vipFeeRateRecords } from '../schemas/analytics.js'

/**
 * Reads the futures VIP fee schedule: each level's volume and asset thresholds, taker and maker rates and withdrawal limits (GET /api/v2/mix/market/vip-fee-rate; public).
 *
 * @example
 * import { createClassicFuturesClient, getVipFeeRates } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const levels = await getVipFeeRates(client)
 * levels[0]?.takerFeeRate // '0.0006'
 */
export async function getVipFeeRates(
  client: ClientBase,
  parameters: getVipFeeRates.Parameters = {},
  options: CallOptions = {},
): Promise<getVipFeeRates.ReturnType> {
  requireArgument(ClassicFutures.getVipFeeRate, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getVipFeeRate, parameters, vipFeeRateRecords, options)
}

export declare namespace getVipFeeRates {
  /** None: the endpoint takes no parameter. */
  type Parameters = ClassicFutures.getVipFeeRate.Parameters
  /** A record per VIP level. */
  type ReturnType = VipFeeRateRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
