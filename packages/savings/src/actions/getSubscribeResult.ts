import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type SubscribeResult, subscribeResult } from '../schemas/records.js'

/**
 * Reads the result of a subscription (GET /api/v2/earn/savings/subscribe-result): `success`, or
 * `fail` with its `msg`.
 *
 * @example
 * import { createSavingsClient, getSubscribeResult } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * await getSubscribeResult(client, { orderId: '2001', periodType: 'flexible' }) // { result: 'success', msg: null }
 */
export async function getSubscribeResult(
  client: ClientBase,
  parameters: getSubscribeResult.Parameters,
  options: CallOptions = {},
): Promise<getSubscribeResult.ReturnType> {
  requireArgument(Savings.getSubscribeResult, parameters, 'object')
  return callEndpoint(client, Savings.getSubscribeResult, parameters, subscribeResult, options)
}

export declare namespace getSubscribeResult {
  /** The query as the rules define it. */
  type Parameters = Savings.getSubscribeResult.Parameters
  /** The record, normalised. */
  type ReturnType = SubscribeResult
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
