import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type SubscribeInfo, subscribeInfo } from '../schemas/records.js'

/**
 * Reads the conditions of subscribing to a savings product (GET /api/v2/earn/savings/subscribe-info):
 * bounds, precisions, times in Unix ms, `apyList` steps as decimal strings and `redeemDelay`
 * parsed (`D+1` is `{ days: 1, raw: 'D+1' }`).
 *
 * @example
 * import { createSavingsClient, getSubscribeInfo } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * await getSubscribeInfo(client, { productId: '1001', periodType: 'flexible' }) // { singleMinAmount: '10', apyList: [{ rateLevel: '1', minStepVal: '0', maxStepVal: '5000', currentApy: '6.00' }], redeemDelay: { days: 1, raw: 'D+1' }, ... }
 */
export async function getSubscribeInfo(
  client: ClientBase,
  parameters: getSubscribeInfo.Parameters,
  options: CallOptions = {},
): Promise<getSubscribeInfo.ReturnType> {
  requireArgument(Savings.getSubscribeInfo, parameters, 'object')
  return callEndpoint(client, Savings.getSubscribeInfo, parameters, subscribeInfo, options)
}

export declare namespace getSubscribeInfo {
  /** The query as the rules define it. */
  type Parameters = Savings.getSubscribeInfo.Parameters
  /** The record, normalised. */
  type ReturnType = SubscribeInfo
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
