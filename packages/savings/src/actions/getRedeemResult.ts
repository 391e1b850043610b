import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type SubscribeResult, subscribeResult } from '../schemas/records.js'

/**
 * Reads the result of a redemption (GET /api/v2/earn/savings/redeem-result): `success`, or `fail` with its `msg` (`null` unless it failed).
 *
 * @example
 * import { createSavingsClient, getRedeemResult } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * await getRedeemResult(client, { orderId: '2002', periodType: 'flexible' }) // { result: 'success', msg: null }
 */
export async function getRedeemResult(
  client: ClientBase,
  parameters: getRedeemResult.Parameters,
  options: CallOptions = {},
): Promise<getRedeemResult.ReturnType> {
  requireArgument(Savings.getRedeemResult, parameters, 'object')
  return callEndpoint(client, Savings.getRedeemResult, parameters, subscribeResult, options)
}

export declare namespace getRedeemResult {
  /** `orderId` (the redemption's) and `periodType`. */
  type Parameters = Savings.getRedeemResult.Parameters
  /** `result` and `msg`. */
  type ReturnType = SubscribeResult
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
